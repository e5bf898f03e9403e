/**
 * User account maintenance (docs/user-accounts.md): provider staff with user_ac_main_read / _write / _resend /
 * _impexp; and the public one-time links (activation, forgotten password). Declared once (lib/contract).
 */
import { defineContract, download, noBody, output, upload, withBodyLimit } from '@/lib/contract';
import { maintenance, reads, writes } from '@/lib/contract/grants';
import {
  checkLinkSchema,
  createUserSchema,
  exportUsersSchema,
  importUsersFieldsSchema,
  listUsersSchema,
  requestPasswordResetSchema,
  setPasswordByLinkSchema,
  setUserStatusSchema,
  updateUserSchema,
  userIdSchema,
  type ImportUsersResult,
  type LinkInfo,
  type UserDetail,
  type UserFormOptions,
  type UserListResult,
  type UserStatus,
} from './schemas';

/** `_impexp` alone also opens the list (spec §2). */
const LIST = { anyOf: ['user_ac_main_read', 'user_ac_main_write', 'user_ac_main_impexp'] } as const;
const readList = reads(LIST);
const { WRITE, read, write, writeId, edit } = maintenance('user_ac_main_read', 'user_ac_main_write', ['users']);
/**
 * A user at the schema's maximum: 50 customers with 50 groups each and 500 function codes, 6 bytes a character
 * (`maxJsonSize`, __tests__/api/bodyLimit.test.ts): ≈ 608 kB; even plain ASCII is ≈ 110 kB, over the default cap.
 */
const USER_BODY_LIMIT = 640 * 1024;
/** The add and edit forms' choices: open to those who may save them. */
const readForm = reads(WRITE);
const resend = writes({ anyOf: ['user_ac_main_resend'] } as const, ['users.getUser']);
const IMPEXP = { anyOf: ['user_ac_main_impexp'] } as const;

export const usersContract = defineContract('users', {
  listUsers: readList(
    'Provider staff: user accounts { items: [{ id, loginId, name, email, kind, status, customers, groups, mfaEnabled, lastLoginAt, createdAt }], total }. ' +
      'Filter q (login id, name, e-mail), customer (UCP id or name), group (code or name), status[], kind; sort loginId | name | createdAt | lastLoginAt.',
    listUsersSchema,
    output<UserListResult>(),
  ),
  getUser: read(
    'Provider staff: one user account with its customers and the groups held for each. Never a password hash or MFA secret. Unknown: 404.',
    userIdSchema,
    output<UserDetail>(),
  ),
  userFormOptions: readForm('Provider staff: the active customers and groups a user can be given (add and edit forms).', noBody, output<UserFormOptions>()),
  createUser: withBodyLimit(writeId(
    'Provider staff: add a user (status pending) and queue its bilingual activation e-mail with a one-time link (72 hours). ' +
      'Login id unique (409 with fields.loginId); customers and groups must exist and match the kind (400 on links.N). Audited. Answers { id }.',
    createUserSchema,
    ['users', 'customers'],
  ), USER_BODY_LIMIT),
  updateUser: withBodyLimit(edit(
    'Provider staff: edit name, e-mail, language, MFA exemption, customers and their groups. Audited; the user’s next request runs with the new codes (token version + 1 when access is taken away).',
    updateUserSchema,
    ['users', 'customers'],
  ), USER_BODY_LIMIT),
  setUserStatus: write(
    'Provider staff: lock, unlock (also clears a lock-out after failed sign-ins), disable or enable an account. Lock and disable revoke every token (next request 401). Audited.',
    setUserStatusSchema,
    output<{ id: string; status: UserStatus }>(),
  ),
  resetMfa: writeId('Provider staff: turn MFA off and forget the secret (the user enrols again); revokes every token. Audited.', userIdSchema),
  resendActivation: resend(
    'Provider staff: a new activation link for a pending account (older links stop working). 409 ACCOUNT_NOT_PENDING otherwise. Audited.',
    userIdSchema,
    output<{ id: string; expiresAt: string }>(),
  ),
  exportUsers: download({
    summary: 'Provider staff: every user matching the filter as CSV (UTF-8 with BOM) or XLSX, in the columns the import reads.',
    permission: IMPEXP,
    body: exportUsersSchema,
  }),
  importUsers: upload({
    summary:
      'Provider staff: new users from a CSV or XLSX file (columns login_id, name, email, language, user_type, customers, groups). dryRun "true": every row’s errors, nothing saved. ' +
      'dryRun "false": all or nothing (any row error → 400 USER_IMPORT_INVALID, nothing saved); each new user gets its activation e-mail. Audited.',
    permission: IMPEXP,
    body: importUsersFieldsSchema,
    output: output<ImportUsersResult>(),
    invalidates: ['users', 'customers'],
  }),
});

/** The one-time links (activation, password reset): public, the link is the proof. */
const readLink = reads('public');
const writeByLink = writes('public', []);

export const accountLinksContract = defineContract('accountLinks', {
  checkLink: readLink(
    'Public: whether an activation or password-reset link is still usable → { purpose, loginId, expiresAt }; 400 LINK_INVALID otherwise. Rate-limited per address.',
    checkLinkSchema,
    output<LinkInfo>(),
  ),
  setPassword: writeByLink(
    'Public: uses a one-time link once: activation sets the first password and activates the account; reset sets a new password, clears a lock-out and revokes every token. ' +
      'The password rules of lib/auth/passwordRules.ts. 400 LINK_INVALID for an unknown, used or expired link. Rate-limited per address.',
    setPasswordByLinkSchema,
    output<{ loginId: string }>(),
  ),
  requestPasswordReset: writeByLink(
    'Public: "forgot password". Always answers { accepted: true } whether the login id exists or not; an active account gets a reset e-mail (link valid 60 minutes). Rate-limited per address and per login id.',
    requestPasswordResetSchema,
    output<{ accepted: true }>(),
  ),
});
