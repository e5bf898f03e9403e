import { and, eq, sql } from 'drizzle-orm';
import type { CustomerContext } from '@/lib/server/context';
import { inboxBroadcasts, inboxDeliveries, inboxMessages } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { escapeHtml, sanitizeRichText } from '@/lib/server/sanitize';
import { localizedBody, localizedTitle, visibleTo, type InboxLang } from './visibility';

import type { InboxMessage } from '@/lib/inbox/schemas';

export type InboxMessageContent = InboxMessage;

const LINK_LABEL = { en: 'Open the page in the portal', tc: '在平台開啟相關頁面' } as const;

/**
 * `getEmailContent`: one message in `lang`, marked read. Idempotent: opening it again changes nothing (the first
 * read time stays). A message that is not the user's for its current customer is NOT_FOUND, whether it exists or not.
 */
export async function openMessage({ db, actor: owner }: CustomerContext, messageId: string, lang: InboxLang): Promise<InboxMessageContent> {
  const [row] = await db
    .select({
      id: inboxDeliveries.messageId,
      title: localizedTitle(lang),
      body: localizedBody(lang),
      category: inboxMessages.category,
      sendTime: inboxDeliveries.sendTime,
      isRead: inboxDeliveries.isRead,
      linkPath: inboxBroadcasts.linkPath,
    })
    .from(inboxDeliveries)
    .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
    .leftJoin(inboxBroadcasts, eq(inboxBroadcasts.messageId, inboxDeliveries.messageId))
    .where(and(visibleTo(owner), eq(inboxDeliveries.messageId, messageId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: 'inbox message not delivered to this user and customer' });

  if (!row.isRead) {
    // `is_read = false` in the condition: two tabs opening it at once both succeed, and the first read time wins.
    await db
      .update(inboxDeliveries)
      .set({ isRead: true, readAt: sql`now()` })
      .where(
        and(
          eq(inboxDeliveries.messageId, messageId),
          eq(inboxDeliveries.userAcUuid, owner.userAcUuid),
          eq(inboxDeliveries.ucpId, owner.ucpId),
          eq(inboxDeliveries.isRead, false),
        ),
      );
  }

  return {
    id: row.id,
    title: row.title,
    // A composed message's portal link (docs/inbox-builder.md) ends the body; the sanitizer keeps only portal paths.
    bodyHtml: sanitizeRichText(row.linkPath ? `${row.body}<p><a href="${escapeHtml(row.linkPath)}">${LINK_LABEL[lang]}</a></p>` : row.body),
    category: row.category,
    sendTime: row.sendTime.toISOString(),
    isRead: true,
  };
}
