/** Outbox statuses (docs/mail.md): the zod enums of the outbox screen and the table's CHECK read this one list. */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'kept'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Mail templates (lib/server/mail/templates.ts renders each). */
export const MAIL_TEMPLATES = ['inbox_message', 'notification', 'account_activation', 'password_reset'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export const MAIL_LOCALES = ['en', 'tc'] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];
