import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CustomerContext } from '@/lib/server/context';
import { inboxDeliveries, inboxMessages } from '@/lib/server/db/schema';
import { richTextToPlain } from '@/lib/server/sanitize';
import { containsPattern, ilikeLiteral } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import type { InboxListItem } from '@/lib/inbox/schemas';
import { halfWidthSearch, trimBlank } from '@/lib/zodText';
import { localizedBody, localizedTitle, visibleTo, type InboxLang } from './visibility';


export type { InboxListItem } from '@/lib/inbox/schemas';

export type InboxListQuery = {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Part of the title, as shown in `lang` (matched case-insensitively and literally: `%` and `_` are not wildcards). */
  search?: string;
  lang: InboxLang;
};

export const PREVIEW_LENGTH = 140;
/** Enough of a body for a preview of PREVIEW_LENGTH characters after its markup is stripped. */
const PREVIEW_SOURCE_CHARS = 1_500;

/**
 * `getEmailListSortByIsReadAndSendTime`: the user's messages for its current customer, unread first, then newest
 * (message id as the last tie-breaker, so paging is stable), one page at a time in SQL, with the total.
 */
export async function listMessages({ db, actor: owner }: CustomerContext, query: InboxListQuery): Promise<{ items: InboxListItem[]; total: number }> {
  const title = localizedTitle(query.lang);
  // As every list's search (lib/listQuery.ts): full-width letters, digits and hyphen typed in full-width mode are the
  // plain ones (`ＴＯ－２０２６` finds order TO-2026-…), blank at the ends (a paste's zero-width space) goes.
  const search = query.search === undefined ? undefined : trimBlank(halfWidthSearch(query.search));
  const where = search
    ? and(visibleTo(owner), ilikeLiteral(title, containsPattern(search)))
    : visibleTo(owner);

  const q = db
    .select({
      id: inboxDeliveries.messageId,
      title,
      category: inboxMessages.category,
      sendTime: inboxDeliveries.sendTime,
      isRead: inboxDeliveries.isRead,
      body: sql<string>`left(${localizedBody(query.lang)}, ${PREVIEW_SOURCE_CHARS})`,
      __total: totalCount(),
    })
    .from(inboxDeliveries)
    .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
    .where(where)
    .orderBy(asc(inboxDeliveries.isRead), desc(inboxDeliveries.sendTime), asc(inboxDeliveries.messageId));
  return paginate(
    q,
    query,
    (r): InboxListItem => ({
      id: r.id,
      title: r.title,
      category: r.category,
      sendTime: r.sendTime.toISOString(),
      isRead: r.isRead,
      preview: richTextToPlain(r.body, PREVIEW_LENGTH),
    }),
  );
}
