import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { inboxDeliveries, inboxMessages } from '@/lib/server/db/schema';
import { visibleTo, type InboxOwner } from './visibility';

/** `getEmailUnreadCount`: unread messages of the user for its current customer (the header's badge). */
export async function countUnread(db: Db, owner: InboxOwner): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inboxDeliveries)
    .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
    .where(and(visibleTo(owner), eq(inboxDeliveries.isRead, false)));
  return row?.n ?? 0;
}
