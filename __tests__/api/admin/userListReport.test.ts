import ExcelJS from 'exceljs';
import { staffCustomerAssignments, userAccounts, userGroupMembers } from '@/lib/server/db/schema';
import { userListReportContract } from '@/lib/userListReport/contract';
import type { ReportResult } from '@/lib/userListReport/schemas';
import { reportRows } from '@/lib/server/services/userListReport/report';
import { serviceContext } from '@/lib/server/context';
import { eq } from 'drizzle-orm';
import { createCustomer, createGroup, createMember, createUser, linkUserToCustomer, tokenFor, uniq, tokenForStaff } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';

const { listReport, exportCsv, exportXlsx } = userListReportContract.endpoints;

describeEachDb('User list report', (getHandle) => {
  const server = useTestServer(getHandle);
  let assignedToken: string;
  let allToken: string;
  let assignedStaff: string;
  const tag = uniq();
  const db = () => getHandle().db;
  let ucpA: string;
  let ucpB: string;

  beforeAll(async () => {
    const a = await createCustomer(db());
    const b = await createCustomer(db());
    ucpA = a.ucpId;
    ucpB = b.ucpId;
    // Users of customer A (one with MFA, one pending) and of customer B; one user of both.
    const groupA = await createGroup(db(), ['home', 'mgt_bills_read'], { overrides: { code: `RPT_A_${tag}`.toUpperCase() } });
    for (const [i, over] of [{ mfaEnabled: true }, { status: 'pending' as const }, {}].entries()) {
      const u = await createUser(db(), { loginId: `rpt-a${i}-${tag}@example.hk`, name: `Report A${i}`, ...over });
      await linkUserToCustomer(db(), u, a);
      if (i === 0) await db().insert(userGroupMembers).values({ groupId: groupA.id, userAcUuid: u.userAcUuid, ucpId: a.ucpId });
    }
    const ub = await createUser(db(), { loginId: `rpt-b-${tag}@example.hk`, name: 'Report B' });
    await linkUserToCustomer(db(), ub, b);
    const both = await createUser(db(), { loginId: `rpt-both-${tag}@example.hk`, name: 'Report Both' });
    await linkUserToCustomer(db(), both, a);
    await linkUserToCustomer(db(), both, b);

    const assigned = await createMember(db(), ['user_list_rpt_read'], { user: { isProviderStaff: true } });
    assignedStaff = assigned.user.userAcUuid;
    await db().insert(staffCustomerAssignments).values({ staffUserAcUuid: assigned.user.userAcUuid, ucpId: a.ucpId });
    assignedToken = await tokenFor(assigned.user, assigned.customer.ucpId);
    allToken = await tokenForStaff(db(), ['user_list_rpt_read_all']);
  });

  const list = async (token: string, filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => {
    const res = await callEndpoint(server, listReport, { page: 1, pageSize: 100, filter: { q: tag, ...filter }, ...extra } as never, { token });
    expect(res.status).toBe(200);
    if (res.body.status !== 'success') throw new Error('expected success');
    return res.body.data as ReportResult;
  };
  const keys = (r: ReportResult) => r.items.map((i) => `${i.loginId.split('@')[0]!.replace(`-${tag}`, '')}|${i.ucpId === ucpA ? 'A' : i.ucpId === ucpB ? 'B' : i.ucpId}`).sort();

  it('user_list_rpt_read sees only the customers assigned to the caller; _read_all sees every customer', async () => {
    const assigned = await list(assignedToken);
    expect(assigned.scope).toBe('assigned');
    expect(keys(assigned)).toEqual(['rpt-a0|A', 'rpt-a1|A', 'rpt-a2|A', 'rpt-both|A'].sort());
    const all = await list(allToken);
    expect(all.scope).toBe('all');
    expect(keys(all)).toEqual(['rpt-a0|A', 'rpt-a1|A', 'rpt-a2|A', 'rpt-b|B', 'rpt-both|A', 'rpt-both|B'].sort());
    // Filtering by a customer outside the assignment gives nothing, not the customer's users.
    expect((await list(assignedToken, { customer: ucpB })).items).toEqual([]);
    // A new assignment widens the scope at the next call.
    await db().insert(staffCustomerAssignments).values({ staffUserAcUuid: assignedStaff, ucpId: ucpB });
    expect(keys(await list(assignedToken))).toEqual(['rpt-a0|A', 'rpt-a1|A', 'rpt-a2|A', 'rpt-b|B', 'rpt-both|A', 'rpt-both|B'].sort());
    await db().delete(staffCustomerAssignments).where(eq(staffCustomerAssignments.ucpId, ucpB));
  });

  it('shows groups per customer, status, MFA, created and last login; filters by MFA, status, group and customer', async () => {
    const all = await list(allToken);
    const a0 = all.items.find((i) => i.loginId.startsWith('rpt-a0'))!;
    expect(a0).toMatchObject({ mfaEnabled: true, status: 'active', groups: [{ code: `RPT_A_${tag}`.toUpperCase() }], lastLoginAt: null });
    expect(new Date(a0.createdAt).getTime()).toBeGreaterThan(0);
    expect(keys(await list(allToken, { mfa: 'on' }))).toEqual(['rpt-a0|A'].sort());
    expect(keys(await list(allToken, { status: ['pending'] }))).toEqual(['rpt-a1|A'].sort());
    expect(keys(await list(allToken, { group: `rpt_a_${tag}` }))).toEqual(['rpt-a0|A'].sort());
    expect(keys(await list(allToken, { customer: ucpB.toLowerCase() }))).toEqual(['rpt-b|B', 'rpt-both|B'].sort());
    const sorted = await list(allToken, {}, { sort: { field: 'loginId', direction: 'desc' } });
    expect(sorted.items[0]!.loginId.startsWith('rpt-both')).toBe(true);
  });

  it('exports the whole filtered set as CSV (BOM, tc headings, scope kept)', async () => {
    const res = await server.post(exportCsv.path, { filter: { q: tag }, lang: 'tc' }, { token: assignedToken });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-length']).toBeUndefined();
    const lines = res.text.split('\r\n').filter(Boolean);
    expect(lines[0]!.startsWith('\uFEFF登入名稱')).toBe(true);
    expect(lines).toHaveLength(1 + 4);
    expect(res.text).not.toContain(`rpt-b-${tag}`);
    expect(lines.find((l) => l.startsWith(`rpt-a1-${tag}`))).toContain('待啟用');
  });

  it('exports XLSX readable by a spreadsheet, with every row of the filter', async () => {
    const res = await fetch(`${server.baseUrl}${exportXlsx.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${allToken}`, Origin: server.baseUrl },
      body: JSON.stringify({ filter: { q: tag }, sort: { field: 'loginId', direction: 'asc' }, lang: 'en' }),
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0]!;
    const values = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(values[0]).toEqual(['Login ID', 'Name', 'E-mail', 'UCP ID', 'Customer', 'Customer status', 'Groups', 'Status', 'Staff', 'MFA', 'Created', 'Last login']);
    expect(values).toHaveLength(1 + 6);
    expect(values[1]![0]).toBe(`rpt-a0-${tag}@example.hk`);
    expect(values[1]![5]).toBe('Active');
    expect(values[1]![9]).toBe('Yes');
  });

  it('reads the export a batch at a time, in order, without skipping or repeating rows', async () => {
    const [staff] = await db().select().from(userAccounts).where(eq(userAccounts.userAcUuid, assignedStaff));
    const ctx = serviceContext({ db: db(), actor: { userAcUuid: staff!.userAcUuid, ucpId: null, isProviderStaff: true, codes: new Set(['user_list_rpt_read_all']) } as never });
    const rows: string[] = [];
    for await (const r of reportRows(ctx, { filter: { q: tag } }, 2)) rows.push(r.id);
    expect(rows).toHaveLength(6);
    expect(new Set(rows).size).toBe(6);
  });

  it('says when the customer of an active user is deactivated, on the screen’s rows and in both exports', async () => {
    const off = await createCustomer(db(), { status: 'inactive' });
    const u = await createUser(db(), { loginId: `rpt-off-${tag}-x@example.hk`, name: 'Report Off' });
    await linkUserToCustomer(db(), u, off);
    const filter = { q: `rpt-off-${tag}` };
    const rows = (await list(allToken, filter)).items;
    expect(rows.map((r) => [r.ucpId, r.status, r.customerStatus])).toEqual([[off.ucpId, 'active', 'inactive']]);
    // An active customer and a user linked to no customer read as such.
    expect((await list(allToken)).items.find((r) => r.loginId.startsWith('rpt-a0'))!.customerStatus).toBe('active');

    const csv = await server.post(exportCsv.path, { filter, lang: 'en' }, { token: allToken });
    const [head, row] = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(head!.split(',').slice(4, 8)).toEqual(['Customer', 'Customer status', 'Groups', 'Status']);
    expect(row!.split(',').slice(5, 8)).toEqual(['Deactivated', '', 'Active']);
    const tc = await server.post(exportCsv.path, { filter, lang: 'tc' }, { token: allToken });
    expect(tc.text.split('\r\n')[1]!.split(',').slice(5, 8)).toEqual(['已停用', '', '使用中']);
  });

  it('shows an account staff locked as Locked, on the screen, in its filter and in both languages of the export (it read as an empty cell)', async () => {
    const c = await createCustomer(db());
    const u = await createUser(db(), { loginId: `rpt-locked-${tag}@example.hk`, name: 'Report Locked', status: 'locked' });
    await linkUserToCustomer(db(), u, c);
    const filter = { q: `rpt-locked-${tag}` };
    expect((await list(allToken, filter)).items.map((r) => r.status)).toEqual(['locked']);
    expect((await list(allToken, { ...filter, status: ['locked'] })).total).toBe(1);
    expect((await list(allToken, { ...filter, status: ['active'] })).total).toBe(0);
    const en = await server.post(exportCsv.path, { filter, lang: 'en' }, { token: allToken });
    expect(en.text.replace(/^\uFEFF/, '').split('\r\n')[1]!.split(',')[7]).toBe('Locked');
    const tc = await server.post(exportCsv.path, { filter, lang: 'tc' }, { token: allToken });
    expect(tc.text.split('\r\n')[1]!.split(',')[7]).toBe('已鎖定');
  });

  it('refuses callers without a report code (403)', async () => {
    const token = await tokenForStaff(db(), ['user_group_main_read']);
    expect((await callEndpoint(server, listReport, { page: 1, pageSize: 5 }, { token })).status).toBe(403);
    expect((await server.post(exportCsv.path, {}, { token })).status).toBe(403);
    const c = await createMember(db(), ['user_list_rpt_read_all']);
    expect((await callEndpoint(server, listReport, { page: 1, pageSize: 5 }, { token: await tokenFor(c.user, c.customer.ucpId) })).status).toBe(403);
  });
});
