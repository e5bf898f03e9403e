import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { inboxDeliveries, inboxMessages } from '@/lib/server/db/schema';
import { insertRow, uniq } from '../helpers/fixtures';

export type MessageRow = typeof inboxMessages.$inferSelect;
export type DeliveryRow = typeof inboxDeliveries.$inferSelect;
export type Owner = { userAcUuid: string; ucpId: string };

/** Days before now: delivered messages are visible only once their send time has come. */
export const daysAgo = (days: number): Date => new Date(Date.now() - days * 86_400_000);

/** A sent message (written straight to the table: bodies are NOT sanitized here, so read-side sanitizing is tested). */
export async function createMessage(db: Db, overrides: Partial<typeof inboxMessages.$inferInsert> = {}): Promise<MessageRow> {
  const id = uniq();
  return insertRow(db, inboxMessages, {
    titleEn: `Message ${id}`,
    titleZh: `訊息 ${id}`,
    bodyEn: `<p>Body ${id}</p>`,
    bodyZh: `<p>內容 ${id}</p>`,
    category: 'service',
    status: 'sent',
    sendTime: daysAgo(1),
    ...overrides,
  });
}

export async function deliver(
  db: Db,
  message: Pick<MessageRow, 'id' | 'sendTime'>,
  owner: Owner,
  opts: { isRead?: boolean; sendTime?: Date } = {},
): Promise<DeliveryRow> {
  return insertRow(db, inboxDeliveries, {
    messageId: message.id,
    userAcUuid: owner.userAcUuid,
    ucpId: owner.ucpId,
    sendTime: opts.sendTime ?? message.sendTime ?? daysAgo(1),
    isRead: opts.isRead ?? false,
    readAt: opts.isRead ? daysAgo(0.5) : null,
  });
}

/** A sent message delivered to `owner` in one go. */
export async function sendTo(
  db: Db,
  owner: Owner,
  overrides: Partial<typeof inboxMessages.$inferInsert> = {},
  opts: { isRead?: boolean } = {},
): Promise<MessageRow> {
  const message = await createMessage(db, overrides);
  await deliver(db, message, owner, opts);
  return message;
}

export async function deliveryOf(db: Db, messageId: string, owner: Owner): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(inboxDeliveries)
    .where(
      and(
        eq(inboxDeliveries.messageId, messageId),
        eq(inboxDeliveries.userAcUuid, owner.userAcUuid),
        eq(inboxDeliveries.ucpId, owner.ucpId),
      ),
    );
  return row;
}
