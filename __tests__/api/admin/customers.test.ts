import { and, eq } from 'drizzle-orm';
import { adminContract } from '@/lib/admin/contract';
import { customersContract } from '@/lib/customers/contract';
import { ordersContract } from '@/lib/orders/contract';
import { auditLog, customerNumbers, customers, paymentSlips } from '@/lib/server/db/schema';
import { createCustomer, createGroup, createMember, createUser, linkUserToCustomer, tokenFor, uniq, useStaffTokens } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer, versionOf } from '../helpers/testServer';

const { listCustomers, getCustomer, createCustomer: create, updateCustomer, setCustomerStatus } = customersContract.endpoints;

/** An 8-digit BR number no other test row has. */
const brNo = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));

const fields = (over: Record<string, unknown> = {}) => ({
  nameEn: 'Kowloon Bay Printing Limited',
  nameZh: '九龍灣印刷有限公司',
  brNo: brNo(),
  billingAddressEn: '8 Sheung Yuet Road, Kowloon Bay',
  billingAddressZh: '九龍灣常悅道8號',
  contactName: 'Wong Siu Ming',
  contactPhone: '+852 2111 2222',
  contactEmail: 'accounts@klnbay.example.hk',
  receiveHardcopyBill: false,
  ...over,
});

describeEachDb('UCP customer maintenance', (getHandle) => {
  const server = useTestServer(getHandle);
  let customerUserWithCode: string;
  const db = () => getHandle().db;
  const tokens = useStaffTokens(db, { writer: ['ucp_cust_main_write'], reader: ['ucp_cust_main_read'] });

  beforeAll(async () => {
    // A customer user handed the admin code by mistake: admin codes count only for provider staff.
    const c = await createMember(db(), ['ucp_cust_main_write', 'ucp_cust_main_read']);
    customerUserWithCode = await tokenFor(c.user, c.customer.ucpId);
  });

  it('adds a customer (UCP id upper-cased), audits it, and finds it by UCP id, either name, BR number and customer number', async () => {
    const ucpId = `ucp${uniq()}`;
    const body = fields();
    const res = await callEndpoint(server, create, { ucpId, ...body }, { token: tokens.writer });
    expect(res.status).toBe(200);
    const id = ucpId.toUpperCase();
    expect(res.body).toMatchObject({ status: 'success', data: { id } });
    await db().insert(customerNumbers).values({ ucpId: id, productLine: 'printer', customerNo: `P-${uniq()}` });
    const [number] = await db().select().from(customerNumbers).where(eq(customerNumbers.ucpId, id));

    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, id)));
    expect(audits.map((a) => a.action)).toEqual(['create']);

    for (const q of [id.toLowerCase(), body.nameZh.slice(0, 3), 'kowloon bay printing', body.brNo, number!.customerNo.toLowerCase()]) {
      const list = await callEndpoint(server, listCustomers, { page: 1, pageSize: 100, filter: { q } }, { token: tokens.reader });
      expect(list.status).toBe(200);
      if (list.body.status !== 'success') throw new Error('expected success');
      expect(list.body.data.items.map((i) => i.id)).toContain(id);
    }

    const view = await callEndpoint(server, getCustomer, { id }, { token: tokens.reader });
    if (view.body.status !== 'success') throw new Error('expected success');
    expect(view.body.data).toMatchObject({ id, brNo: body.brNo, status: 'active', customerNumbers: [{ productLine: 'printer', customerNo: number!.customerNo }], contracts: [], machines: [], users: [] });
  });

  it('a page past the end answers no rows with the real total, so the list can step back to its last page (QA: "No customers yet.")', async () => {
    for (let i = 0; i < 3; i += 1) expect((await callEndpoint(server, create, { ucpId: `UCP${uniq()}`.toUpperCase(), ...fields() }, { token: tokens.writer })).status).toBe(200);
    const first = await callEndpoint(server, listCustomers, { page: 1, pageSize: 1 }, { token: tokens.reader });
    if (first.body.status !== 'success') throw new Error('expected success');
    expect(first.body.data.total).toBeGreaterThanOrEqual(3);
    const past = await callEndpoint(server, listCustomers, { page: 999, pageSize: 1 }, { token: tokens.reader });
    if (past.body.status !== 'success') throw new Error('expected success');
    expect(past.body.data).toEqual({ items: [], total: first.body.data.total });
  });

  it('refuses a UCP id or BR number another customer has (409, on the field), on add and on edit', async () => {
    const first = fields();
    const ucpId = `UCP${uniq()}`.toUpperCase();
    expect((await callEndpoint(server, create, { ucpId, ...first }, { token: tokens.writer })).status).toBe(200);

    const sameId = await callEndpoint(server, create, { ucpId, ...fields() }, { token: tokens.writer });
    expect(sameId.status).toBe(409);
    expect(sameId.body.status === 'error' && sameId.body.error.fields).toEqual({ ucpId: ['customers:errors.ucpIdTaken'] });

    const sameBr = await callEndpoint(server, create, { ucpId: `UCP${uniq()}`, ...fields({ brNo: first.brNo }) }, { token: tokens.writer });
    expect(sameBr.status).toBe(409);
    expect(sameBr.body.status === 'error' && sameBr.body.error.fields).toEqual({ brNo: ['customers:errors.brNoTaken'] });

    const other = `UCP${uniq()}`.toUpperCase();
    expect((await callEndpoint(server, create, { ucpId: other, ...fields() }, { token: tokens.writer })).status).toBe(200);
    const editToTaken = await callEndpoint(server, updateCustomer, { id: other, version: await versionOf(server, getCustomer, other, tokens.reader), ...fields({ brNo: first.brNo }) }, { token: tokens.writer });
    expect(editToTaken.status).toBe(409);
    // Keeping its own BR number is not a clash.
    const keep = await callEndpoint(server, updateCustomer, { id: ucpId, version: await versionOf(server, getCustomer, ucpId, tokens.reader), ...first, nameEn: 'Renamed Limited' }, { token: tokens.writer });
    expect(keep.status).toBe(200);
    const [row] = await db().select().from(customers).where(eq(customers.ucpId, ucpId));
    expect(row!.nameEn).toBe('Renamed Limited');
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, ucpId)));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });

  it('validates: BR number of 8 digits, a UCP id of letters and digits, no NUL, names required', async () => {
    const bad = await callEndpoint(server, create, { ucpId: 'a b', ...fields({ brNo: '123', nameEn: '' }) }, { token: tokens.writer });
    expect(bad.status).toBe(400);
    if (bad.body.status !== 'error') throw new Error('expected error');
    expect(Object.keys(bad.body.error.fields ?? {}).sort()).toEqual(['brNo', 'nameEn', 'ucpId']);
    // A NUL is refused by the router before the schema runs (issue 9), naming its field.
    const nul = await callEndpoint(server, create, { ucpId: 'NULTEST1', ...fields({ contactName: 'x\u0000y' }) }, { token: tokens.writer });
    expect(nul.status).toBe(400);
    if (nul.body.status !== 'error') throw new Error('expected error');
    expect(Object.keys(nul.body.error.fields ?? {})).toEqual(['contactName']);
    // A contact phone, when given, is a phone number (8 to 20 digits), not '12'.
    const phone = await callEndpoint(server, create, { ucpId: 'PHONETEST1', ...fields({ contactPhone: '12' }) }, { token: tokens.writer });
    expect(phone.status).toBe(400);
    if (phone.body.status !== 'error') throw new Error('expected error');
    expect(phone.body.error.fields).toEqual({ contactPhone: ['customers:errors.phoneFormat'] });
  });

  it('deactivating a customer stops its users acting for it at their next request; reactivating restores it', async () => {
    const ucpId = `UCP${uniq()}`.toUpperCase();
    await callEndpoint(server, create, { ucpId, ...fields() }, { token: tokens.writer });
    const user = await createUser(db());
    await linkUserToCustomer(db(), user, { ucpId });
    await createGroup(db(), ['mgt_order_read'], { members: [{ user, customer: { ucpId } }] });
    const token = await tokenFor(user, ucpId);
    const listOrders = { page: 1, pageSize: 10 };
    expect((await callEndpoint(server, ordersContract.endpoints.listOrders, listOrders, { token })).status).toBe(200);

    const off = await callEndpoint(server, setCustomerStatus, { id: ucpId, status: 'inactive' }, { token: tokens.writer });
    expect(off.body).toMatchObject({ status: 'success', data: { id: ucpId, status: 'inactive' } });
    const refused = await callEndpoint(server, ordersContract.endpoints.listOrders, listOrders, { token });
    expect(refused.status).toBe(401);
    expect(refused.body.status === 'error' && refused.body.error.code).toBe('TOKEN_EXPIRED');

    const view = await callEndpoint(server, getCustomer, { id: ucpId }, { token: tokens.reader });
    expect(view.body.status === 'success' && view.body.data.users.map((u) => u.id)).toEqual([user.userAcUuid]);

    await callEndpoint(server, setCustomerStatus, { id: ucpId, status: 'active' }, { token: tokens.writer });
    expect((await callEndpoint(server, ordersContract.endpoints.listOrders, listOrders, { token })).status).toBe(200);
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, ucpId)));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'deactivate', 'reactivate']);
  });

  it('lists each customer with the number of users linked to it, as its view counts them (not every link in the table)', async () => {
    const tag = `UCPCNT${uniq()}`.toUpperCase();
    const two = await createCustomer(db(), { ucpId: `${tag}A` });
    const none = await createCustomer(db(), { ucpId: `${tag}B` });
    for (let k = 0; k < 2; k += 1) await linkUserToCustomer(db(), await createUser(db()), two);
    const list = await callEndpoint(server, listCustomers, { page: 1, pageSize: 100, filter: { q: tag } }, { token: tokens.reader });
    if (list.body.status !== 'success') throw new Error('expected success');
    expect(list.body.data.items.map((i) => [i.id, i.userCount])).toEqual([[two.ucpId, 2], [none.ucpId, 0]]);
    const view = await callEndpoint(server, getCustomer, { id: two.ucpId }, { token: tokens.reader });
    expect(view.body.status === 'success' && view.body.data.users).toHaveLength(2);
  });

  it('hides the provider’s own party: not listed, not found', async () => {
    const provider = await createCustomer(db(), { isProvider: true });
    const view = await callEndpoint(server, getCustomer, { id: provider.ucpId }, { token: tokens.reader });
    expect(view.status).toBe(404);
    const off = await callEndpoint(server, setCustomerStatus, { id: provider.ucpId, status: 'inactive' }, { token: tokens.writer });
    expect(off.status).toBe(404);
    const list = await callEndpoint(server, listCustomers, { page: 1, pageSize: 100, filter: { q: provider.ucpId } }, { token: tokens.reader });
    expect(list.body.status === 'success' && list.body.data.total).toBe(0);
  });

  it('a staff user with the read code only gets 403 from every write; a customer user holding the codes gets 403 everywhere', async () => {
    const ucpId = `UCP${uniq()}`;
    expect((await callEndpoint(server, create, { ucpId, ...fields() }, { token: tokens.reader })).status).toBe(403);
    expect((await callEndpoint(server, updateCustomer, { id: ucpId, version: new Date().toISOString(), ...fields() }, { token: tokens.reader })).status).toBe(403);
    expect((await callEndpoint(server, setCustomerStatus, { id: ucpId, status: 'inactive' }, { token: tokens.reader })).status).toBe(403);
    expect((await callEndpoint(server, listCustomers, { page: 1, pageSize: 10 }, { token: customerUserWithCode })).status).toBe(403);
    expect((await callEndpoint(server, create, { ucpId, ...fields() }, { token: customerUserWithCode })).status).toBe(403);
  });

  it('landing counts: pending payment slips only for staff who review them', async () => {
    const reviewer = await createMember(db(), ['payslip_review_read'], { user: { isProviderStaff: true } });
    const res = await callEndpoint(server, adminContract.endpoints.landingCounts, {}, { token: await tokenFor(reviewer.user, reviewer.customer.ucpId) });
    if (res.body.status !== 'success') throw new Error('expected success');
    const pending = await db().select().from(paymentSlips).where(eq(paymentSlips.status, 'pending'));
    expect(res.body.data.pendingPaymentSlips).toBe(pending.length);
    const other = await callEndpoint(server, adminContract.endpoints.landingCounts, {}, { token: tokens.reader });
    expect(other.body).toMatchObject({ status: 'success', data: { pendingPaymentSlips: null } });
    expect((await callEndpoint(server, adminContract.endpoints.landingCounts, {}, { token: customerUserWithCode })).status).toBe(403);
  });
});
