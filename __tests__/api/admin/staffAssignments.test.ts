/**
 * Staff ↔ customer assignments edited on the user form (docs/user-list-report.md): they scope the user list report's
 * user_list_rpt_read, are validated, audited and effective at once (the staff user's current token sees the change).
 */
import { and, desc, eq } from 'drizzle-orm';
import { usersContract } from '@/lib/users/contract';
import { userListReportContract } from '@/lib/userListReport/contract';
import type { ReportResult } from '@/lib/userListReport/schemas';
import type { UserDetail } from '@/lib/users/schemas';
import { auditLog, staffCustomerAssignments } from '@/lib/server/db/schema';
import { msg } from '@/lib/zodMessages';
import { createCustomer, createGroup, createMember, createUser, linkUserToCustomer, tokenFor, uniq, useStaffTokens } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer, versionOf } from '../helpers/testServer';

const U = usersContract.endpoints;

describeEachDb('staff ↔ customer assignments on the user form', (getHandle) => {
  const server = useTestServer(getHandle);
  const tag = uniq();
  const db = () => getHandle().db;
  const tokens = useStaffTokens(db, { writer: ['user_ac_main_write', 'user_ac_main_read'], reader: ['user_ac_main_read'] });
  let ucpA: string;
  let ucpB: string;
  let provider: string;
  let staffId: string;
  let staffToken: string;
  let staffFields: { id: string; name: string; email: string; preferredLanguage: 'en'; skipMfa: boolean; links: { ucpId: string; groupIds: string[] }[] };

  beforeAll(async () => {
    const a = await createCustomer(db());
    const b = await createCustomer(db());
    ucpA = a.ucpId;
    ucpB = b.ucpId;
    for (const [c, name] of [[a, 'a'], [b, 'b']] as const) {
      const u = await createUser(db(), { loginId: `asg-${name}-${tag}@example.hk`, name: `Assigned ${name}` });
      await linkUserToCustomer(db(), u, c);
    }
    // A staff user acting for a provider party with a provider group holding the scoped report code.
    const party = await createCustomer(db(), { isProvider: true });
    provider = party.ucpId;
    const s = await createUser(db(), { isProviderStaff: true, loginId: `asg-staff-${tag}@example.hk` });
    await linkUserToCustomer(db(), s, party);
    const group = await createGroup(db(), ['user_list_rpt_read'], { overrides: { groupType: 'provider' }, members: [{ user: s, customer: party }] });
    staffId = s.userAcUuid;
    staffToken = await tokenFor(s, party.ucpId);
    staffFields = { id: s.userAcUuid, name: s.name, email: s.email, preferredLanguage: 'en', skipMfa: false, links: [{ ucpId: party.ucpId, groupIds: [group.id] }] };
  });

  const report = async () => {
    const res = await callEndpoint(server, userListReportContract.endpoints.listReport, { page: 1, pageSize: 100, filter: { q: tag } } as never, { token: staffToken });
    expect(res.status).toBe(200);
    return (res.body as { data: ReportResult }).data.items.map((i) => i.ucpId).sort();
  };
  const update = async (assignedUcpIds: string[] | undefined, token = tokens.writer) =>
    callEndpoint(server, U.updateUser, { ...staffFields, version: await versionOf(server, U.getUser, staffFields.id, tokens.writer), ...(assignedUcpIds ? { assignedUcpIds } : {}) }, { token });
  const assignedRows = async () =>
    (await db().select({ ucpId: staffCustomerAssignments.ucpId }).from(staffCustomerAssignments).where(eq(staffCustomerAssignments.staffUserAcUuid, staffId))).map((r) => r.ucpId).sort();

  it('assigning customers changes what the staff user’s report shows at once; the view lists them; every change is audited', async () => {
    expect(await report()).toEqual([]);
    expect((await update([ucpA])).status).toBe(200);
    expect(await report()).toEqual([ucpA]);
    const view = await callEndpoint(server, U.getUser, { id: staffId }, { token: tokens.reader });
    expect((view.body as { data: UserDetail }).data).toMatchObject({ assignedUcpIds: [ucpA], assignedDetails: [{ ucpId: ucpA, nameEn: expect.any(String), nameZh: expect.any(String) }] });

    expect((await update([ucpB, ucpB, ucpA])).status).toBe(200);
    expect(await assignedRows()).toEqual([ucpA, ucpB].sort());
    expect(await report()).toEqual([ucpA, ucpB].sort());
    // Left out: unchanged.
    expect((await update(undefined)).status).toBe(200);
    expect(await assignedRows()).toEqual([ucpA, ucpB].sort());
    expect((await update([ucpB])).status).toBe(200);
    expect(await report()).toEqual([ucpB]);
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user_account'), eq(auditLog.entityId, staffId), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row).toMatchObject({ before: expect.objectContaining({ assignedUcpIds: [ucpA, ucpB].sort() }), after: expect.objectContaining({ assignedUcpIds: [ucpB], tokensRevoked: false }) });
    // The staff user's token is still good (an assignment is no access to take away).
    expect((await update([])).status).toBe(200);
    expect(await report()).toEqual([]);
  });

  it('refuses unknown customers, the provider party and customer users on the field; read-only staff get 403', async () => {
    for (const bad of [['UCP-NO-SUCH'], [provider]]) {
      const res = await update(bad);
      expect(res.status).toBe(400);
      // The message names the ids refused (lib/zodMessages: the key, then its values).
      expect((res.body as { error: { fields: unknown } }).error.fields).toEqual({ assignedUcpIds: [msg('users:errors.assignCustomerUnknown', { ids: bad })] });
    }
    const c = await createMember(db(), ['home']);
    const customerFields = { id: c.user.userAcUuid, name: c.user.name, email: c.user.email, preferredLanguage: 'en' as const, skipMfa: false, links: [{ ucpId: c.customer.ucpId, groupIds: [c.group.id] }] };
    const res = await callEndpoint(server, U.updateUser, { ...customerFields, version: await versionOf(server, U.getUser, customerFields.id, tokens.writer), assignedUcpIds: [ucpA] }, { token: tokens.writer });
    expect(res.status).toBe(400);
    expect((res.body as { error: { fields: unknown } }).error.fields).toEqual({ assignedUcpIds: ['users:errors.assignStaffOnly'] });
    expect((await update([ucpA], tokens.reader)).status).toBe(403);
    expect(await assignedRows()).toEqual([]);
  });

  it('a new staff user can be created with its assignments', async () => {
    const id = uniq();
    const res = await callEndpoint(
      server,
      U.createUser,
      { loginId: `asg-new-${id}@example.hk`, name: 'New Staff', email: `asg-new-${id}@example.hk`, preferredLanguage: 'en', kind: 'staff', skipMfa: false, assignedUcpIds: [ucpA], links: [{ ucpId: provider, groupIds: [] }] },
      { token: tokens.writer },
    );
    expect(res.status).toBe(200);
    const newId = (res.body as { data: { id: string } }).data.id;
    const rows = await db().select().from(staffCustomerAssignments).where(eq(staffCustomerAssignments.staffUserAcUuid, newId));
    expect(rows).toEqual([expect.objectContaining({ ucpId: ucpA, assignedBy: expect.any(String) })]);
  });
});
