/**
 * What mail code needs from the process: the public address for links and whether an SMTP server is configured.
 * server.ts registers them from the validated config; tests register their own. Unregistered (scripts, most tests):
 * links point at http://localhost:3000 and mail is kept in the outbox.
 */
export type MailSettings = { publicUrl: string; smtpConfigured: boolean };

const KEY = Symbol.for('print-portal.mail-settings');
type Holder = { [KEY]?: MailSettings };

const DEFAULTS: MailSettings = { publicUrl: 'http://localhost:3000', smtpConfigured: false };

export function registerMailSettings(settings: MailSettings | undefined): void {
  (globalThis as Holder)[KEY] = settings;
}

export function getMailSettings(): MailSettings {
  return (globalThis as Holder)[KEY] ?? DEFAULTS;
}
