import { z } from 'zod/mini';

/**
 * The password policy for new passwords (activation, change, reset), shared by the server (lib/server/auth/password.ts
 * re-exports `passwordSchema`) and the browser (strength hints and form validation on the account page), so the two
 * can never disagree. Messages are keys of the `error` namespace: the client shows them translated.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** Any letter of any script (a Chinese character counts), and any decimal digit (full-width ones too). */
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

export type PasswordRuleKey = 'password_too_short' | 'password_too_long' | 'password_needs_letter' | 'password_needs_digit';

export type PasswordRule = { key: PasswordRuleKey; test: (password: string) => boolean };

/** In the order the hints list them. Lengths count UTF-16 code units, as zod's `min` / `max` do. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { key: 'password_too_short', test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { key: 'password_too_long', test: (p) => p.length <= PASSWORD_MAX_LENGTH },
  { key: 'password_needs_letter', test: (p) => LETTER.test(p) },
  { key: 'password_needs_digit', test: (p) => DIGIT.test(p) },
];

/**
 * Each rule with whether `password` meets it (the strength hints tick them off as the user types). Nothing typed yet
 * meets no rule: an empty field must not show "at most 128 characters" as met.
 */
export const checkPasswordRules = (password: string): { key: PasswordRuleKey; ok: boolean }[] =>
  PASSWORD_RULES.map((r) => ({ key: r.key, ok: password.length > 0 && r.test(password) }));

/** Every rule is reported, not just the first, so the user sees all that is missing at once. */
export const passwordSchema = z.string().check(
  z.minLength(PASSWORD_MIN_LENGTH, { message: 'password_too_short' }),
  z.maxLength(PASSWORD_MAX_LENGTH, { message: 'password_too_long' }),
  z.regex(LETTER, { message: 'password_needs_letter' }),
  z.regex(DIGIT, { message: 'password_needs_digit' }),
);

export type Password = z.infer<typeof passwordSchema>;
