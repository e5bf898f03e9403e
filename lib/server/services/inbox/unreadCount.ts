import { and, eq, sql } from 'drizzle-orm';
import type { CustomerContext } from '@/lib/server/context';
import type { Db } from '@/lib/server/db/types';
import { inboxDeliveries, inboxMessages } from '@/lib/server/db/schema';
import { visibleTo } from './visibility';

/**
 * The header badge asks for this after every sign-in and page load: a named prepared statement, built once per
 * database handle and planned once per connection (docs/performance.md).
 */
function buildUnreadCount(db: Db) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(inboxDeliveries)
    .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
    .where(and(visibleTo({ userAcUuid: sql.placeholder('user'), ucpId: sql.placeholder('ucp') }), eq(inboxDeliveries.isRead, false)))
    .prepare('inbox_unread_count');
}

const prepared = new WeakMap<Db, ReturnType<typeof buildUnreadCount>>();

/** `getEmailUnreadCount`: unread messages of the user for its current customer (the header's badge). */
export async function countUnread({ db, actor: owner }: CustomerContext): Promise<number> {
  let query = prepared.get(db);
  if (!query) {
    query = buildUnreadCount(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ user: owner.userAcUuid, ucp: owner.ucpId });
  return row?.n ?? 0;
}
