/** The outbox (docs/mail.md): provider staff read the mails the portal sent or kept. Declared once (lib/contract). */
import { defineContract, output } from '@/lib/contract';
import { reads } from '@/lib/contract/grants';
import { listOutboxSchema, outboxIdSchema, type OutboxListResult, type OutboxMail } from './schemas';

const READ = { anyOf: ['outbox_read'] } as const;
const read = reads(READ);

export const mailContract = defineContract('mail', {
  listOutbox: read(
    'Provider staff: the outbox, newest first: { items: [{ id, toAddress, subject, template, locale, status, attempts, lastError, createdAt, sentAt, nextAttemptAt }], total }. ' +
      'Filter status[] (queued | sending | sent | failed | kept), q (recipient or subject); sort createdAt | status.',
    listOutboxSchema,
    output<OutboxListResult>(),
  ),
  getOutboxMail: read(
    'Provider staff: one mail with its text and HTML bodies (the screen shows the HTML in a sandboxed frame). The one-time link of an activation or ' +
      'password-reset mail that is not `kept` reads token=[hidden] (linkHidden: true): it went to the recipient alone. Unknown id: 404.',
    outboxIdSchema,
    output<OutboxMail>(),
  ),
});
