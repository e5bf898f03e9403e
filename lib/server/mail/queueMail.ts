import type { Actor, ServiceContext } from '@/lib/server/context';
import { outbox } from '@/lib/server/db/schema';
import { wakeJob } from '@/lib/server/jobs/registry';
import type { MailLocale, MailTemplate } from '@/lib/mail/constants';
import { getMailSettings } from './settings';
import { renderMail, type MailData } from './templates';

export type QueueMailInput<T extends MailTemplate> = {
  to: string;
  template: T;
  /** The recipient's preferred language: its part comes first. */
  locale: MailLocale;
  data: MailData[T];
};

/**
 * Renders a mail and puts it in the outbox, in the caller's transaction (pass the transaction's context): a rolled
 * back change sends nothing. With SMTP configured the mail is `queued` and the sender job is woken (it also runs every
 * minute, so a mail committed after the wake-up is still sent); without SMTP it is `kept` for staff to read.
 */
export async function queueMail<T extends MailTemplate>(ctx: ServiceContext<Actor | null>, input: QueueMailInput<T>): Promise<{ id: string }> {
  const settings = getMailSettings();
  const rendered = renderMail(input.template, input.data, input.locale, settings.publicUrl);
  const [row] = await ctx.db
    .insert(outbox)
    .values({
      toAddress: input.to,
      locale: input.locale,
      subject: rendered.subject,
      textBody: rendered.text,
      htmlBody: rendered.html,
      template: input.template,
      status: settings.smtpConfigured ? 'queued' : 'kept',
      nextAttemptAt: settings.smtpConfigured ? ctx.now() : null,
      createdAt: ctx.now(),
    })
    .returning({ id: outbox.id });
  if (settings.smtpConfigured) wakeJob('mail-send');
  return { id: row!.id };
}
