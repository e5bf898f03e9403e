import { useSessionErrorStore } from '@/store/sessionErrorStore';
import type { FontSizeCode } from './auth';
import { apiPost } from './client';
import type { ApiResult } from './types';

export type AccountProfile = {
  loginId: string;
  name: string;
  email: string;
  fontSize: FontSizeCode;
  preferredLanguage: 'en' | 'tc';
  mfaEnabled: boolean;
  skipMfa: boolean;
  /** ISO time of the sign-in before the current one; null on a first sign-in. */
  lastLoginTime: string | null;
  passwordChangedAt: string | null;
  isProviderStaff: boolean;
};

export type ChangePasswordResult = { jwtToken: string; tokenExp: number; passwordChangedAt: string };

export const getProfile = () => apiPost<AccountProfile>('/api/account/getProfile', {});

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  apiPost<ChangePasswordResult>('/api/account/changePassword', body);

/**
 * The enableMfa endpoint answers a wrong code with 401 MFA_INVALID: that is the form's error, not an ended session, so
 * these calls keep the global 401 handler out of it and raise the session dialog themselves for any other 401.
 */
async function mfaCall<T>(body: object): Promise<ApiResult<T>> {
  const result = await apiPost<T>('/api/login/enableMfa', body, { disableErrorHandler: true });
  if (!result.ok && result.error.status === 401 && result.error.code !== 'MFA_INVALID') {
    useSessionErrorStore.getState().raise(result.error.code);
  }
  return result;
}

export const confirmMfaCode = (code: string) => mfaCall<{ mfaEnabled: boolean }>({ code });
export const disableMfaWithCode = (code: string) => mfaCall<{ mfaEnabled: boolean }>({ disable: true, code });
