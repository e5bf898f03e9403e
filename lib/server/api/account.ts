import { z } from 'zod';
import { passwordSchema } from '@/lib/server/auth/password';
import { changePassword, getProfile } from '@/lib/server/services/account';
import { defineHandler } from './defineHandler';

export const changePasswordBodySchema = z.strictObject({
  // Only bounded: the policy applies to new passwords, and an old one may predate it.
  currentPassword: z.string().min(1).max(1024),
  // Field messages are `error` namespace keys (password_too_short, …): the account page shows them translated.
  newPassword: passwordSchema,
});

export const accountRoutes = {
  '/api/account/getProfile': defineHandler({
    summary:
      "The caller's profile for the account page: login id, name, email, font size, preferred language, MFA on / skipped, previous sign-in, last password change, staff flag. Never a hash or secret.",
    permission: { anyOf: ['ac_pref_read'] },
    body: z.strictObject({}),
    handler: ({ db, principal }) => getProfile(db, principal.userAcUuid),
  }),

  '/api/account/changePassword': defineHandler({
    summary:
      '`{ currentPassword, newPassword }` → `{ jwtToken, tokenExp, passwordChangedAt }`. Current password must verify (400 `fields.currentPassword`), the new one meets the policy and differs (400 `fields.newPassword`); revokes every token of the user (token version + 1) and returns a fresh one for the same customer. 5 tries per user per 15 min (429).',
    permission: { anyOf: ['ac_pref_write'] },
    body: changePasswordBodySchema,
    handler: ({ db, config, principal, body, traceId }) =>
      changePassword(db, config, {
        userAcUuid: principal.userAcUuid,
        ucpId: principal.ucpId,
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        traceId,
      }),
  }),
};
