import { and, eq } from 'drizzle-orm';
import { customersContract } from '@/lib/customers/contract';
import { msg } from '@/lib/zodMessages';
import { userGroupsContract } from '@/lib/userGroups/contract';
import type { GroupFields } from '@/lib/userGroups/schemas';
import { auditLog, userGroupFunctions, userGroups } from '@/lib/server/db/schema';
import { functionCodesFor } from '@/lib/server/services/auth/grant';
import { createCustomer, createGroup, createMember, createUser, linkUserToCustomer, tokenFor, uniq, useStaffTokens } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer, versionOf } from '../helpers/testServer';

const { listGroups, getGroup, createGroup: create, updateGroup, setGroupStatus, deleteGroup, addGroupMember, removeGroupMember } = userGroupsContract.endpoints;

const fields = (over: Partial<GroupFields> = {}): GroupFields => ({
  nameEn: 'Billing clerks',
  nameZh: '帳單文員',
  description: 'Read bills and upload payment slips.',
  kind: 'customer',
  codes: ['home', 'mgt_bills_read', 'payslip_upload_read', 'payslip_upload_write'],
  ...over,
});

describeEachDb('User group maintenance', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;
  // The writer holds the staff codes these tests put in groups: staff give only rights they hold (see "rights you hold").
  const tokens = useStaffTokens(db, {
    writer: ['user_group_main_write', 'home', 'ucp_cust_main_read'],
    reader: ['user_group_main_read'],
    narrow: ['user_group_main_write', 'user_group_main_read'],
    super: ['all'],
  });

  const ok = <T>(res: { status: number; body: { status: string; data?: T } }): T => {
    expect(res.status).toBe(200);
    if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
    return res.body.data as T;
  };

  it('adds a group with its codes (code upper-cased, audited), finds it by code and name, and refuses a taken code', async () => {
    const code = `clerks_${uniq()}`;
    const { id } = ok(await callEndpoint(server, create, { code, ...fields() }, { token: tokens.writer }));
    const detail = ok(await callEndpoint(server, getGroup, { id }, { token: tokens.reader }));
    expect(detail).toMatchObject({ code: code.toUpperCase(), kind: 'customer', status: 'active', members: [] });
    expect([...detail.codes].sort()).toEqual(['home', 'mgt_bills_read', 'payslip_upload_read', 'payslip_upload_write']);

    for (const q of [code.toLowerCase(), '帳單文員']) {
      const list = ok(await callEndpoint(server, listGroups, { page: 1, pageSize: 100, filter: { q } }, { token: tokens.reader }));
      expect(list.items.map((g) => g.id)).toContain(id);
    }
    const taken = await callEndpoint(server, create, { code, ...fields() }, { token: tokens.writer });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: { code: 'CONFLICT', fields: { code: ['userGroups:errors.codeTaken'] } } });

    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'user_group'), eq(auditLog.entityId, id)));
    expect(audits.map((a) => a.action)).toEqual(['create']);
  });

  it('keeps staff codes out of customer groups, and unknown codes out of every group', async () => {
    const staffCode = await callEndpoint(server, create, { code: `BAD_${uniq()}`, ...fields({ codes: ['home', 'ucp_cust_main_write'] }) }, { token: tokens.writer });
    expect(staffCode.status).toBe(400);
    expect(staffCode.body).toMatchObject({ error: { code: 'VALIDATION', fields: { codes: ['userGroups:errors.staffCodesInCustomerGroup'] } } });
    const unknown = await callEndpoint(server, create, { code: `BAD_${uniq()}`, ...fields({ codes: ['launch_rockets'] as never }) }, { token: tokens.writer });
    expect(unknown.status).toBe(400);
    const staffGroup = await callEndpoint(server, create, { code: `STAFF_${uniq()}`, ...fields({ kind: 'provider', codes: ['ucp_cust_main_read', 'home'] }) }, { token: tokens.writer });
    expect(staffGroup.status).toBe(200);
  });

  it('refuses to delete a group in use (409 GROUP_IN_USE); once emptied it is deleted', async () => {
    const { user, customer, group } = await createMember(db(), ['home']);
    const refused = await callEndpoint(server, deleteGroup, { id: group.id }, { token: tokens.writer });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: { code: 'GROUP_IN_USE' } });
    expect(await db().select().from(userGroups).where(eq(userGroups.id, group.id))).toHaveLength(1);

    ok(await callEndpoint(server, removeGroupMember, { id: group.id, userId: user.userAcUuid, ucpId: customer.ucpId }, { token: tokens.writer }));
    expect(ok(await callEndpoint(server, getGroup, { id: group.id }, { token: tokens.reader })).members).toEqual([]);
    ok(await callEndpoint(server, deleteGroup, { id: group.id }, { token: tokens.writer }));
    expect(await db().select().from(userGroups).where(eq(userGroups.id, group.id))).toHaveLength(0);
    expect(await db().select().from(userGroupFunctions).where(eq(userGroupFunctions.groupId, group.id))).toHaveLength(0);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'user_group'), eq(auditLog.entityId, group.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(['delete', 'remove_member']);
  });

  it("a change to a group alters its member's codes at the member's next request (codes, disable, enable, removal)", async () => {
    // A staff member whose group does not yet give ucp_cust_main_read.
    const customer = await createCustomer(db());
    const member = await createUser(db(), { isProviderStaff: true });
    await linkUserToCustomer(db(), member, customer);
    const group = await createGroup(db(), ['home'], { overrides: { groupType: 'provider' }, members: [{ user: member, customer }] });
    const token = await tokenFor(member, customer.ucpId);
    const probe = () => callEndpoint(server, customersContract.endpoints.listCustomers, { page: 1, pageSize: 1 }, { token });

    expect((await probe()).status).toBe(403);
    ok(await callEndpoint(server, updateGroup, { id: group.id, version: await versionOf(server, getGroup, group.id, tokens.reader), ...fields({ kind: 'provider', codes: ['home', 'ucp_cust_main_read'] }) }, { token: tokens.writer }));
    // Same token, next request: the code counts.
    expect((await probe()).status).toBe(200);
    expect((await functionCodesFor(db(), member.userAcUuid, customer.ucpId)).sort()).toEqual(['home', 'ucp_cust_main_read']);

    ok(await callEndpoint(server, setGroupStatus, { id: group.id, status: 'inactive' }, { token: tokens.writer }));
    expect((await probe()).status).toBe(403);
    ok(await callEndpoint(server, setGroupStatus, { id: group.id, status: 'active' }, { token: tokens.writer }));
    expect((await probe()).status).toBe(200);

    ok(await callEndpoint(server, removeGroupMember, { id: group.id, userId: member.userAcUuid, ucpId: customer.ucpId }, { token: tokens.writer }));
    expect((await probe()).status).toBe(403);
  });

  // Rights you hold: a user-group administrator could add any code to a staff group it belongs to, or put itself in an
  // administrators' group, and so give itself every right of the portal.
  it('staff give only rights they hold: codes of a staff group and members of one beyond them are refused; `all` may give any', async () => {
    const beyond = msg('userGroups:errors.codesBeyondRights', { codes: ['ucp_cust_main_read'] });
    const refused = await callEndpoint(server, create, { code: `STAFF_${uniq()}`, ...fields({ kind: 'provider', codes: ['ucp_cust_main_read', 'user_group_main_read'] }) }, { token: tokens.narrow });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { fields: { codes: [beyond] } } });
    // Customer groups give no staff rights: not limited.
    ok(await callEndpoint(server, create, { code: `CUST_${uniq()}`, ...fields({ kind: 'customer', codes: ['home', 'mgt_bills_read'] }) }, { token: tokens.narrow }));

    // A staff group that gives a code already may keep it; a code added beyond the writer's is refused.
    const group = await createGroup(db(), ['ucp_cust_main_read'], { overrides: { groupType: 'provider' } });
    ok(await callEndpoint(server, updateGroup, { id: group.id, version: await versionOf(server, getGroup, group.id, tokens.reader), ...fields({ kind: 'provider', nameEn: 'Renamed', codes: ['ucp_cust_main_read', 'user_group_main_read'] }) }, { token: tokens.narrow }));
    const added = await callEndpoint(server, updateGroup, { id: group.id, version: await versionOf(server, getGroup, group.id, tokens.reader), ...fields({ kind: 'provider', codes: ['ucp_cust_main_read', 'offer_write'] }) }, { token: tokens.narrow });
    expect(added.body).toMatchObject({ error: { fields: { codes: [msg('userGroups:errors.codesBeyondRights', { codes: ['offer_write'] })] } } });

    // Nor a member for a staff group giving codes beyond the writer's (itself included).
    const provider = await createCustomer(db(), { isProvider: true });
    const staff = await createUser(db(), { isProviderStaff: true });
    await linkUserToCustomer(db(), staff, provider);
    const member = await callEndpoint(server, addGroupMember, { id: group.id, loginId: staff.loginId, ucpId: provider.ucpId }, { token: tokens.narrow });
    expect(member.status).toBe(400);
    expect(member.body).toMatchObject({ error: { fields: { loginId: [msg('userGroups:errors.memberBeyondRights', { codes: ['ucp_cust_main_read'] })] } } });
    expect(await functionCodesFor(db(), staff.userAcUuid, provider.ucpId)).toEqual([]);

    // The super-user code gives anything.
    ok(await callEndpoint(server, addGroupMember, { id: group.id, loginId: staff.loginId, ucpId: provider.ucpId }, { token: tokens.super }));
    ok(await callEndpoint(server, create, { code: `STAFF_${uniq()}`, ...fields({ kind: 'provider', codes: ['offer_write'] }) }, { token: tokens.super }));
  });

  it('adds a member by login id for a linked customer only, and only of the group’s kind', async () => {
    const group = await createGroup(db(), ['home']);
    const customer = await createCustomer(db());
    const other = await createCustomer(db());
    const user = await createUser(db());
    await linkUserToCustomer(db(), user, customer);
    const staff = await createUser(db(), { isProviderStaff: true });
    await linkUserToCustomer(db(), staff, customer);

    const notLinked = await callEndpoint(server, addGroupMember, { id: group.id, loginId: user.loginId, ucpId: other.ucpId }, { token: tokens.writer });
    expect(notLinked.status).toBe(400);
    expect(notLinked.body).toMatchObject({ error: { fields: { ucpId: ['userGroups:errors.notLinked'] } } });
    const unknown = await callEndpoint(server, addGroupMember, { id: group.id, loginId: `nobody-${uniq()}@example.hk`, ucpId: customer.ucpId }, { token: tokens.writer });
    expect(unknown.body).toMatchObject({ error: { fields: { loginId: ['userGroups:errors.userUnknown'] } } });
    const wrongKind = await callEndpoint(server, addGroupMember, { id: group.id, loginId: staff.loginId, ucpId: customer.ucpId }, { token: tokens.writer });
    expect(wrongKind.body).toMatchObject({ error: { fields: { loginId: ['userGroups:errors.userIsStaff'] } } });

    ok(await callEndpoint(server, addGroupMember, { id: group.id, loginId: user.loginId.toUpperCase(), ucpId: customer.ucpId.toLowerCase() }, { token: tokens.writer }));
    expect(ok(await callEndpoint(server, getGroup, { id: group.id }, { token: tokens.reader })).members).toMatchObject([{ userId: user.userAcUuid, ucpId: customer.ucpId }]);
    expect(await functionCodesFor(db(), user.userAcUuid, customer.ucpId)).toEqual(['home']);
    // Login id and UCP id typed in full-width mode are read as their plain characters, as sign-in reads them.
    const wide = (v: string) => [...v].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');
    const second = await createGroup(db(), ['home']);
    ok(await callEndpoint(server, addGroupMember, { id: second.id, loginId: wide(user.loginId), ucpId: wide(customer.ucpId) }, { token: tokens.writer }));
    expect(ok(await callEndpoint(server, getGroup, { id: second.id }, { token: tokens.reader })).members).toMatchObject([{ userId: user.userAcUuid, ucpId: customer.ucpId }]);

    // A group whose members are customer users cannot turn into a staff group.
    const kindChange = await callEndpoint(server, updateGroup, { id: group.id, version: await versionOf(server, getGroup, group.id, tokens.reader), ...fields({ kind: 'provider' }) }, { token: tokens.writer });
    expect(kindChange.status).toBe(409);
    expect(kindChange.body).toMatchObject({ error: { fields: { kind: ['userGroups:errors.kindHasMembers'] } } });
  });

  it('a read-only staff user reads but gets 403 from every write; a customer user holding the codes gets 403 too', async () => {
    const group = await createGroup(db(), ['home']);
    const m = await createMember(db(), ['user_group_main_write', 'user_group_main_read']);
    const customerToken = await tokenFor(m.user, m.customer.ucpId);
    expect((await callEndpoint(server, listGroups, { page: 1, pageSize: 5 }, { token: tokens.reader })).status).toBe(200);
    const writes = [
      [create, { code: `RO_${uniq()}`, ...fields() }],
      [updateGroup, { id: group.id, ...fields() }],
      [setGroupStatus, { id: group.id, status: 'inactive' }],
      [deleteGroup, { id: group.id }],
      [addGroupMember, { id: group.id, loginId: 'x@example.hk', ucpId: 'UCP100001' }],
      [removeGroupMember, { id: group.id, userId: m.user.userAcUuid, ucpId: m.customer.ucpId }],
    ] as const;
    for (const [endpoint, body] of writes) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      expect((await callEndpoint(server, endpoint as any, body, { token: tokens.reader })).status).toBe(403);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      expect((await callEndpoint(server, endpoint as any, body, { token: customerToken })).status).toBe(403);
    }
    expect((await callEndpoint(server, listGroups, { page: 1, pageSize: 5 }, { token: customerToken })).status).toBe(403);
    expect(await db().select().from(userGroups).where(eq(userGroups.id, group.id))).toHaveLength(1);
  });
});

