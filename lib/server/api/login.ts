import { z } from 'zod';
import {
  acceptDisclaimer,
  authenticate,
  confirmMfaEnrolment,
  disableMfa,
  listUserCustomers,
  logout,
  selectCustomerFor,
  startMfaEnrolment,
} from '@/lib/server/services/auth';
import { FONT_SIZES, LANGUAGES, getPreferenceInfo, savePreferenceInfo } from '@/lib/server/services/preferences/preferenceInfo';
import { defineHandler } from './defineHandler';

/** A six-digit TOTP code. */
const codeSchema = z.string().regex(/^\d{6}$/, 'six digits');

export const authenticateBodySchema = z.strictObject({
  loginId: z.string().trim().min(1).max(254),
  // Only bounded here: the password policy applies when a password is set, not when one is typed to sign in.
  password: z.string().min(1).max(1024),
  // Checked by the service (a malformed code is simply a wrong code, and counts as one).
  totp: z.string().trim().max(16).optional(),
});

export const enableMfaBodySchema = z.union([
  z.strictObject({}),
  z.strictObject({ code: codeSchema }),
  z.strictObject({ disable: z.literal(true), code: codeSchema }),
]);

export const savePreferenceBodySchema = z
  .strictObject({ fontSize: z.enum(FONT_SIZES).optional(), preferredLanguage: z.enum(LANGUAGES).optional() })
  .refine((v) => v.fontSize !== undefined || v.preferredLanguage !== undefined, { message: 'nothing to save' });

export const loginRoutes = {
  '/api/login/authenticate': defineHandler({
    summary: 'Sign-in with login id, password and (when MFA is on) a TOTP code → SessionGrant with the API token. For API clients and tests; the browser signs in through next-auth, which calls the same service.',
    permission: 'public',
    body: authenticateBodySchema,
    handler: ({ db, config, body, clientIp }) => authenticate(db, config, { ...body, clientIp }),
  }),

  '/api/login/enableMfa': defineHandler({
    summary: 'MFA set-up: `{}` → new pending secret + otpauth URL + QR code; `{ code }` → turns MFA on; `{ disable: true, code }` → turns it off. A preference write: needs ac_pref_write, like the account page.',
    permission: { anyOf: ['ac_pref_write'] },
    body: enableMfaBodySchema,
    handler: async ({ db, body, principal }) => {
      const userAcUuid = principal.userAcUuid;
      if ('disable' in body) return disableMfa(db, { userAcUuid, code: body.code });
      if ('code' in body) return confirmMfaEnrolment(db, { userAcUuid, code: body.code });
      return startMfaEnrolment(db, { userAcUuid });
    },
  }),

  '/api/login/logout': defineHandler({
    summary: 'Revokes every API token of the user (token version + 1).',
    permission: 'authenticated',
    body: z.strictObject({}),
    handler: async ({ db, principal }) => {
      await logout(db, { userAcUuid: principal.userAcUuid });
      return { loggedOut: true };
    },
  }),

  '/api/login/getPreferenceInfo': defineHandler({
    summary: "The user's font size (S / M / L) and preferred language.",
    permission: 'authenticated',
    body: z.strictObject({}),
    handler: ({ db, principal }) => getPreferenceInfo(db, principal.userAcUuid),
  }),

  '/api/login/savePreferenceInfo': defineHandler({
    summary: 'Saves font size and / or preferred language; returns the stored values.',
    permission: { anyOf: ['ac_pref_write'] },
    body: savePreferenceBodySchema,
    handler: ({ db, principal, body }) => savePreferenceInfo(db, principal.userAcUuid, body),
  }),

  '/api/login/acceptDisclaimer': defineHandler({
    summary: 'Records that the user accepted the disclaimer (once; the first time is kept).',
    permission: 'authenticated',
    body: z.strictObject({}),
    handler: async ({ db, principal }) => {
      await acceptDisclaimer(db, { userAcUuid: principal.userAcUuid });
      return { accepted: true };
    },
  }),

  '/api/login/getUcpList': defineHandler({
    summary: 'The active customers the user may act for (select-ucp screen).',
    permission: 'authenticated',
    body: z.strictObject({}),
    handler: ({ db, principal }) => listUserCustomers(db, principal.userAcUuid, principal.isProviderStaff),
  }),

  '/api/login/selectCustomer': defineHandler({
    summary: 'Switches to one of the user\'s customers → SessionGrant with a token for it (404 for any other customer). For API clients and tests; the browser switches through next-auth\'s session update.',
    permission: 'authenticated',
    body: z.strictObject({ ucpId: z.string().trim().min(1).max(64) }),
    handler: ({ db, config, principal, body }) => selectCustomerFor(db, config, principal.userAcUuid, body.ucpId),
  }),
};
