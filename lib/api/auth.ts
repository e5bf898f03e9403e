import { apiPost } from './client';

export type FontSizeCode = 'S' | 'M' | 'L';
export type UcpOption = { ucpId: string; nameEn: string; nameZh: string; isProvider: boolean };
export type MfaEnrolment = { otpauthUrl: string; qrDataUrl: string; secret: string };

/** Silent: runs after sign-in and before deep-link pages (spec §7). */
export const checkTokenExpiration = () =>
  apiPost<{ valid: true; expiresAt: string }>('/api/checkToken/checkTokenExpiration', {}, { silent: true, disableErrorHandler: true });

export const getPreferenceInfo = () => apiPost<{ fontSize: FontSizeCode }>('/api/login/getPreferenceInfo', {}, { silent: true });

export const savePreferenceInfo = (body: { fontSize?: FontSizeCode; preferredLanguage?: 'en' | 'tc' }) =>
  apiPost<{ fontSize: FontSizeCode; preferredLanguage: 'en' | 'tc' }>('/api/login/savePreferenceInfo', body);

export const getLastLoginTime = () => apiPost<{ lastLoginTime: string | null }>('/api/user/getLastLoginTime', {}, { silent: true });

export const getUcpList = () => apiPost<UcpOption[]>('/api/login/getUcpList', {});

export const startMfaEnrolment = () => apiPost<MfaEnrolment>('/api/login/enableMfa', {});
// A wrong code answers 401 MFA_INVALID: the form's own error, not a lost session.
export const confirmMfaEnrolment = (code: string) =>
  apiPost<{ mfaEnabled: boolean }>('/api/login/enableMfa', { code }, { disableErrorHandler: true });
export const disableMfa = (code: string) =>
  apiPost<{ mfaEnabled: boolean }>('/api/login/enableMfa', { disable: true, code }, { disableErrorHandler: true });
