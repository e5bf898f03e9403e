import { and, eq, lt, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { ServiceContext } from '@/lib/server/context';
import { outbox } from '@/lib/server/db/schema';

/** What the sender needs of a transport (nodemailer's, or a test double). */
export type MailTransport = {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
  close?(): void;
};

/** An SMTP transport from SMTP_URL (smtp://user:pass@host:port or smtps://…), with short time-outs. */
export function smtpTransport(url: string): MailTransport {
  const transport = nodemailer.createTransport(url, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[1]);
  return {
    sendMail: (m) => transport.sendMail(m),
    close: () => transport.close(),
  };
}

export type RetryPolicy = {
  /** Attempts in all; after the last failure the mail is `failed`. */
  maxAttempts: number;
  /** Wait after the first failure; doubled after each further one, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A `sending` claim older than this (the process died mid-send) is released to `queued` again. */
  staleClaimMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 60_000, maxDelayMs: 3_600_000, staleClaimMs: 10 * 60_000 };

/** Back-off after `attempts` failed attempts: base, 2×base, 4×base… capped. */
export const retryDelayMs = (attempts: number, policy: RetryPolicy = DEFAULT_RETRY): number =>
  Math.min(policy.baseDelayMs * 2 ** Math.max(0, attempts - 1), policy.maxDelayMs);

export type FlushResult = { sent: number; retrying: number; failed: number };

const errorText = (err: unknown): string => {
  const e = err as { message?: string; response?: string };
  return (e.response || e.message || String(err)).replace(/\u0000/g, '').slice(0, 1000);
};

/**
 * Sends the due `queued` mails, at most `batchSize` (docs/mail.md). Rows are claimed in one UPDATE over
 * `FOR UPDATE SKIP LOCKED` (status `sending`), so several instances never send the same mail; each result is written
 * only while the row is still this sender's claim. A failure records its error, counts the attempt and schedules the
 * next one with back-off, or marks the mail `failed` after the last attempt.
 */
export async function flushOutbox(
  ctx: ServiceContext<null>,
  opts: { transport: MailTransport; from: string; batchSize?: number; policy?: RetryPolicy },
): Promise<FlushResult> {
  const policy = opts.policy ?? DEFAULT_RETRY;
  const now = ctx.now();
  // A sender that died mid-send left its claim: release it (the mail may go twice, never zero times).
  await ctx.db
    .update(outbox)
    .set({ status: 'queued', claimedAt: null, nextAttemptAt: now })
    .where(and(eq(outbox.status, 'sending'), lt(outbox.claimedAt, new Date(now.getTime() - policy.staleClaimMs))));

  const claimed = await ctx.db
    .update(outbox)
    .set({ status: 'sending', claimedAt: now })
    .where(
      sql`${outbox.id} in (select ${outbox.id} from ${outbox} where ${outbox.status} = 'queued' and ${outbox.nextAttemptAt} <= ${now.toISOString()}::timestamptz
        order by ${outbox.nextAttemptAt}, ${outbox.id} limit ${opts.batchSize ?? 20} for update skip locked)`,
    )
    .returning();

  const result: FlushResult = { sent: 0, retrying: 0, failed: 0 };
  for (const mail of claimed) {
    // The claim is renewed just before each send, so it goes stale only while one mail is being sent (bounded by the
    // transport's time-outs), not while the batch is: 20 slow sends (a throttling relay) outlasted the 10 minutes,
    // another sender released the mails still waiting here and sent them, and then this one sent them again. A mail
    // that is no longer this sender's claim is left to whoever has it.
    const claimedAt = ctx.now();
    const renewed = await ctx.db
      .update(outbox)
      .set({ claimedAt })
      .where(and(eq(outbox.id, mail.id), eq(outbox.status, 'sending'), eq(outbox.claimedAt, mail.claimedAt ?? now)))
      .returning({ id: outbox.id });
    if (renewed.length === 0) continue;
    const mine = and(eq(outbox.id, mail.id), eq(outbox.status, 'sending'), eq(outbox.claimedAt, claimedAt));
    const attempts = mail.attempts + 1;
    try {
      await opts.transport.sendMail({ from: opts.from, to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody });
      await ctx.db
        .update(outbox)
        .set({ status: 'sent', attempts, sentAt: ctx.now(), lastError: null, nextAttemptAt: null, claimedAt: null })
        .where(mine);
      result.sent += 1;
    } catch (err) {
      const last = attempts >= policy.maxAttempts;
      await ctx.db
        .update(outbox)
        .set({
          status: last ? 'failed' : 'queued',
          attempts,
          lastError: errorText(err),
          nextAttemptAt: last ? null : new Date(ctx.now().getTime() + retryDelayMs(attempts, policy)),
          claimedAt: null,
        })
        .where(mine);
      if (last) result.failed += 1;
      else result.retrying += 1;
      ctx.log?.warn({ outboxId: mail.id, attempts, err: { message: errorText(err) } }, last ? 'mail failed for good' : 'mail failed: will retry');
    }
  }
  return result;
}
