import { and, asc, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { ListOutboxBody, OutboxListItem, OutboxMail } from '@/lib/mail/schemas';
import type { ServiceContext } from '@/lib/server/context';
import { outbox } from '@/lib/server/db/schema';
import { containsPattern, ilikeLiteral } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { firstOr404, iso } from '@/lib/server/services/common';
import type { RowOf } from '@/lib/server/db/types';

const listColumns = {
  id: outbox.id,
  toAddress: outbox.toAddress,
  subject: outbox.subject,
  template: outbox.template,
  locale: outbox.locale,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
  nextAttemptAt: outbox.nextAttemptAt,
};

type ListRow = RowOf<typeof listColumns>;

const toItem = (r: ListRow): OutboxListItem => ({
  id: r.id,
  toAddress: r.toAddress,
  subject: r.subject,
  // The table's CHECK constraints hold these to the lists (lib/mail/constants.ts).
  template: r.template,
  locale: r.locale,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  createdAt: r.createdAt.toISOString(),
  sentAt: iso(r.sentAt),
  nextAttemptAt: iso(r.nextAttemptAt),
});

/** The outbox for provider staff, newest first (docs/mail.md). */
export async function listOutbox(ctx: ServiceContext, body: ListOutboxBody) {
  const where: SQL[] = [];
  const f = body.filter ?? {};
  if (f.status?.length) where.push(inArray(outbox.status, f.status));
  const pattern = f.q ? containsPattern(f.q) : null;
  if (pattern) where.push(or(ilikeLiteral(outbox.toAddress, pattern), ilikeLiteral(outbox.subject, pattern))!);
  const dir = body.sort?.direction === 'asc' ? asc : desc;
  const order = body.sort?.field === 'status' ? [dir(outbox.status), desc(outbox.createdAt), asc(outbox.id)] : [dir(outbox.createdAt), asc(outbox.id)];
  const q = ctx.db
    .select({ ...listColumns, __total: totalCount() })
    .from(outbox)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order);
  return paginate(q, body, toItem);
}

export async function getOutboxMail(ctx: ServiceContext, id: string): Promise<OutboxMail> {
  const row = await firstOr404(ctx.db.select().from(outbox).where(eq(outbox.id, id)));
  return { ...toItem(row), textBody: row.textBody, htmlBody: row.htmlBody };
}
