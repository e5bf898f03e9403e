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

/** Templates whose link is a one-time secret: whoever opens it sets the recipient's password. */
const SECRET_LINK_TEMPLATES: ReadonlySet<string> = new Set(['account_activation', 'password_reset']);
/** The link's `token=` value, in the text (`?token=`) and in the HTML (an escaped `&amp;token=` too). */
const TOKEN_VALUE = /([?&](?:amp;)?token=)[^&\s"'<>]+/g;
export const HIDDEN_TOKEN = '[hidden]';

/**
 * One mail. The one-time link of an activation or password-reset mail is hidden unless the mail is `kept` (no mail
 * server: the outbox is the only way it reaches anyone, the demo and a developer read it there). Sent (or being sent)
 * to its recipient, it is theirs alone: staff with `outbox_read` reading it could set the password of any account,
 * one with `all` included, after asking for a reset on the public forgot-password page.
 */
export async function getOutboxMail(ctx: ServiceContext, id: string): Promise<OutboxMail> {
  const row = await firstOr404(ctx.db.select().from(outbox).where(eq(outbox.id, id)));
  const hide = SECRET_LINK_TEMPLATES.has(row.template) && row.status !== 'kept';
  const shown = (body: string) => (hide ? body.replace(TOKEN_VALUE, `$1${HIDDEN_TOKEN}`) : body);
  return { ...toItem(row), textBody: shown(row.textBody), htmlBody: shown(row.htmlBody), linkHidden: hide };
}
