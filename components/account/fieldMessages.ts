/** The part of i18next's `t` these helpers need. */
export type Translate = (key: string) => string;

/**
 * Field messages come from three places: the shared password policy and the server (bare `error` namespace keys such
 * as `password_too_short`), the page's own client checks (full keys such as `account:account.validation.required`) and,
 * rarely, zod's own English defaults from the server, which are never shown as such.
 */
export function fieldMessage(t: Translate, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.includes(':')) return t(message);
  if (/^password_[a-z_]+$/.test(message)) return t(`error:${message}`);
  return t('error:VALIDATION');
}
