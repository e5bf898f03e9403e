/**
 * User account maintenance (docs/user-accounts.md): requests and answers shared by the API and the screens
 * (client-safe). A user's id is its `user_ac_uuid` (`{ id }` in requests, `/view/<uuid>` in URLs).
 */
import { z } from 'zod';
import { passwordSchema } from '@/lib/auth/passwordRules';
import { listQuerySchema, searchTextSchema, type ListResult, enumListFilter } from '@/lib/listQuery';
import { msg, zodMessages } from '@/lib/zodMessages';
import { recordIdSchema, text, uuidSchema, versionSchema, trimBlank, trimHalfWidth } from '@/lib/zodText';
import { LANGUAGES, LINK_PURPOSES, USER_KINDS, USER_STATUSES, type LinkPurpose, type UserKind, type UserStatus } from './constants';

export * from './constants';

/** Staff actions on an account's status (each audited, each effective at the user's next request). */
export const USER_STATUS_ACTIONS = ['lock', 'unlock', 'disable', 'enable'] as const;
export type UserStatusAction = (typeof USER_STATUS_ACTIONS)[number];

/**
 * A login id as it is stored and looked up: plain characters (NFKC: `ｃｕｓｔｏｍｅｒ＠ｄｅｍｏ．ｈｋ` typed with a Chinese input
 * method in full-width mode), no blank at the ends (trimBlank: a paste's zero-width space), lower case. Sign-in,
 * "forgot password", the user form and the import all read it so; before, a full-width id was "The login ID or
 * password is incorrect" with the right password, and refused as "format" on the user form (QA).
 */
export const normalizeLoginId = (loginId: string): string => trimBlank(loginId.normalize('NFKC')).toLowerCase();

/** Login ids are stored normalised (normalizeLoginId): letters, digits and `. _ @ + -`, 3–100 characters (e-mail addresses fit). */
export const loginIdSchema = z
  .string()
  .overwrite(normalizeLoginId)
  .regex(/^[a-z0-9][a-z0-9._@+-]{2,99}$/, { error: msg('users:errors.loginIdFormat') });

export const userEmailSchema = z
  .string()
  .overwrite(trimHalfWidth)
  .min(1, zodMessages.required)
  .max(254, zodMessages.maxLength(254))
  .pipe(z.email({ error: zodMessages.email }));

/** The customers a user may act for, each with the groups it holds for that customer (membership is per customer). */
export const userLinkSchema = z.strictObject({
  ucpId: z.string().overwrite(trimBlank).min(1, zodMessages.required).max(20, zodMessages.maxLength(20)),
  groupIds: z.array(uuidSchema).max(50),
});
export type UserLink = z.infer<typeof userLinkSchema>;

export const userFieldsSchema = z.strictObject({
  name: text(100).min(1, zodMessages.required),
  email: userEmailSchema,
  preferredLanguage: z.enum(LANGUAGES),
  /** MFA is never skipped for this user when false ("force MFA"); true exempts it (docs/user-accounts.md). */
  skipMfa: z.boolean(),
  /**
   * "Force MFA": a user without an authenticator must set one up at its next sign-in, and may not turn MFA off
   * (docs/auth.md). Left out: unchanged on edit, off on add. Not together with `skipMfa` (400 on this field).
   */
  mfaRequired: z.boolean().optional(),
  /**
   * Staff only: the customers the staff user looks after, which scope the user list report's `user_list_rpt_read`
   * (`staff_customer_assignments`, docs/user-list-report.md). Left out: unchanged on edit, none on add.
   */
  assignedUcpIds: z
    .array(z.string().overwrite(trimBlank).min(1, zodMessages.required).max(20, zodMessages.maxLength(20)))
    .max(500)
    .optional(),
  links: z
    .array(userLinkSchema)
    .max(50)
    .refine((links) => new Set(links.map((l) => l.ucpId)).size === links.length, { error: msg('users:errors.duplicateCustomer') }),
});
export type UserFields = z.infer<typeof userFieldsSchema>;

export const createUserSchema = userFieldsSchema.extend({ loginId: loginIdSchema, kind: z.enum(USER_KINDS) });
export type CreateUserBody = z.infer<typeof createUserSchema>;
export const updateUserSchema = userFieldsSchema.extend({ id: uuidSchema, version: versionSchema });
export type UpdateUserBody = z.infer<typeof updateUserSchema>;
export const userIdSchema = recordIdSchema;
export const setUserStatusSchema = z.strictObject({ id: uuidSchema, action: z.enum(USER_STATUS_ACTIONS) });

export const USER_SORT_FIELDS = ['loginId', 'name', 'createdAt', 'lastLoginAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const userFilterSchema = z.strictObject({
  /** Login id, name or e-mail, anywhere, case-insensitively. */
  q: searchTextSchema.optional(),
  /** A linked customer's UCP id or name (either language). */
  customer: searchTextSchema.optional(),
  /** A group's code or name (either language). */
  group: searchTextSchema.optional(),
  status: enumListFilter(USER_STATUSES),
  kind: z.enum(USER_KINDS).optional(),
});
export type UserFilter = z.infer<typeof userFilterSchema>;
export const listUsersSchema = listQuerySchema(USER_SORT_FIELDS, userFilterSchema);
export type ListUsersBody = z.infer<typeof listUsersSchema>;

/** A row of the list: the user's own fields as the detail shows them, with its customers' UCP ids and its groups' codes. */
export type UserListItem = Pick<UserDetail, 'id' | 'loginId' | 'name' | 'email' | 'kind' | 'status' | 'mfaEnabled' | 'lastLoginAt' | 'createdAt'> & {
  customers: string[];
  groups: string[];
};
export type UserListResult = ListResult<UserListItem>;

export type UserDetail = UserFields & {
  id: string;
  mfaRequired: boolean;
  assignedUcpIds: string[];
  /** The assigned customers with their names (staff users; [] for customer users). */
  assignedDetails: { ucpId: string; nameEn: string; nameZh: string }[];
  loginId: string;
  kind: UserKind;
  status: UserStatus;
  /** Stored status (pending / active / locked / inactive); `status` above adds the automatic lock-out. */
  storedStatus: UserStatus;
  lockedUntil: string | null;
  failedAttempts: number;
  mfaEnabled: boolean;
  lastLoginAt: string | null;
  passwordChangedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** When the newest unused activation link expires (pending accounts), else null. */
  activationExpiresAt: string | null;
  linkDetails: { ucpId: string; nameEn: string; nameZh: string; groups: { id: string; code: string; nameEn: string; nameZh: string }[] }[];
};

export type UserFormOptions = {
  customers: { id: string; nameEn: string; nameZh: string; isProvider: boolean }[];
  groups: { id: string; code: string; nameEn: string; nameZh: string; kind: UserKind }[];
};

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const exportUsersSchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS),
  filter: userFilterSchema.default({}),
  sort: listUsersSchema.shape.sort,
});

/** The upload's text field: `true` checks the file and answers the preview, `false` imports it (all or nothing). */
export const importUsersFieldsSchema = z.strictObject({ dryRun: z.enum(['true', 'false']) });

export type ImportRowResult = { row: number; loginId: string; errors: string[] };
export type ImportUsersResult = { dryRun: boolean; total: number; valid: number; imported: number; rows: ImportRowResult[] };

/** The columns of the export; the import reads the first seven by name (docs/user-accounts.md). */
export const USER_FILE_COLUMNS = ['login_id', 'name', 'email', 'language', 'user_type', 'customers', 'groups', 'status', 'mfa', 'last_login', 'created_at'] as const;
export const USER_IMPORT_COLUMNS = ['login_id', 'name', 'email', 'language', 'user_type', 'customers', 'groups'] as const;
export const MAX_IMPORT_ROWS = 1000;

const linkTokenSchema = z.string().overwrite(trimBlank).regex(/^[A-Za-z0-9_-]{32,64}$/, { error: msg('error:LINK_INVALID') });
export const checkLinkSchema = z.strictObject({ token: linkTokenSchema, purpose: z.enum(LINK_PURPOSES) });
export type LinkInfo = { purpose: LinkPurpose; loginId: string; expiresAt: string };
export const setPasswordByLinkSchema = z.strictObject({ token: linkTokenSchema, purpose: z.enum(LINK_PURPOSES), password: passwordSchema });
export const requestPasswordResetSchema = z.strictObject({ loginId: z.string().overwrite(trimBlank).min(1, zodMessages.required).max(254, zodMessages.maxLength(254)) });
