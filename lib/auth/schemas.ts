/**
 * Sign-in, MFA, preferences and display cookies: request schemas and answer shapes shared by the server
 * (lib/server/api/login.ts, cookies.ts) and the browser (lib/auth/contract.ts).
 */
// zod/mini, not zod: these schemas reach every page through the contracts the app shell uses (session check,
// preferences, cookies), and the mini build is a fraction of the classic one in the shared bundle (docs/performance.md).
import { z } from 'zod/mini';

import { FONT_SIZES, LANGUAGES, type FontSize, type PreferredLanguage } from '@/lib/users/constants';
import { plainTotpCode } from './totpCode';

export { FONT_SIZES, LANGUAGES, type FontSize, type PreferredLanguage };

export type PreferenceInfo = { fontSize: FontSize; preferredLanguage: PreferredLanguage };

/**
 * What a successful sign-in (or customer selection, or refresh) hands to next-auth's jwt callback and to API
 * clients. Holds no secret but the API token itself.
 */
export type SessionGrant = {
  userAcUuid: string;
  loginId: string;
  name: string;
  isProviderStaff: boolean;
  skipMfa: boolean;
  mfaEnabled: boolean;
  needsDisclaimer: boolean;
  /** Auto-selected when the user has exactly one active customer; staff always get the provider party. */
  ucpId: string | null;
  customerCount: number;
  jwtToken: string;
  /** Seconds since the epoch, as in the token's `exp`. */
  tokenExp: number;
  /** Codes for (user, ucpId) through active groups; [] while no customer is selected. */
  functionList: { fnCode: string }[];
  fontSize: FontSize;
  preferredLanguage: PreferredLanguage;
};

/** One customer the user may act for, as the select-ucp screen lists it. */
export type UserCustomer = { ucpId: string; nameEn: string; nameZh: string; isProvider: boolean };

export type MfaEnrolment = { otpauthUrl: string; qrDataUrl: string; secret: string };

/** A six-digit TOTP code, read as the sign-in reads one (full-width digits and a middle space allowed: plainTotpCode). */
export const totpCodeSchema = z.string().check(z.maxLength(16), z.overwrite(plainTotpCode), z.regex(/^[0-9]{6}$/, 'six digits'));

export const authenticateBodySchema = z.strictObject({
  loginId: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  // Only bounded here: the password policy applies when a password is set, not when one is typed to sign in.
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  // Checked by the service (a malformed code is simply a wrong code, and counts as one).
  totp: z.optional(z.string().check(z.trim(), z.maxLength(16))),
});

/** The enrolment step of a sign-in with forced MFA: the same credentials as the sign-in, without a code. */
export const signInEnrolmentBodySchema = z.strictObject({
  loginId: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});

export const enableMfaBodySchema = z.union([
  z.strictObject({}),
  z.strictObject({ code: totpCodeSchema }),
  z.strictObject({ disable: z.literal(true), code: totpCodeSchema }),
]);

export const savePreferenceBodySchema = z
  .strictObject({ fontSize: z.optional(z.enum(FONT_SIZES)), preferredLanguage: z.optional(z.enum(LANGUAGES)) })
  .check(z.refine((v) => v.fontSize !== undefined || v.preferredLanguage !== undefined, { message: 'nothing to save' }));

export const selectCustomerBodySchema = z.strictObject({ ucpId: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) });

/**
 * The cookies the browser may ask us to set, and their allowed values. Anything else is a 400. They are read by the
 * inline first-paint script in `_document` (colour mode, font size before React loads) and by Next's locale
 * detection (NEXT_LOCALE), so they cannot be HttpOnly; none of them is a secret or grants anything.
 */
export const COOKIE_SETTINGS = {
  colorMode: ['light', 'dark'],
  fontSize: FONT_SIZES,
  NEXT_LOCALE: LANGUAGES,
} as const;

export const setCookiesBodySchema = z
  .strictObject({
    colorMode: z.optional(z.enum(COOKIE_SETTINGS.colorMode)),
    fontSize: z.optional(z.enum(COOKIE_SETTINGS.fontSize)),
    NEXT_LOCALE: z.optional(z.enum(COOKIE_SETTINGS.NEXT_LOCALE)),
  })
  .check(z.refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'name at least one cookie' }));
