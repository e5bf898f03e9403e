/**
 * Sign-in and session endpoints (spec §7 `login`, `checkToken`, `setCookies`): declared once here, implemented in
 * lib/server/api/login.ts, checkToken.ts and cookies.ts, called by the browser through lib/api/query.ts.
 */
import { defineContract, lazyBody, mutation, noBody, output, query } from '@/lib/contract';
import type {
  MfaEnrolment,
  PreferenceInfo,
  SessionGrant,
  UserCustomer,
} from './schemas';

const schemas = () => import('./schemas');

const PREF_WRITE = { anyOf: ['ac_pref_write'] } as const;

export const loginContract = defineContract('login', {
  authenticate: mutation({
    summary:
      'Sign-in with login id, password and (when MFA is on) a TOTP code → SessionGrant with the API token. For API clients and tests; the browser signs in through next-auth, which calls the same service.',
    permission: 'public',
    body: lazyBody(() => schemas().then((m) => m.authenticateBodySchema)),
    output: output<SessionGrant>(),
  }),
  startSignInMfaEnrolment: mutation({
    summary:
      'Sign-in with forced MFA and no authenticator yet (authenticate answered 401 MFA_ENROL_REQUIRED): login id + password → a new pending secret, otpauth URL and QR code; ' +
      'the next authenticate with a code from the authenticator turns MFA on and signs in. Same throttle, lock-out and answers as authenticate; 409 CONFLICT for an account that need not enrol.',
    permission: 'public',
    body: lazyBody(() => schemas().then((m) => m.signInEnrolmentBodySchema)),
    output: output<MfaEnrolment>(),
  }),
  enableMfa: mutation({
    summary:
      'MFA set-up: `{}` → new pending secret + otpauth URL + QR code; `{ code }` → turns MFA on; `{ disable: true, code }` → turns it off. A preference write: needs ac_pref_write, like the account page.',
    permission: PREF_WRITE,
    body: lazyBody(() => schemas().then((m) => m.enableMfaBodySchema)),
    output: output<MfaEnrolment | { mfaEnabled: boolean }>(),
    // The account page patches its cached profile with the answer (components/account/AccountScreen.tsx).
  }),
  logout: mutation({
    summary: 'Revokes every API token of the user (token version + 1).',
    permission: 'authenticated',
    silent: true,
    body: noBody,
    output: output<{ loggedOut: true }>(),
  }),
  getPreferenceInfo: query({
    summary: "The user's font size (S / M / L) and preferred language.",
    permission: 'authenticated',
    silent: true,
    body: noBody,
    output: output<PreferenceInfo>(),
  }),
  savePreferenceInfo: mutation({
    summary: 'Saves font size and / or preferred language; returns the stored values.',
    permission: PREF_WRITE,
    body: lazyBody(() => schemas().then((m) => m.savePreferenceBodySchema)),
    output: output<PreferenceInfo>(),
    // The account page patches its cached profile with the answer; the session's preference query is refetched.
    invalidates: ['login.getPreferenceInfo'],
  }),
  acceptDisclaimer: mutation({
    summary: 'Records that the user accepted the disclaimer (once; the first time is kept).',
    permission: 'authenticated',
    body: noBody,
    output: output<{ accepted: true }>(),
  }),
  getUcpList: query({
    summary: 'The active customers the user may act for (select-ucp screen).',
    permission: 'authenticated',
    body: noBody,
    output: output<UserCustomer[]>(),
  }),
  selectCustomer: mutation({
    summary:
      "Switches to one of the user's customers → SessionGrant with a token for it (404 for any other customer). For API clients and tests; the browser switches through next-auth's session update.",
    permission: 'authenticated',
    body: lazyBody(() => schemas().then((m) => m.selectCustomerBodySchema)),
    output: output<SessionGrant>(),
  }),
});

export const checkTokenContract = defineContract('checkToken', {
  checkTokenExpiration: query({
    summary: 'Answers when the token is valid (signature, expiry, not revoked); the router answers 401 otherwise.',
    permission: 'authenticated',
    silent: true,
    body: noBody,
    // `functionCodes`: the codes the API grants this token now, so the browser's menu follows a group change at once
    // (components/auth/SessionBootstrap.tsx refreshes the session when they differ from the session's list).
    output: output<{ valid: true; expiresAt: string; functionCodes: string[] }>(),
  }),
});

export const cookiesContract = defineContract('cookies', {
  setCookies: mutation({
    summary: 'Sets display cookies from an allow-list: colorMode (light/dark), fontSize (S/M/L), NEXT_LOCALE (en/tc).',
    permission: 'public',
    path: '/api/setCookies',
    body: lazyBody(() => schemas().then((m) => m.setCookiesBodySchema)),
    output: output<{ set: string[] }>(),
  }),
});
