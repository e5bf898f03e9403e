/** The outbox (docs/mail.md): provider staff read the mails the portal sent or kept. Declared once (lib/contract). */
import { defineContract, output, query } from '@/lib/contract';
import { listOutboxSchema, outboxIdSchema, type OutboxListResult, type OutboxMail } from './schemas';

const READ = { anyOf: ['outbox_read'] } as const;

export const mailContract = defineContract('mail', {
  listOutbox: query({
    summary:
      'Provider staff: the outbox, newest first: { items: [{ id, toAddress, subject, template, locale, status, attempts, lastError, createdAt, sentAt, nextAttemptAt }], total }. ' +
      'Filter status[] (queued | sending | sent | failed | kept), q (recipient or subject); sort createdAt | status.',
    permission: READ,
    body: listOutboxSchema,
    output: output<OutboxListResult>(),
  }),
  getOutboxMail: query({
    summary: 'Provider staff: one mail with its text and HTML bodies (the screen shows the HTML in a sandboxed frame). Unknown id: 404.',
    permission: READ,
    body: outboxIdSchema,
    output: output<OutboxMail>(),
  }),
});
