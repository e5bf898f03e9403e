import { and, eq, exists, lte, sql } from 'drizzle-orm';
import type { CustomerContext } from '@/lib/server/context';
import { inboxDeliveries, inboxMessages } from '@/lib/server/db/schema';

/** `markAllAsRead`: every visible unread message of the user for its current customer; returns how many changed. */
export async function markAllAsRead({ db, actor: owner }: CustomerContext): Promise<{ updated: number }> {
  const rows = await db
    .update(inboxDeliveries)
    .set({ isRead: true, readAt: sql`now()` })
    .where(
      and(
        eq(inboxDeliveries.userAcUuid, owner.userAcUuid),
        eq(inboxDeliveries.ucpId, owner.ucpId),
        eq(inboxDeliveries.isRead, false),
        // The same visibility as the list (visibleTo), written for an UPDATE that cannot join: a message scheduled
        // for later, or not sent, stays unread until the user can see it.
        lte(inboxDeliveries.sendTime, sql`now()`),
        exists(
          db
            .select({ one: sql`1` })
            .from(inboxMessages)
            .where(and(eq(inboxMessages.id, inboxDeliveries.messageId), eq(inboxMessages.status, 'sent'))),
        ),
      ),
    )
    .returning({ id: inboxDeliveries.messageId });
  return { updated: rows.length };
}
