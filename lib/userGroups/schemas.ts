/**
 * User group maintenance (docs/user-groups.md): requests and answers shared by the API and the screens (client-safe).
 * A group is addressed by its uuid (`{ id }`); its code is its unique name, entered once.
 */
import { z } from 'zod';
import type { CustomerRef } from '@/lib/customers/schemas';
import { listBodySchema, searchTextSchema, type ListResult, enumListFilter } from '@/lib/listQuery';
import { FUNCTION_CODES, type FunctionCode } from '@/lib/permissions/codes';
import { msg, zodMessages } from '@/lib/zodMessages';
import { required, text, versionSchema, trimHalfWidth } from '@/lib/zodText';
import { GROUP_KINDS, GROUP_STATUSES, type GroupKind, type GroupStatus } from './constants';

export * from './constants';

/** `CUST_VIEWER`: upper-case letters, digits and `_`, 3–40; stored upper-cased; typed in full-width mode, read half-width (NFKC). */
export const groupCodeSchema = z
  .string()
  .overwrite(trimHalfWidth)
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9_]{2,39}$/, { error: msg('userGroups:errors.codeFormat') });

export const groupIdSchema = z.strictObject({ id: z.uuid() });

export const groupFieldsSchema = z.strictObject({
  nameEn: required(100),
  nameZh: required(100),
  description: text(500),
  kind: z.enum(GROUP_KINDS),
  codes: z
    .array(z.enum(FUNCTION_CODES))
    .max(FUNCTION_CODES.length)
    .refine((codes) => new Set(codes).size === codes.length, { error: zodMessages.invalid }),
});
export type GroupFields = z.infer<typeof groupFieldsSchema>;

export const createGroupSchema = groupFieldsSchema.extend({ code: groupCodeSchema });
export type CreateGroupBody = z.infer<typeof createGroupSchema>;
export const updateGroupSchema = groupFieldsSchema.extend({ id: z.uuid(), version: versionSchema });
export type UpdateGroupBody = z.infer<typeof updateGroupSchema>;

export const setGroupStatusSchema = z.strictObject({ id: z.uuid(), status: z.enum(GROUP_STATUSES) });

/**
 * A member's login id and UCP id as typed: one typed in full-width mode (`ｋａ．ｙａｎ＠ｅｘａｍｐｌｅ．ｈｋ`) is read as its plain
 * characters (NFKC), as sign-in and the user form read it; it was "No user has this login ID" (QA).
 */
const loginIdSchema = z
  .string()
  .overwrite(trimHalfWidth)
  .toLowerCase()
  .min(1, zodMessages.required)
  .max(254, zodMessages.maxLength(254));
/** A customer's UCP id as typed (matched case-insensitively: UCP100001 = ucp100001). */
const ucpIdSchema = z
  .string()
  .overwrite(trimHalfWidth)
  .min(1, zodMessages.required)
  .max(40, zodMessages.maxLength(40));

/** Give a user the group for one of its customers (membership is per user and customer). */
export const addMemberSchema = z.strictObject({ id: z.uuid(), loginId: loginIdSchema, ucpId: ucpIdSchema });
export type AddMemberBody = z.infer<typeof addMemberSchema>;
export const removeMemberSchema = z.strictObject({ id: z.uuid(), userId: z.uuid(), ucpId: ucpIdSchema });
export type RemoveMemberBody = z.infer<typeof removeMemberSchema>;

export const GROUP_SORT_FIELDS = ['code', 'nameEn', 'createdAt'] as const;
export const listGroupsSchema = listBodySchema(GROUP_SORT_FIELDS, {
  /** Code or name (either language), anywhere, case-insensitively. */
  q: searchTextSchema.optional(),
  kind: enumListFilter(GROUP_KINDS),
  status: enumListFilter(GROUP_STATUSES),
});
export type ListGroupsBody = z.infer<typeof listGroupsSchema>;

/** What the list and the detail both show of a group. */
export type GroupSummary = {
  id: string;
  code: string;
  nameEn: string;
  nameZh: string;
  kind: GroupKind;
  status: GroupStatus;
  createdAt: string;
};

export type GroupListItem = GroupSummary & { codeCount: number; memberCount: number };
export type GroupListResult = ListResult<GroupListItem>;

export type GroupMember = { userId: string; loginId: string; name: string; userStatus: string } & CustomerRef;

export type GroupDetail = GroupSummary & {
  description: string;
  codes: FunctionCode[];
  members: GroupMember[];
  updatedAt: string;
};
