import { hostname } from 'node:os';
import { and, eq, sql } from 'drizzle-orm';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { inboxBroadcasts, inboxMessages } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { queueMail } from '@/lib/server/mail/queueMail';
import { richTextToPlain } from '@/lib/server/sanitize';
import { recipientsQuery } from './recipients';
import { queryRows } from '@/lib/server/db/rows';
import type { Locale } from '@/lib/i18n/locales';

export const DELIVERY = {
  /** Recipients per transaction. */
  batchSize: 500,
  /** A claim not refreshed for this long (its instance died) may be taken over. */
  staleClaimMs: 10 * 60_000,
} as const;

/** Names this process in `claimed_by`. */
export const instanceId = (): string => `${hostname()}:${process.pid}`;

/**
 * Claims one due message for this instance: status `scheduled`, send time come, not claimed (or claimed by an
 * instance that stopped refreshing its claim). One UPDATE over `FOR UPDATE SKIP LOCKED`: two schedulers never claim
 * the same message.
 */
async function claimNext(ctx: ServiceContext<null>, instance: string, staleMs: number): Promise<string | null> {
  const now = ctx.now();
  const stale = new Date(now.getTime() - staleMs);
  const [claimed] = await queryRows<{ message_id: string }>(ctx.db, sql`
    update inbox_broadcasts set claimed_by = ${instance}, claimed_at = ${now.toISOString()}::timestamptz
    where message_id = (
      select b.message_id from inbox_broadcasts b join inbox_messages m on m.id = b.message_id
      where m.status = 'scheduled' and m.send_time <= ${now.toISOString()}::timestamptz
        and (b.claimed_at is null or b.claimed_at < ${stale.toISOString()}::timestamptz)
      order by m.send_time, b.message_id
      limit 1
      for update of b skip locked)
    returning message_id`);
  return claimed?.message_id ?? null;
}

/** Refreshes this instance's claim; false when another instance took the message over. */
async function stillMine(db: Db, messageId: string, instance: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(inboxBroadcasts)
    .set({ claimedAt: now })
    .where(and(eq(inboxBroadcasts.messageId, messageId), eq(inboxBroadcasts.claimedBy, instance)))
    .returning({ id: inboxBroadcasts.messageId });
  return rows.length === 1;
}

/**
 * Delivers one claimed message in batches: each batch inserts up to `batchSize` deliveries not made yet (the
 * deliveries' primary key makes a second insert of the same recipient impossible) and queues the e-mail of each
 * delivery it actually inserted, in one transaction that first refreshes the claim. Finally the message becomes `sent`,
 * so every recipient sees it at once.
 */
async function deliverClaimed(ctx: ServiceContext<null>, messageId: string, instance: string, batchSize: number): Promise<number | null> {
  const [msg] = await ctx.db
    .select({
      audience: inboxBroadcasts.audience,
      notify: inboxBroadcasts.notifyByEmail,
      sendTime: inboxMessages.sendTime,
      titleEn: inboxMessages.titleEn,
      titleZh: inboxMessages.titleZh,
      bodyEn: inboxMessages.bodyEn,
      bodyZh: inboxMessages.bodyZh,
    })
    .from(inboxBroadcasts)
    .innerJoin(inboxMessages, eq(inboxMessages.id, inboxBroadcasts.messageId))
    .where(eq(inboxBroadcasts.messageId, messageId));
  if (!msg || !msg.sendTime) return null;
  const previewEn = richTextToPlain(msg.bodyEn);
  const previewZh = richTextToPlain(msg.bodyZh);
  const recipients = recipientsQuery(messageId, msg.audience);
  const sendTime = msg.sendTime.toISOString();

  for (;;) {
    const done = await inTransaction(ctx, async (tx) => {
      if (!(await stillMine(tx.db, messageId, instance, tx.now()))) return 'lost' as const;
      const inserted = await queryRows<{ user_ac_uuid: string; ucp_id: string }>(
        tx.db,
        sql`
          insert into inbox_deliveries (message_id, user_ac_uuid, ucp_id, send_time, delivered_at)
          select ${messageId}::uuid, r.user_ac_uuid, r.ucp_id, ${sendTime}::timestamptz, ${tx.now().toISOString()}::timestamptz
          from (${recipients}) r
          where not exists (select 1 from inbox_deliveries d where d.message_id = ${messageId}::uuid and d.user_ac_uuid = r.user_ac_uuid and d.ucp_id = r.ucp_id)
          order by r.user_ac_uuid, r.ucp_id
          limit ${batchSize}
          on conflict do nothing
          returning user_ac_uuid, ucp_id`,
      );
      if (inserted.length > 0 && msg.notify) {
        // Who wants a mail: active, with an address, and not turned off (user_mail_preferences; no row = yes).
        const wanting = await queryRows<{ user_ac_uuid: string; email: string; preferred_language: Locale }>(
          tx.db,
          sql`
            select u.user_ac_uuid, u.email, u.preferred_language from user_accounts u
            left join user_mail_preferences p on p.user_ac_uuid = u.user_ac_uuid
            where u.user_ac_uuid in (${sql.join([...new Set(inserted.map((r) => r.user_ac_uuid))].map((id) => sql`${id}::uuid`), sql`, `)})
              and u.status = 'active' and u.email <> '' and coalesce(p.inbox_email, true)`,
        );
        const byUser = new Map(wanting.map((w) => [w.user_ac_uuid, w]));
        for (const r of inserted) {
          const user = byUser.get(r.user_ac_uuid);
          if (!user) continue;
          await queueMail(tx, {
            to: user.email,
            template: 'inbox_message',
            locale: user.preferred_language,
            data: { ucpId: r.ucp_id, messageId, titleEn: msg.titleEn, titleZh: msg.titleZh, previewEn, previewZh },
          });
        }
      }
      return inserted.length < batchSize ? ('done' as const) : ('more' as const);
    });
    if (done === 'lost') return null;
    if (done === 'done') break;
  }

  return inTransaction(ctx, async (tx) => {
    if (!(await stillMine(tx.db, messageId, instance, tx.now()))) return null;
    await tx.db
      .update(inboxMessages)
      .set({ status: 'sent', updatedAt: tx.now() })
      .where(and(eq(inboxMessages.id, messageId), eq(inboxMessages.status, 'scheduled')));
    const [count] = await queryRows<{ n: number }>(tx.db, sql`select count(*)::int as n from inbox_deliveries where message_id = ${messageId}::uuid`);
    const n = count?.n ?? 0;
    await tx.db
      .update(inboxBroadcasts)
      .set({ recipients: n, deliveredAt: tx.now(), claimedBy: null, claimedAt: null })
      .where(eq(inboxBroadcasts.messageId, messageId));
    return n;
  });
}

/**
 * The `inbox-deliver` job: delivers every due scheduled message, one claim at a time (docs/inbox-builder.md).
 * Answers the messages it delivered with their recipient counts.
 */
export async function dispatchDueMessages(
  ctx: ServiceContext<null>,
  opts: { instance?: string; batchSize?: number; staleClaimMs?: number; max?: number } = {},
): Promise<{ messageId: string; recipients: number }[]> {
  const instance = opts.instance ?? instanceId();
  const delivered: { messageId: string; recipients: number }[] = [];
  for (let i = 0; i < (opts.max ?? 100); i += 1) {
    const id = await claimNext(ctx, instance, opts.staleClaimMs ?? DELIVERY.staleClaimMs);
    if (!id) break;
    const n = await deliverClaimed(ctx, id, instance, opts.batchSize ?? DELIVERY.batchSize);
    if (n !== null) delivered.push({ messageId: id, recipients: n });
  }
  return delivered;
}
