/**
 * User account maintenance (docs/user-accounts.md). Every write is audited in its own transaction, and every change
 * reaches the user's next request: the principal query reads status, links and groups live (the identity cache is
 * dropped by the triggers of migration 0006), and a change that takes access away also bumps the token version.
 */
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  CreateUserBody,
  ListUsersBody,
  UpdateUserBody,
  UserDetail,
  UserFields,
  UserFilter,
  UserFormOptions,
  UserKind,
  UserLink,
  UserListItem,
  UserStatus,
  UserStatusAction,
} from '@/lib/users/schemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { customers, staffCustomerAssignments, userAccounts, userCustomers, userGroupMembers, userGroups, userTokens } from '@/lib/server/db/schema';
import { containsPattern } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import { sendActivation } from './links';
import { codesOfGroups, mayGiveAnything, rightsBeyond } from '@/lib/server/services/userGroups/rights';
import { firstOr404, linkedCustomers, lockVersion } from '@/lib/server/services/common';
import type { RowOf } from '@/lib/server/db/types';
import { msg } from '@/lib/zodMessages';

/** Stored status, with an active account inside its automatic lock-out shown as locked. */
const effectiveStatus = sql<UserStatus>`(case when user_accounts.status = 'active' and coalesce(user_accounts.locked_until > now(), false) then 'locked' else user_accounts.status end)`;
const customerIds = sql<string[]>`coalesce((select array_agg(uc.ucp_id order by uc.ucp_id) from user_customers uc where uc.user_ac_uuid = user_accounts.user_ac_uuid), '{}')`;
const groupCodes = sql<string[]>`coalesce((select array_agg(distinct g.code) from user_group_members m join user_groups g on g.id = m.group_id where m.user_ac_uuid = user_accounts.user_ac_uuid), '{}')`;

export function userFilterWhere(f: UserFilter): SQL | undefined {
  const where: SQL[] = [];
  if (f.q) {
    const p = containsPattern(f.q);
    where.push(sql`(user_accounts.login_id ilike ${p} escape '\\' or user_accounts.name ilike ${p} escape '\\' or user_accounts.email ilike ${p} escape '\\')`);
  }
  if (f.customer) {
    const p = containsPattern(f.customer);
    where.push(sql`exists (select 1 from user_customers uc join customers c on c.ucp_id = uc.ucp_id where uc.user_ac_uuid = user_accounts.user_ac_uuid
      and (c.ucp_id ilike ${p} escape '\\' or c.name_en ilike ${p} escape '\\' or c.name_zh ilike ${p} escape '\\'))`);
  }
  if (f.group) {
    const p = containsPattern(f.group);
    where.push(sql`exists (select 1 from user_group_members m join user_groups g on g.id = m.group_id where m.user_ac_uuid = user_accounts.user_ac_uuid
      and (g.code ilike ${p} escape '\\' or g.name_en ilike ${p} escape '\\' or g.name_zh ilike ${p} escape '\\'))`);
  }
  if (f.status?.length) where.push(sql`${effectiveStatus} in (${sql.join(f.status.map((s) => sql`${s}`), sql`, `)})`);
  if (f.kind) where.push(eq(userAccounts.isProviderStaff, f.kind === 'staff'));
  return where.length ? and(...where) : undefined;
}

export function userOrder(sort: ListUsersBody['sort']) {
  const dir = sort?.direction === 'desc' ? desc : asc;
  switch (sort?.field) {
    case 'name':
      return [dir(userAccounts.name), asc(userAccounts.loginId)];
    case 'createdAt':
      return [dir(userAccounts.createdAt), asc(userAccounts.loginId)];
    case 'lastLoginAt':
      return [sort.direction === 'desc' ? sql`${userAccounts.lastLoginAt} desc nulls last` : sql`${userAccounts.lastLoginAt} asc nulls first`, asc(userAccounts.loginId)];
    default:
      return [dir(userAccounts.loginId)];
  }
}

export const userListColumns = {
  id: userAccounts.userAcUuid,
  loginId: userAccounts.loginId,
  name: userAccounts.name,
  email: userAccounts.email,
  isProviderStaff: userAccounts.isProviderStaff,
  status: effectiveStatus,
  customers: customerIds,
  groups: groupCodes,
  mfaEnabled: userAccounts.mfaEnabled,
  preferredLanguage: userAccounts.preferredLanguage,
  lastLoginAt: userAccounts.lastLoginAt,
  createdAt: userAccounts.createdAt,
};

type ListRow = RowOf<typeof userListColumns>;

export const toListItem = (r: ListRow): UserListItem => ({
  id: r.id,
  loginId: r.loginId,
  name: r.name,
  email: r.email,
  kind: r.isProviderStaff ? 'staff' : 'customer',
  status: r.status,
  customers: r.customers,
  groups: [...r.groups].sort(),
  mfaEnabled: r.mfaEnabled,
  lastLoginAt: r.lastLoginAt ? new Date(r.lastLoginAt).toISOString() : null,
  createdAt: new Date(r.createdAt).toISOString(),
});

export async function listUsers(ctx: ServiceContext, body: ListUsersBody) {
  const q = ctx.db
    .select({ ...userListColumns, __total: totalCount() })
    .from(userAccounts)
    .where(userFilterWhere(body.filter ?? {}))
    .orderBy(...userOrder(body.sort));
  return paginate(q, body, toListItem);
}

async function userRow(ctx: ServiceContext, id: string) {
  const row = await firstOr404(ctx.db.select().from(userAccounts).where(eq(userAccounts.userAcUuid, id)).limit(1));
  return row;
}

async function linksOf(ctx: ServiceContext, id: string): Promise<UserLink[]> {
  const [links, members] = await Promise.all([
    ctx.db.select({ ucpId: userCustomers.ucpId }).from(userCustomers).where(eq(userCustomers.userAcUuid, id)).orderBy(asc(userCustomers.ucpId)),
    ctx.db.select({ ucpId: userGroupMembers.ucpId, groupId: userGroupMembers.groupId }).from(userGroupMembers).where(eq(userGroupMembers.userAcUuid, id)),
  ]);
  return links.map((l) => ({ ucpId: l.ucpId, groupIds: members.filter((m) => m.ucpId === l.ucpId).map((m) => m.groupId).sort() }));
}

/** The customers a staff user is assigned to (user list report scope), with their names, by UCP id. */
async function assignmentsOf(ctx: ServiceContext, id: string) {
  return linkedCustomers(ctx.db, staffCustomerAssignments.ucpId, eq(staffCustomerAssignments.staffUserAcUuid, id));
}

export async function getUser(ctx: ServiceContext, id: string): Promise<UserDetail> {
  const row = await userRow(ctx, id);
  const links = await linksOf(ctx, id);
  const assigned = row.isProviderStaff ? await assignmentsOf(ctx, id) : [];
  const [custRows, groupRows, activation] = await Promise.all([
    links.length
      ? ctx.db.select({ ucpId: customers.ucpId, nameEn: customers.nameEn, nameZh: customers.nameZh }).from(customers).where(inArray(customers.ucpId, links.map((l) => l.ucpId)))
      : Promise.resolve([]),
    ctx.db.select({ id: userGroups.id, code: userGroups.code, nameEn: userGroups.nameEn, nameZh: userGroups.nameZh }).from(userGroups),
    ctx.db
      .select({ expiresAt: userTokens.expiresAt })
      .from(userTokens)
      .where(and(eq(userTokens.userAcUuid, id), eq(userTokens.purpose, 'activation'), isNull(userTokens.usedAt), gt(userTokens.expiresAt, ctx.now())))
      .orderBy(desc(userTokens.expiresAt))
      .limit(1),
  ]);
  const lockedOut = row.status === 'active' && row.lockedUntil !== null && row.lockedUntil > ctx.now();
  return {
    id: row.userAcUuid,
    loginId: row.loginId,
    name: row.name,
    email: row.email,
    preferredLanguage: row.preferredLanguage === 'tc' ? 'tc' : 'en',
    skipMfa: row.skipMfa,
    mfaRequired: row.mfaRequired,
    assignedUcpIds: assigned.map((a) => a.ucpId),
    assignedDetails: assigned,
    links,
    kind: row.isProviderStaff ? 'staff' : 'customer',
    status: lockedOut ? 'locked' : (row.status),
    storedStatus: row.status,
    lockedUntil: row.lockedUntil && row.lockedUntil > ctx.now() ? row.lockedUntil.toISOString() : null,
    failedAttempts: row.failedAttempts,
    mfaEnabled: row.mfaEnabled,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    passwordChangedAt: row.passwordChangedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    activationExpiresAt: row.status === 'pending' ? (activation[0]?.expiresAt.toISOString() ?? null) : null,
    linkDetails: links.map((l) => {
      const c = custRows.find((x) => x.ucpId === l.ucpId);
      return {
        ucpId: l.ucpId,
        nameEn: c?.nameEn ?? l.ucpId,
        nameZh: c?.nameZh ?? l.ucpId,
        groups: l.groupIds.map((g) => groupRows.find((x) => x.id === g)).filter((g): g is NonNullable<typeof g> => Boolean(g)),
      };
    }),
  };
}

export async function userFormOptions(ctx: ServiceContext): Promise<UserFormOptions> {
  const [custRows, groupRows] = await Promise.all([
    ctx.db
      .select({ id: customers.ucpId, nameEn: customers.nameEn, nameZh: customers.nameZh, isProvider: customers.isProvider })
      .from(customers)
      .where(eq(customers.status, 'active'))
      .orderBy(desc(customers.isProvider), asc(customers.ucpId)),
    ctx.db
      .select({ id: userGroups.id, code: userGroups.code, nameEn: userGroups.nameEn, nameZh: userGroups.nameZh, groupType: userGroups.groupType })
      .from(userGroups)
      .where(eq(userGroups.status, 'active'))
      .orderBy(asc(userGroups.code)),
  ]);
  return { customers: custRows, groups: groupRows.map((g) => ({ id: g.id, code: g.code, nameEn: g.nameEn, nameZh: g.nameZh, kind: g.groupType === 'provider' ? 'staff' : 'customer' })) };
}

/**
 * Links must name existing active customers of the user's kind (staff: the provider party; customer users: real
 * customers) and groups of the same kind: anything else is a field error on `links.N.*`, the same rule the import
 * applies per row (it calls this with the row's links). A link the user already has (`kept`) may stay when its
 * customer has been deactivated since, as assignments may: otherwise no field of such a user could be saved (QA: a
 * name change was refused with "No active customer has this UCP ID") without deleting the link and its groups.
 * `kind` null (an import row whose user_type is not valid): only that the customers and groups exist is checked.
 * A staff group the user does not have yet (`keptGroups`) must give only rights the actor holds (../userGroups/rights.ts).
 */
export async function checkLinks(
  ctx: ServiceContext,
  kind: UserKind | null,
  links: readonly UserLink[],
  kept: readonly string[] = [],
  keptGroups: readonly string[] = [],
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  if (!links.length) return errors;
  const ucpIds = [...new Set(links.map((l) => l.ucpId))];
  const groupIds = [...new Set(links.flatMap((l) => l.groupIds))];
  const [custRows, groupRows] = await Promise.all([
    ctx.db.select({ ucpId: customers.ucpId, isProvider: customers.isProvider, status: customers.status }).from(customers).where(inArray(customers.ucpId, ucpIds)),
    groupIds.length ? ctx.db.select({ id: userGroups.id, code: userGroups.code, groupType: userGroups.groupType }).from(userGroups).where(inArray(userGroups.id, groupIds)) : Promise.resolve([]),
  ]);
  const givenStaffGroups = groupRows.filter((g) => g.groupType === 'provider' && !keptGroups.includes(g.id)).map((g) => g.id);
  const groupCodes = givenStaffGroups.length && !mayGiveAnything(ctx) ? await codesOfGroups(ctx, givenStaffGroups) : new Map<string, string[]>();
  links.forEach((l, i) => {
    const c = custRows.find((x) => x.ucpId === l.ucpId);
    if (!c || (c.status !== 'active' && !kept.includes(l.ucpId))) errors[`links.${i}.ucpId`] = ['users:errors.customerUnknown'];
    else if (kind && c.isProvider !== (kind === 'staff')) errors[`links.${i}.ucpId`] = [kind === 'staff' ? 'users:errors.staffProviderOnly' : 'users:errors.customerNotProvider'];
    for (const g of l.groupIds) {
      const group = groupRows.find((x) => x.id === g);
      if (!group) errors[`links.${i}.groupIds`] = ['users:errors.groupUnknown'];
      else if (kind && (group.groupType === 'provider') !== (kind === 'staff')) errors[`links.${i}.groupIds`] = ['users:errors.groupKind'];
      else {
        const beyond = rightsBeyond(ctx, groupCodes.get(g) ?? []);
        if (beyond.length) errors[`links.${i}.groupIds`] = [msg('users:errors.groupBeyondRights', { group: group.code, codes: beyond })];
      }
    }
  });
  return errors;
}

/**
 * Staff ↔ customer assignments (user list report scope): only for staff users, only existing non-provider customers
 * (a deactivated one may stay assigned, so its users remain reportable); errors on the `assignedUcpIds` field.
 */
export async function checkAssignments(ctx: ServiceContext, kind: UserKind, ucpIds: readonly string[] | undefined, kept: readonly string[] = []): Promise<Record<string, string[]>> {
  if (!ucpIds?.length) return {};
  if (kind !== 'staff') return { assignedUcpIds: ['users:errors.assignStaffOnly'] };
  const wanted = [...new Set(ucpIds)];
  const rows = await ctx.db.select({ ucpId: customers.ucpId, isProvider: customers.isProvider, status: customers.status }).from(customers).where(inArray(customers.ucpId, wanted));
  const bad = wanted.filter((id) => {
    const c = rows.find((r) => r.ucpId === id);
    return !c || c.isProvider || (c.status !== 'active' && !kept.includes(id));
  });
  return bad.length ? { assignedUcpIds: [msg('users:errors.assignCustomerUnknown', { ids: bad })] } : {};
}

/**
 * A customer user acts for at least one customer: one linked to none was saved and sent its activation e-mail, and
 * could then do nothing at all (QA). Staff act for the provider, which their groups give them.
 */
export const customerLinkRequired = (kind: UserKind | null, links: readonly unknown[]): Record<string, string[]> =>
  kind === 'customer' && links.length === 0 ? { links: ['users:errors.customerRequired'] } : {};

/** MFA cannot be forced and exempted at once. */
const mfaFieldErrors = (f: { skipMfa: boolean; mfaRequired?: boolean }): Record<string, string[]> => (f.mfaRequired && f.skipMfa ? { mfaRequired: ['users:errors.mfaRequiredExempt'] } : {});

/** Replaces the staff user's assignments with `ucpIds` (caller's transaction); answers whether anything changed. */
async function writeAssignments(ctx: ServiceContext, staffUserAcUuid: string, before: readonly string[], ucpIds: readonly string[]): Promise<boolean> {
  const wanted = [...new Set(ucpIds)];
  const removed = before.filter((id) => !wanted.includes(id));
  const added = wanted.filter((id) => !before.includes(id));
  if (removed.length) {
    await ctx.db
      .delete(staffCustomerAssignments)
      .where(and(eq(staffCustomerAssignments.staffUserAcUuid, staffUserAcUuid), inArray(staffCustomerAssignments.ucpId, removed)));
  }
  if (added.length) {
    await ctx.db
      .insert(staffCustomerAssignments)
      .values(added.map((ucpId) => ({ staffUserAcUuid, ucpId, assignedBy: ctx.actor.userAcUuid, assignedAt: ctx.now() })))
      .onConflictDoNothing();
  }
  return removed.length > 0 || added.length > 0;
}

async function writeLinks(ctx: ServiceContext, userAcUuid: string, links: readonly UserLink[]) {
  // Memberships cascade from their link (FK user_group_members_link_fk), so clearing links clears them too.
  await ctx.db.delete(userCustomers).where(eq(userCustomers.userAcUuid, userAcUuid));
  if (!links.length) return;
  await ctx.db.insert(userCustomers).values(links.map((l) => ({ userAcUuid, ucpId: l.ucpId, createdAt: ctx.now() })));
  const members = links.flatMap((l) => [...new Set(l.groupIds)].map((groupId) => ({ groupId, userAcUuid, ucpId: l.ucpId })));
  if (members.length) await ctx.db.insert(userGroupMembers).values(members);
}

const auditFields = (f: Pick<UserFields, 'name' | 'email' | 'preferredLanguage' | 'skipMfa' | 'links'>) => ({
  name: f.name,
  email: f.email,
  preferredLanguage: f.preferredLanguage,
  skipMfa: f.skipMfa,
  links: f.links,
});

export async function loginIdTaken(ctx: ServiceContext, loginId: string): Promise<boolean> {
  const [row] = await ctx.db.select({ id: userAccounts.userAcUuid }).from(userAccounts).where(eq(userAccounts.loginId, loginId)).limit(1);
  return Boolean(row);
}

/** Inserts a pending user with its links and queues its activation e-mail (caller's transaction; no audit). */
export async function insertPendingUser(tx: ServiceContext, body: CreateUserBody): Promise<string | null> {
  const [row] = await tx.db
    .insert(userAccounts)
    .values({
      loginId: body.loginId,
      name: body.name,
      email: body.email,
      preferredLanguage: body.preferredLanguage,
      skipMfa: body.skipMfa,
      mfaRequired: body.mfaRequired ?? false,
      isProviderStaff: body.kind === 'staff',
      status: 'pending',
      createdAt: tx.now(),
      updatedAt: tx.now(),
    })
    .onConflictDoNothing({ target: userAccounts.loginId })
    .returning({ id: userAccounts.userAcUuid });
  if (!row) return null;
  await writeLinks(tx, row.id, body.links);
  if (body.kind === 'staff' && body.assignedUcpIds?.length) await writeAssignments(tx, row.id, [], body.assignedUcpIds);
  await sendActivation(tx, { userAcUuid: row.id, loginId: body.loginId, name: body.name, email: body.email, preferredLanguage: body.preferredLanguage });
  return row.id;
}

const loginIdConflict = () => new AppError('CONFLICT', { message: 'login id taken', fields: { loginId: ['users:errors.loginIdTaken'] } });

export async function createUser(ctx: ServiceContext, body: CreateUserBody): Promise<{ id: string }> {
  const linkErrors = {
    ...customerLinkRequired(body.kind, body.links),
    ...(await checkLinks(ctx, body.kind, body.links)),
    ...(await checkAssignments(ctx, body.kind, body.assignedUcpIds)),
    ...mfaFieldErrors(body),
  };
  if (Object.keys(linkErrors).length) throw new AppError('VALIDATION', { fields: linkErrors, message: 'user links refused' });
  return inTransaction(ctx, async (tx) => {
    const id = await insertPendingUser(tx, body);
    if (!id) throw loginIdConflict();
    await audit(tx, { action: 'create', entity: 'user_account', entityId: id, after: {
        loginId: body.loginId,
        kind: body.kind,
        status: 'pending',
        ...auditFields(body),
        mfaRequired: body.mfaRequired ?? false,
        ...(body.kind === 'staff' ? { assignedUcpIds: [...new Set(body.assignedUcpIds ?? [])].sort() } : {}),
      },
    });
    return { id };
  });
}

/** Whether `after` takes away something `before` gave (a customer, or a group for a customer). */
function takesAway(before: readonly UserLink[], after: readonly UserLink[]): boolean {
  return before.some((b) => {
    const a = after.find((x) => x.ucpId === b.ucpId);
    return !a || b.groupIds.some((g) => !a.groupIds.includes(g));
  });
}

export async function updateUser(ctx: ServiceContext, body: UpdateUserBody): Promise<{ id: string }> {
  const { id, version, ...fields } = body;
  const current = await userRow(ctx, id);
  const kind: UserKind = current.isProviderStaff ? 'staff' : 'customer';
  const currentAssigned = kind === 'staff' ? (await assignmentsOf(ctx, id)).map((a) => a.ucpId) : [];
  const currentLinks = await linksOf(ctx, id);
  const linkErrors = {
    ...customerLinkRequired(kind, fields.links),
    ...(await checkLinks(
      ctx,
      kind,
      fields.links,
      currentLinks.map((l) => l.ucpId),
      currentLinks.flatMap((l) => l.groupIds),
    )),
    ...(await checkAssignments(ctx, kind, fields.assignedUcpIds, currentAssigned)),
    ...mfaFieldErrors({ skipMfa: fields.skipMfa, mfaRequired: fields.mfaRequired ?? current.mfaRequired }),
  };
  if (Object.keys(linkErrors).length) throw new AppError('VALIDATION', { fields: linkErrors, message: 'user links refused' });
  return inTransaction(ctx, async (tx) => {
    const updatedAt = await lockVersion(tx, userAccounts, { id: userAccounts.userAcUuid, updatedAt: userAccounts.updatedAt }, id, version);
    const before = await userRow(tx, id);
    const beforeLinks = await linksOf(tx, id);
    const beforeAssigned = kind === 'staff' ? (await assignmentsOf(tx, id)).map((a) => a.ucpId) : [];
    const mfaRequired = fields.mfaRequired ?? before.mfaRequired;
    // Taking a customer or a group away revokes the user's tokens (a token names its customer); adding does not need to.
    // Forcing MFA on a user without an authenticator ends its sessions too: the next sign-in enrols it.
    const revoke =
      takesAway(beforeLinks, fields.links) || (before.skipMfa && !fields.skipMfa) || (mfaRequired && !before.mfaRequired && !before.mfaEnabled && !fields.skipMfa);
    await tx.db
      .update(userAccounts)
      .set({
        name: fields.name,
        email: fields.email,
        preferredLanguage: fields.preferredLanguage,
        skipMfa: fields.skipMfa,
        mfaRequired,
        updatedAt,
        ...(revoke ? { tokenVersion: sql`${userAccounts.tokenVersion} + 1` } : {}),
      })
      .where(eq(userAccounts.userAcUuid, id));
    await writeLinks(tx, id, fields.links);
    // Assignments apply at once: the report reads them on every request.
    const assigned = kind === 'staff' && fields.assignedUcpIds !== undefined ? [...new Set(fields.assignedUcpIds)].sort() : beforeAssigned;
    if (kind === 'staff' && fields.assignedUcpIds !== undefined) await writeAssignments(tx, id, beforeAssigned, assigned);
    await audit(tx, {
      action: 'update',
      entity: 'user_account',
      entityId: id,
      before: {
        ...auditFields({ name: before.name, email: before.email, preferredLanguage: before.preferredLanguage === 'tc' ? 'tc' : 'en', skipMfa: before.skipMfa, links: beforeLinks }),
        mfaRequired: before.mfaRequired,
        ...(kind === 'staff' ? { assignedUcpIds: beforeAssigned } : {}),
      },
      after: { ...auditFields(fields), mfaRequired, ...(kind === 'staff' ? { assignedUcpIds: assigned } : {}), tokensRevoked: revoke },
    });
    return { id };
  });
}

/**
 * lock: status locked (sign-in refused with ACCOUNT_LOCKED_BY_ADMIN); unlock: active again, and the automatic
 * lock-out and failure count cleared; disable: status inactive; enable: active. Lock and disable revoke every token.
 */
export async function setUserStatus(ctx: ServiceContext, body: { id: string; action: UserStatusAction }): Promise<{ id: string; status: UserStatus }> {
  return inTransaction(ctx, async (tx) => {
    const before = await userRow(tx, body.id);
    if (before.userAcUuid === ctx.actor.userAcUuid && (body.action === 'lock' || body.action === 'disable')) {
      // Named in `fields.action` so the screen says why (it showed CONFLICT's "changed by someone else, refresh").
      throw new AppError('CONFLICT', { message: 'staff cannot lock themselves out', publicMessage: 'You cannot lock or disable your own account', fields: { action: ['users:errors.selfLock'] } });
    }
    if (before.status === 'pending') throw new AppError('CONFLICT', { message: 'pending account: activate or resend first' });
    const next: UserStatus = body.action === 'lock' ? 'locked' : body.action === 'disable' ? 'inactive' : 'active';
    if (body.action === 'unlock' && before.status === 'inactive') throw new AppError('CONFLICT', { message: 'a disabled account is enabled, not unlocked' });
    if (body.action === 'enable' && before.status === 'locked') throw new AppError('CONFLICT', { message: 'a locked account is unlocked, not enabled' });
    const revoke = next !== 'active';
    await tx.db
      .update(userAccounts)
      .set({
        status: next,
        updatedAt: tx.now(),
        ...(body.action === 'unlock' ? { lockedUntil: null, failedAttempts: 0 } : {}),
        ...(revoke ? { tokenVersion: sql`${userAccounts.tokenVersion} + 1` } : {}),
      })
      .where(eq(userAccounts.userAcUuid, body.id));
    await audit(tx, {
      action: body.action,
      entity: 'user_account',
      entityId: body.id,
      before: { status: before.status, lockedUntil: before.lockedUntil?.toISOString() ?? null, failedAttempts: before.failedAttempts },
      after: { status: next, ...(body.action === 'unlock' ? { lockedUntil: null, failedAttempts: 0 } : {}), tokensRevoked: revoke },
    });
    return { id: body.id, status: next };
  });
}

/** MFA off and its secrets forgotten: the user signs in with the password alone and may enrol again. */
export async function resetMfa(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const before = await userRow(tx, id);
    await tx.db
      .update(userAccounts)
      .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaLastTimeStep: null, tokenVersion: sql`${userAccounts.tokenVersion} + 1`, updatedAt: tx.now() })
      .where(eq(userAccounts.userAcUuid, id));
    await audit(tx, { action: 'reset_mfa', entity: 'user_account', entityId: id, before: { mfaEnabled: before.mfaEnabled }, after: { mfaEnabled: false, tokensRevoked: true } });
    return { id };
  });
}

export async function resendActivation(ctx: ServiceContext, id: string): Promise<{ id: string; expiresAt: string }> {
  return inTransaction(ctx, async (tx) => {
    const user = await userRow(tx, id);
    if (user.status !== 'pending') throw new AppError('ACCOUNT_NOT_PENDING');
    const link = await sendActivation(tx, user);
    await audit(tx, { action: 'resend_activation', entity: 'user_account', entityId: id, after: { email: user.email, expiresAt: link.expiresAt.toISOString() } });
    return { id, expiresAt: link.expiresAt.toISOString() };
  });
}
