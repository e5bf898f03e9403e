/** The outbox screen's requests and answers (client-safe: no server import). */
import { z } from 'zod';
import { recordIdSchema } from '@/lib/zodText';
import { listBodySchema, searchStatusFilter, type ListResult } from '@/lib/listQuery';
import { MAIL_LOCALES, MAIL_TEMPLATES, OUTBOX_STATUSES, type MailLocale, type MailTemplate, type OutboxStatus } from './constants';

export const OUTBOX_SORT_FIELDS = ['createdAt', 'status'] as const;
export type OutboxSortField = (typeof OUTBOX_SORT_FIELDS)[number];

export const listOutboxSchema = listBodySchema(OUTBOX_SORT_FIELDS, {
  /** Recipient address or subject, anywhere, case-insensitively. */
  ...searchStatusFilter(OUTBOX_STATUSES),
});
export type ListOutboxBody = z.infer<typeof listOutboxSchema>;

export const outboxIdSchema = recordIdSchema;

export type OutboxListItem = {
  id: string;
  toAddress: string;
  subject: string;
  template: MailTemplate;
  locale: MailLocale;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
};
export type OutboxListResult = ListResult<OutboxListItem>;
export type OutboxMail = OutboxListItem & {
  textBody: string;
  htmlBody: string;
  /** The mail's one-time account link (activation, password reset) is hidden: it went to the recipient alone. */
  linkHidden: boolean;
};

export { MAIL_LOCALES, MAIL_TEMPLATES, OUTBOX_STATUSES };
