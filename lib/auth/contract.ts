/**
 * Sign-in and session endpoints (spec §7 `login`, `checkToken`, `setCookies`): declared once here, implemented in
 * lib/server/api/login.ts, checkToken.ts and cookies.ts, called by the browser through lib/api/query.ts.
 */
import { defineContract, lazyBodies, mutation, noBody, output } from '@/lib/contract';
import { reads, writes } from '@/lib/contract/grants';
import type {
  MfaEnrolment,
  PreferenceInfo,
  SessionGrant,
  UserCustomer,
} from './schemas';

const schema = lazyBodies(() => import('./schemas'));

const PREF_WRITE = { anyOf: ['ac_pref_write'] } as const;
/** The sign-in steps: public; what they answer becomes the session, nothing cached to refetch. */
const signIn = writes('public', []);
/** The account page patches its cached profile with the answer (components/account/AccountScreen.tsx). */
const writePreference = writes(PREF_WRITE, []);
const readSession = reads('authenticated');
const readSessionQuietly = reads('authenticated', { silent: true });
const writeSession = writes('authenticated', []);

export const loginContract = defineContract('login', {
  authenticate: signIn(
    'Sign-in with login id, password and (when MFA is on) a TOTP code → SessionGrant with the API token. For API clients and tests; the browser signs in through next-auth, which calls the same service.',
    schema('authenticateBodySchema'),
    output<SessionGrant>(),
  ),
  startSignInMfaEnrolment: signIn(
    'Sign-in with forced MFA and no authenticator yet (authenticate answered 401 MFA_ENROL_REQUIRED): login id + password → a new pending secret, otpauth URL and QR code; ' +
      'the next authenticate with a code from the authenticator turns MFA on and signs in. Same throttle, lock-out and answers as authenticate; 409 CONFLICT for an account that need not enrol.',
    schema('signInEnrolmentBodySchema'),
    output<MfaEnrolment>(),
  ),
  enableMfa: writePreference(
    'MFA set-up: `{}` → new pending secret + otpauth URL + QR code; `{ code }` → turns MFA on; `{ disable: true, code }` → turns it off. A preference write: needs ac_pref_write, like the account page.',
    schema('enableMfaBodySchema'),
    output<MfaEnrolment | { mfaEnabled: boolean }>(),
  ),
  logout: mutation({
    summary: 'Revokes every API token of the user (token version + 1).',
    permission: 'authenticated',
    silent: true,
    body: noBody,
    output: output<{ loggedOut: true }>(),
  }),
  getPreferenceInfo: readSessionQuietly("The user's font size (S / M / L) and preferred language.", noBody, output<PreferenceInfo>()),
  // The account page patches its cached profile with the answer; the session's preference query is refetched.
  savePreferenceInfo: writePreference(
    'Saves font size and / or preferred language; returns the stored values.',
    schema('savePreferenceBodySchema'),
    output<PreferenceInfo>(),
    ['login.getPreferenceInfo'],
  ),
  acceptDisclaimer: writeSession('Records that the user accepted the disclaimer (once; the first time is kept).', noBody, output<{ accepted: true }>()),
  getUcpList: readSession('The active customers the user may act for (select-ucp screen).', noBody, output<UserCustomer[]>()),
  selectCustomer: writeSession(
    "Switches to one of the user's customers → SessionGrant with a token for it (404 for any other customer). For API clients and tests; the browser switches through next-auth's session update.",
    schema('selectCustomerBodySchema'),
    output<SessionGrant>(),
  ),
});

export const checkTokenContract = defineContract('checkToken', {
  // `functionCodes`: the codes the API grants this token now, so the browser's menu follows a group change at once
  // (components/auth/SessionBootstrap.tsx refreshes the session when they differ from the session's list).
  checkTokenExpiration: readSessionQuietly(
    'Answers when the token is valid (signature, expiry, not revoked); the router answers 401 otherwise.',
    noBody,
    output<{ valid: true; expiresAt: string; functionCodes: string[] }>(),
  ),
});

export const cookiesContract = defineContract('cookies', {
  setCookies: mutation({
    summary: 'Sets display cookies from an allow-list: colorMode (light/dark), fontSize (S/M/L), NEXT_LOCALE (en/tc).',
    permission: 'public',
    path: '/api/setCookies',
    body: schema('setCookiesBodySchema'),
    output: output<{ set: string[] }>(),
  }),
});
