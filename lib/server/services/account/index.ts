/** The signed-in user's own account: profile and password change (docs/account.md). */
export { getProfile, type AccountProfile } from './getProfile';
export { changePassword, PASSWORD_CHANGE_RULE, type ChangePasswordInput, type ChangePasswordResult } from './changePassword';
