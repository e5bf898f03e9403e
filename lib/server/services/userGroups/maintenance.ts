/**
 * User group maintenance (docs/user-groups.md). Codes and membership are read live by the principal query on every
 * request (lib/server/auth/principal.ts) and every write here fires the identity triggers of migration 0006, so a
 * change applies to each member's next request on every instance. A group with members is never deleted: it is
 * emptied or disabled.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { codeAllowedFor } from '@/lib/userGroups/codeAreas';
import type {
  AddMemberBody,
  CreateGroupBody,
  GroupDetail,
  GroupKind,
  GroupListItem,
  GroupStatus,
  ListGroupsBody,
  RemoveMemberBody,
  UpdateGroupBody,
} from '@/lib/userGroups/schemas';
import type { FunctionCode } from '@/lib/permissions/codes';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { customers, userAccounts, userCustomers, userGroupFunctions, userGroupMembers, userGroups } from '@/lib/server/db/schema';
import { containsPattern, ilikeLiteral } from '@/lib/server/db/like';
import { keyedOrder, outerColumn, paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import { firstOr404, lockVersion, switchStatus } from '@/lib/server/services/common';
import { msg } from '@/lib/zodMessages';
import { codesOfGroups, rightsBeyond } from './rights';

const memberCount = sql<number>`(select count(*)::int from user_group_members m where m.group_id = ${outerColumn(userGroups.id)})`;
const codeCount = sql<number>`(select count(*)::int from user_group_functions f where f.group_id = ${outerColumn(userGroups.id)})`;

/** What the list and the detail both show of a group. */
const groupOf = (r: Pick<typeof userGroups.$inferSelect, 'id' | 'code' | 'nameEn' | 'nameZh' | 'groupType' | 'status'>) => ({
  id: r.id,
  code: r.code,
  nameEn: r.nameEn,
  nameZh: r.nameZh,
  kind: r.groupType,
  status: r.status,
});

export async function listGroups(ctx: ServiceContext, body: ListGroupsBody) {
  const where: SQL[] = [];
  const f = body.filter ?? {};
  if (f.kind?.length) where.push(inArray(userGroups.groupType, f.kind));
  if (f.status?.length) where.push(inArray(userGroups.status, f.status));
  const pattern = f.q ? containsPattern(f.q) : null;
  if (pattern) where.push(or(ilikeLiteral(userGroups.code, pattern), ilikeLiteral(userGroups.nameEn, pattern), ilikeLiteral(userGroups.nameZh, pattern))!);
  const order = keyedOrder(body.sort, { code: userGroups.code, nameEn: userGroups.nameEn, createdAt: userGroups.createdAt }, 'code', userGroups.code);
  const q = ctx.db
    .select({
      id: userGroups.id,
      code: userGroups.code,
      nameEn: userGroups.nameEn,
      nameZh: userGroups.nameZh,
      groupType: userGroups.groupType,
      status: userGroups.status,
      createdAt: userGroups.createdAt,
      memberCount,
      codeCount,
      __total: totalCount(),
    })
    .from(userGroups)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order);
  return paginate(q, body, (r): GroupListItem => ({
    ...groupOf(r),
    codeCount: r.codeCount,
    memberCount: r.memberCount,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function groupRow(ctx: ServiceContext, id: string) {
  const row = await firstOr404(ctx.db.select().from(userGroups).where(eq(userGroups.id, id)));
  return row;
}

async function codesOf(ctx: ServiceContext, id: string): Promise<FunctionCode[]> {
  const rows = await ctx.db.select({ code: userGroupFunctions.fnCode }).from(userGroupFunctions).where(eq(userGroupFunctions.groupId, id)).orderBy(asc(userGroupFunctions.fnCode));
  return rows.map((r) => r.code as FunctionCode);
}

export async function getGroup(ctx: ServiceContext, id: string): Promise<GroupDetail> {
  const row = await groupRow(ctx, id);
  const [codes, members] = await Promise.all([
    codesOf(ctx, id),
    ctx.db
      .select({
        userId: userAccounts.userAcUuid,
        loginId: userAccounts.loginId,
        name: userAccounts.name,
        userStatus: userAccounts.status,
        ucpId: customers.ucpId,
        customerNameEn: customers.nameEn,
        customerNameZh: customers.nameZh,
      })
      .from(userGroupMembers)
      .innerJoin(userAccounts, eq(userAccounts.userAcUuid, userGroupMembers.userAcUuid))
      .innerJoin(customers, eq(customers.ucpId, userGroupMembers.ucpId))
      .where(eq(userGroupMembers.groupId, id))
      .orderBy(asc(userAccounts.loginId), asc(customers.ucpId)),
  ]);
  return {
    ...groupOf(row),
    description: row.description,
    codes,
    members,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function assertCodesFit(kind: GroupKind, codes: readonly string[]) {
  const wrong = codes.filter((c) => !codeAllowedFor(kind, c));
  if (wrong.length) {
    throw new AppError('VALIDATION', { message: `staff-only codes in a customer group: ${wrong.join(', ')}`, fields: { codes: ['userGroups:errors.staffCodesInCustomerGroup'] } });
  }
}

/** Members of the other kind (customer users in a staff group or staff in a customer group) block a kind change. */
async function assertMembersFit(ctx: ServiceContext, id: string, kind: GroupKind) {
  const [misfit] = await ctx.db
    .select({ one: sql`1` })
    .from(userGroupMembers)
    .innerJoin(userAccounts, eq(userAccounts.userAcUuid, userGroupMembers.userAcUuid))
    .where(and(eq(userGroupMembers.groupId, id), eq(userAccounts.isProviderStaff, kind === 'customer')))
    .limit(1);
  if (misfit) throw new AppError('CONFLICT', { message: 'members of the other kind', fields: { kind: ['userGroups:errors.kindHasMembers'] } });
}

/** A provider group given codes the actor does not hold (beyond those it had: `kept`) is refused on its codes (./rights.ts). */
function assertWithinRights(ctx: ServiceContext, kind: GroupKind, codes: readonly string[], kept: readonly string[] = []) {
  if (kind !== 'provider') return;
  const beyond = rightsBeyond(
    ctx,
    codes.filter((c) => !kept.includes(c)),
  );
  if (beyond.length) throw new AppError('VALIDATION', { message: `codes beyond the actor's: ${beyond.join(', ')}`, fields: { codes: [msg('userGroups:errors.codesBeyondRights', { codes: beyond })] } });
}

async function setCodes(ctx: ServiceContext, id: string, codes: readonly string[]) {
  await ctx.db.delete(userGroupFunctions).where(eq(userGroupFunctions.groupId, id));
  if (codes.length) await ctx.db.insert(userGroupFunctions).values(codes.map((fnCode) => ({ groupId: id, fnCode })));
}

export async function createGroup(ctx: ServiceContext, body: CreateGroupBody): Promise<{ id: string }> {
  assertCodesFit(body.kind, body.codes);
  assertWithinRights(ctx, body.kind, body.codes);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(userGroups)
      .values({ code: body.code, nameEn: body.nameEn, nameZh: body.nameZh, description: body.description, groupType: body.kind, status: 'active' })
      .onConflictDoNothing({ target: userGroups.code })
      .returning();
    if (!row) throw new AppError('CONFLICT', { message: 'group code taken', fields: { code: ['userGroups:errors.codeTaken'] } });
    await setCodes(tx, row.id, body.codes);
    await audit(tx, { action: 'create', entity: 'user_group', entityId: row.id, after: { ...body, codes: [...body.codes].sort() } });
    return { id: row.id };
  });
}

export async function updateGroup(ctx: ServiceContext, body: UpdateGroupBody): Promise<{ id: string }> {
  assertCodesFit(body.kind, body.codes);
  return inTransaction(ctx, async (tx) => {
    const updatedAt = await lockVersion(tx, userGroups, userGroups, body.id, body.version);
    const before = await groupRow(tx, body.id);
    const beforeCodes = await codesOf(tx, body.id);
    if (before.groupType !== body.kind) await assertMembersFit(tx, body.id, body.kind);
    // Codes the group gave staff already may stay; a customer group turned into a staff group gives all of its anew.
    assertWithinRights(ctx, body.kind, body.codes, before.groupType === 'provider' ? beforeCodes : []);
    await tx.db
      .update(userGroups)
      .set({ nameEn: body.nameEn, nameZh: body.nameZh, description: body.description, groupType: body.kind, updatedAt })
      .where(eq(userGroups.id, body.id));
    await setCodes(tx, body.id, body.codes);
    await audit(tx, {
      action: 'update',
      entity: 'user_group',
      entityId: body.id,
      before: { nameEn: before.nameEn, nameZh: before.nameZh, description: before.description, kind: before.groupType, codes: beforeCodes },
      after: { nameEn: body.nameEn, nameZh: body.nameZh, description: body.description, kind: body.kind, codes: [...body.codes].sort() },
    });
    return { id: body.id };
  });
}

export async function setGroupStatus(ctx: ServiceContext, body: { id: string; status: GroupStatus }) {
  return switchStatus(ctx, {
    ...body,
    entity: 'user_group',
    action: (s) => (s === 'inactive' ? 'disable' : 'enable'),
    current: (tx) => groupRow(tx, body.id),
    write: (tx) => tx.db.update(userGroups).set({ status: body.status, updatedAt: tx.now() }).where(eq(userGroups.id, body.id)),
  });
}

/** Only an empty group is deleted; the row lock keeps a member from being added between the check and the delete. */
export async function deleteGroup(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const row = await firstOr404(tx.db.select().from(userGroups).where(eq(userGroups.id, id)).for('update'));
    const [used] = await tx.db.select({ n: sql<number>`count(*)::int` }).from(userGroupMembers).where(eq(userGroupMembers.groupId, id));
    if ((used?.n ?? 0) > 0) throw new AppError('GROUP_IN_USE', { message: `group has ${used!.n} member(s)` });
    const codes = await codesOf(tx, id);
    await tx.db.delete(userGroups).where(eq(userGroups.id, id));
    await audit(tx, { action: 'delete', entity: 'user_group', entityId: id, before: { code: row.code, nameEn: row.nameEn, nameZh: row.nameZh, kind: row.groupType, status: row.status, codes } });
    return { id };
  });
}

/**
 * A user's memberships are part of its record as the staff user form saves it (`links[].groupIds`), so a membership
 * added or removed here makes the user's edit form stale: locks the user row (before the membership changes, in the
 * order a user save takes it) and, once something changed, moves its `updated_at` (at least 1 ms on), so a form
 * opened before answers 409 RECORD_CHANGED instead of undoing the change on save.
 */
async function lockUser(ctx: ServiceContext, userAcUuid: string): Promise<void> {
  await ctx.db.select({ id: userAccounts.userAcUuid }).from(userAccounts).where(eq(userAccounts.userAcUuid, userAcUuid)).for('no key update');
}
async function touchUser(ctx: ServiceContext, userAcUuid: string): Promise<void> {
  await ctx.db
    .update(userAccounts)
    .set({ updatedAt: sql`greatest(${ctx.now().toISOString()}::timestamptz, ${userAccounts.updatedAt} + interval '1 millisecond')` })
    .where(eq(userAccounts.userAcUuid, userAcUuid));
}

export async function addGroupMember(ctx: ServiceContext, body: AddMemberBody): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    // Locks the group row: a concurrent delete waits, and then sees the member.
    const group = await firstOr404(tx.db.select().from(userGroups).where(eq(userGroups.id, body.id)).for('update'));
    const [user] = await tx.db.select().from(userAccounts).where(eq(userAccounts.loginId, body.loginId));
    if (!user) throw new AppError('VALIDATION', { message: 'no such user', fields: { loginId: ['userGroups:errors.userUnknown'] } });
    if (user.isProviderStaff !== (group.groupType === 'provider')) {
      throw new AppError('VALIDATION', { message: 'user of the other kind', fields: { loginId: [group.groupType === 'provider' ? 'userGroups:errors.userNotStaff' : 'userGroups:errors.userIsStaff'] } });
    }
    if (group.groupType === 'provider') {
      const beyond = rightsBeyond(ctx, (await codesOfGroups(tx, [group.id])).get(group.id) ?? []);
      if (beyond.length) throw new AppError('VALIDATION', { message: 'group beyond the actor\'s rights', fields: { loginId: [msg('userGroups:errors.memberBeyondRights', { codes: beyond })] } });
    }
    const [link] = await tx.db
      .select({ ucpId: userCustomers.ucpId })
      .from(userCustomers)
      .where(and(eq(userCustomers.userAcUuid, user.userAcUuid), sql`upper(${userCustomers.ucpId}) = upper(${body.ucpId})`));
    if (!link) throw new AppError('VALIDATION', { message: 'user not linked to the customer', fields: { ucpId: ['userGroups:errors.notLinked'] } });
    await lockUser(tx, user.userAcUuid);
    const inserted = await tx.db
      .insert(userGroupMembers)
      .values({ groupId: body.id, userAcUuid: user.userAcUuid, ucpId: link.ucpId })
      .onConflictDoNothing()
      .returning();
    if (inserted.length) {
      await touchUser(tx, user.userAcUuid);
      await audit(tx, { action: 'add_member', entity: 'user_group', entityId: body.id, after: { userAcUuid: user.userAcUuid, loginId: user.loginId, ucpId: link.ucpId } });
    }
    return { id: body.id };
  });
}

export async function removeGroupMember(ctx: ServiceContext, body: RemoveMemberBody): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    await groupRow(tx, body.id);
    await lockUser(tx, body.userId);
    const removed = await tx.db
      .delete(userGroupMembers)
      .where(and(eq(userGroupMembers.groupId, body.id), eq(userGroupMembers.userAcUuid, body.userId), eq(userGroupMembers.ucpId, body.ucpId)))
      .returning();
    if (removed.length) {
      await touchUser(tx, body.userId);
      await audit(tx, { action: 'remove_member', entity: 'user_group', entityId: body.id, before: { userAcUuid: body.userId, ucpId: body.ucpId } });
    }
    return { id: body.id };
  });
}
