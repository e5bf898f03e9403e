/** Sign-in and session services, called by the API route table and by next-auth (pages/api/auth/[...nextauth].ts). */
export { authenticate, startSignInEnrolment, type AuthenticateInput } from './authenticate';
export { buildGrant, listUserCustomers, functionCodesFor, type SessionGrant, type UserCustomer, type FontSize, type PreferredLanguage } from './grant';
export { acceptDisclaimer, logout, refreshGrant, revokeTokens, selectCustomer, selectCustomerFor } from './session';
export { confirmMfaEnrolment, disableMfa, startMfaEnrolment, type MfaEnrolment } from './mfaEnrolment';
export { LOCK_MINUTES, LOCK_THRESHOLD, IP_RULE, LOGIN_ID_RULE, MFA_RULE } from './lockout';
