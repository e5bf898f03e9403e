/**
 * An authenticator code as the user typed it → the plain digits the check compares: full-width digits (a Chinese
 * input method in full-width mode types `１２３４５６`) in their ASCII forms (NFKC), and the space authenticator apps show
 * in the middle (`123 456`, also the ideographic one) dropped. Shared by the sign-in form, the account page's MFA card,
 * the enableMfa body schema and the server's check (lib/server/services/auth/totp.ts), so all four read a code alike.
 * No zod here: the sign-in page loads this.
 */
export const plainTotpCode = (typed: string): string => typed.normalize('NFKC').replace(/\s+/g, '');

/** Six digits, once made plain. */
export const isTotpCode = (typed: string): boolean => /^[0-9]{6}$/.test(plainTotpCode(typed));

/** What a code field lets through: six digits and one space between the groups (`123 456`, pasted from an app). */
export const TOTP_INPUT_MAX_LENGTH = 7;
