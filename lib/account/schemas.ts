/** The account page (docs/account.md): request schemas and answer shapes shared by the server and the browser. */
import { z } from 'zod/mini';
import { passwordSchema } from '@/lib/auth/passwordRules';
import type { FontSize, PreferredLanguage } from '@/lib/auth/schemas';

/** What the account page shows about the signed-in user. Built field by field: no hash or MFA secret can ride along. */
export type AccountProfile = {
  loginId: string;
  name: string;
  email: string;
  fontSize: FontSize;
  preferredLanguage: PreferredLanguage;
  mfaEnabled: boolean;
  /** Forced by staff ("Force two-step verification"): the user cannot turn it off (enableMfa answers 409). */
  mfaRequired: boolean;
  skipMfa: boolean;
  /** The sign-in before the current one (as /api/user/getLastLoginTime), ISO; null on a first sign-in. */
  lastLoginTime: string | null;
  /** ISO; null when the password was never changed since the account was activated. */
  passwordChangedAt: string | null;
  isProviderStaff: boolean;
};

export type ChangePasswordResult = { jwtToken: string; tokenExp: number; passwordChangedAt: string };

export const changePasswordBodySchema = z.strictObject({
  // Only bounded: the policy applies to new passwords, and an old one may predate it.
  currentPassword: z.string().check(z.minLength(1), z.maxLength(1024)),
  // Field messages are `error` namespace keys (password_too_short, …): the account page shows them translated.
  newPassword: passwordSchema,
});
