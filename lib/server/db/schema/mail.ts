import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { MAIL_LOCALES, MAIL_TEMPLATES, OUTBOX_STATUSES } from '@/lib/mail/constants';
import { uuidPk, createdAt, inList } from './columns';

/**
 * Every e-mail the portal sends, rendered when it is queued (docs/mail.md). With SMTP_URL a sender job claims due
 * `queued` rows (`sending`), sends them and marks them `sent`, or records the error and the next attempt (back-off)
 * and finally `failed`. Without SMTP_URL a mail is `kept`: it stays here for provider staff to read
 * (/admin-controls/outbox).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuidPk(),
    toAddress: text('to_address').notNull(),
    /** The recipient's preferred language: its part comes first in the bilingual mail. */
    locale: text('locale', { enum: MAIL_LOCALES }).notNull().default('en'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    template: text('template', { enum: MAIL_TEMPLATES }).notNull(),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a `queued` mail may be (re)tried; null for kept, sent and failed mails. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** When a sender claimed it (`sending`): a claim older than the stale limit is released again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_status_chk', sql`${t.status} in ${inList(OUTBOX_STATUSES)}`),
    check('outbox_locale_chk', sql`${t.locale} in ${inList(MAIL_LOCALES)}`),
    check('outbox_template_chk', sql`${t.template} in ${inList(MAIL_TEMPLATES)}`),
    check('outbox_attempts_chk', sql`${t.attempts} >= 0`),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_idx').on(t.createdAt.desc(), t.id),
  ],
);
