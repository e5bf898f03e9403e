/** The account page's endpoints (spec §7 `account`): declared once here, implemented in lib/server/api/account.ts. */
import { defineContract, mutation, noBody, output, query } from '@/lib/contract';
import { changePasswordBodySchema, type AccountProfile, type ChangePasswordResult } from './schemas';

export const accountContract = defineContract('account', {
  getProfile: query({
    summary:
      "The caller's profile for the account page: login id, name, email, font size, preferred language, MFA on / skipped, previous sign-in, last password change, staff flag. Never a hash or secret.",
    // One's own profile: every signed-in user (the account page opens to all for the password; issue 10 item 4).
    permission: 'authenticated',
    body: noBody,
    output: output<AccountProfile>(),
  }),
  changePassword: mutation({
    summary:
      '`{ currentPassword, newPassword }` → `{ jwtToken, tokenExp, passwordChangedAt }`. Current password must verify (400 `fields.currentPassword`), the new one meets the policy and differs (400 `fields.newPassword`); revokes every token of the user (token version + 1) and returns a fresh one for the same customer. 5 tries per user per 15 min (429).',
    // Changing one's own password is always allowed to a signed-in user; ac_pref_write gates the preferences only.
    permission: 'authenticated',
    body: changePasswordBodySchema,
    output: output<ChangePasswordResult>(),
    // Nothing to refetch: every token of the user is void until the session takes the new one; the account page
    // patches its cached profile with passwordChangedAt instead.
  }),
});
