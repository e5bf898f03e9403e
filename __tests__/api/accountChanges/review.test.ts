import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { addDays } from '@/lib/dates/hongKong';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import { ACTION_FROM, CHANGE_STATUSES, REVIEW_ACTIONS, type ChangeStatus, type ReviewAction } from '@/lib/accountChanges/constants';
import type { FunctionCode } from '@/lib/permissions/codes';
import { auditLog, changeRequestEvents, changeRequests, customers, inboxDeliveries, inboxMessages, machines } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { documentParties } from '@/lib/server/services/bills/parties';
import { createBill } from '../bills/billFixtures';
import { createGroup, tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';
import { ADDRESS_EN, billingBody, customerCaller, hardcopyBody, machineMoveBody, postMultipart, staffCaller, tomorrow, tonerAddressBody, transferFields } from './fixtures';
import { billsContract } from '@/lib/bills/contract';

const APPROVER: FunctionCode[] = ['apv_chg_bill_addr_read', 'apv_chg_bill_addr_write'];
const ALL_APPROVALS: FunctionCode[] = [
  'apv_chg_comp_name_write',
  'apv_chg_bill_addr_write',
  'apv_chg_machine_loc_write',
  'apv_chg_rec_hardcopy_write',
  'apv_chg_toner_addr_write',
  'apv_transfer_agreemt_write',
];

/** The path of steps that brings a fresh (pending) request to each status. */
const PATH_TO: Record<ChangeStatus, ReviewAction[]> = {
  pending: [],
  inProgress: ['start'],
  approved: ['approve'],
  reject: ['reject'],
  completed: ['approve', 'complete'],
};

describeEachDb('account changes: review', (getHandle) => {
  const server = useTestServer(getHandle);
  let approver: Awaited<ReturnType<typeof staffCaller>>;
  beforeAll(async () => {
    approver = await staffCaller(getHandle().db, APPROVER);
  });
  const db = (): Db => getHandle().db;

  async function billAddrRequest() {
    const c = await customerCaller(db());
    const res = await callEndpoint(server, C.endpoints.submitBillingAddress, billingBody(), { token: c.token });
    if (res.body.status !== 'success') throw new Error('submit');
    return { c, id: res.body.data.id, requestNo: res.body.data.requestNo };
  }
  const step = (id: string, action: ReviewAction, token = approver.token, comment = action === 'reject' ? 'Not an office address' : '') =>
    callEndpoint(server, C.endpoints.transition, { id, action, comment }, { token });

  it('approve applies the billing address to the customer (and so to its bills) in the same step, with history, audit and inbox', async () => {
    const { c, id, requestNo } = await billAddrRequest();
    expect((await step(id, 'start')).status).toBe(200);
    const approved = await step(id, 'approve', approver.token, 'Checked with the customer');
    expect(approved.body).toMatchObject({ status: 'success', data: { id, status: 'approved' } });

    const [row] = await db().select().from(customers).where(eq(customers.ucpId, c.ucpId));
    expect(row).toMatchObject({ billingAddressEn: ADDRESS_EN, billingAddressZh: ADDRESS_EN, contactName: 'Lee Ka Yan', contactPhone: '23456790' });
    // Bills and statements print the customer party from the record, and the bill detail shows where it goes.
    expect((await documentParties(db(), c.ucpId)).customer.addressEn).toBe(ADDRESS_EN);
    const bill = await createBill(db(), c.ucpId);
    const billToken = await tokenFor(c.user, c.ucpId);
    await createGroup(db(), ['mgt_bills_read'], { members: [{ user: c.user, customer: c.customer }] });
    const detailOfBill = await server.post(billsContract.endpoints.getBill.path, { id: bill.id }, { token: billToken });
    expect(detailOfBill.body.data.billTo).toMatchObject({ addressEn: ADDRESS_EN });

    const detail = await callEndpoint(server, C.endpoints.getRequest, { id }, { token: c.token });
    if (detail.body.status !== 'success') throw new Error('detail');
    expect(detail.body.data.history.map((e) => [e.fromStatus, e.toStatus, e.actorName])).toEqual([
      [null, 'pending', c.user.name],
      ['pending', 'inProgress', null],
      ['inProgress', 'approved', null],
    ]);
    expect(detail.body.data.reviewerComment).toBe('Checked with the customer');
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'change_request'), eq(auditLog.entityId, id)));
    expect(audits.map((a) => a.action)).toEqual(['change_request.submit', 'change_request.start', 'change_request.approve']);
    expect(audits[2]!.actorUuid).toBe(approver.user.userAcUuid);
    expect(audits[2]!.before).toMatchObject({ records: { billingAddressEn: 'Old address, Wan Chai' } });
    const titles = await db()
      .select({ title: inboxMessages.titleEn })
      .from(inboxDeliveries)
      .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
      .where(eq(inboxDeliveries.userAcUuid, c.user.userAcUuid));
    expect(titles.map((t) => t.title).sort()).toEqual(
      [`We received your request ${requestNo}`, `We are working on your request ${requestNo}`, `Your request ${requestNo} was approved`].sort(),
    );
  });

  it('reject keeps the records, needs a reason, and shows the reason to the customer', async () => {
    const { c, id } = await billAddrRequest();
    const noReason = await callEndpoint(server, C.endpoints.transition, { id, action: 'reject' }, { token: approver.token });
    expect(noReason.status).toBe(400);
    expect((await step(id, 'reject', approver.token, 'Please give an office address')).status).toBe(200);
    const [row] = await db().select().from(customers).where(eq(customers.ucpId, c.ucpId));
    expect(row!.billingAddressEn).toBe('Old address, Wan Chai');
    const list = await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 5 }, { token: c.token });
    expect(list.body.status === 'success' && list.body.data.items[0]).toMatchObject({ id, status: 'reject', reviewerComment: 'Please give an office address' });
  });

  it('a reason on two lines is taken, kept as two lines, and reaches the customer’s inbox as two lines (QA: refused as "special characters")', async () => {
    const { c, id, requestNo } = await billAddrRequest();
    const rejected = await step(id, 'reject', approver.token, 'Not an office address.\r\nPlease send again.');
    expect([rejected.status, rejected.body.status === 'error' && rejected.body.error]).toEqual([200, false]);
    const list = await callEndpoint(server, C.endpoints.listRequests, { page: 1, pageSize: 5 }, { token: c.token });
    expect(list.body.status === 'success' && list.body.data.items[0]).toMatchObject({ id, reviewerComment: 'Not an office address.\nPlease send again.' });
    const [notice] = await db()
      .select({ body: inboxMessages.bodyEn })
      .from(inboxDeliveries)
      .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
      .where(and(eq(inboxDeliveries.userAcUuid, c.user.userAcUuid), eq(inboxMessages.titleEn, `Your request ${requestNo} was not approved`)));
    expect(notice!.body).toContain('Not an office address.<br>Please send again.');
  });

  it('reject and complete are audited and notify the customer too', async () => {
    const rejected = await billAddrRequest();
    expect((await step(rejected.id, 'reject', approver.token, 'Not an office address')).status).toBe(200);
    const done = await billAddrRequest();
    expect((await step(done.id, 'approve')).status).toBe(200);
    expect((await step(done.id, 'complete')).status).toBe(200);
    const actions = async (id: string) =>
      (await db().select().from(auditLog).where(and(eq(auditLog.entity, 'change_request'), eq(auditLog.entityId, id)))).map((a) => [a.action, a.actorUuid]);
    expect(await actions(rejected.id)).toEqual([
      ['change_request.submit', rejected.c.user.userAcUuid],
      ['change_request.reject', approver.user.userAcUuid],
    ]);
    expect(await actions(done.id)).toEqual([
      ['change_request.submit', done.c.user.userAcUuid],
      ['change_request.approve', approver.user.userAcUuid],
      ['change_request.complete', approver.user.userAcUuid],
    ]);
    const inbox = async (who: typeof rejected) =>
      db()
        .select({ title: inboxMessages.titleEn, body: inboxMessages.bodyEn })
        .from(inboxDeliveries)
        .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
        .where(eq(inboxDeliveries.userAcUuid, who.c.user.userAcUuid));
    const rejectedNotice = (await inbox(rejected)).find((m) => m.title === `Your request ${rejected.requestNo} was not approved`);
    expect(rejectedNotice?.body).toContain('Reason: Not an office address');
    expect((await inbox(done)).map((m) => m.title).sort()).toEqual(
      [`We received your request ${done.requestNo}`, `Your request ${done.requestNo} was approved`, `Your request ${done.requestNo} is completed`].sort(),
    );
  });

  it('the queue filters by type, status, customer and date across customers', async () => {
    const a = await billAddrRequest();
    const b = await billAddrRequest();
    expect((await step(b.id, 'start')).status).toBe(200);
    await db().update(changeRequests).set({ submittedAt: sql`${changeRequests.submittedAt} - interval '20 days'` }).where(eq(changeRequests.id, b.id));
    const ids = async (filter: Record<string, unknown>) => {
      const r = await callEndpoint(server, C.endpoints.listQueue, { page: 1, pageSize: 100, filter }, { token: approver.token });
      if (r.body.status !== 'success') throw new Error(JSON.stringify(r.body));
      return r.body.data.items.map((i) => i.id);
    };
    const all = await ids({});
    expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
    // By customer: its UCP id or its name.
    expect(await ids({ q: a.c.ucpId })).toEqual([a.id]);
    const [cust] = await db().select({ nameEn: customers.nameEn }).from(customers).where(eq(customers.ucpId, b.c.ucpId));
    expect(await ids({ q: cust!.nameEn })).toEqual([b.id]);
    expect(await ids({ q: a.requestNo })).toEqual([a.id]);
    // By status.
    const inProgress = await ids({ status: ['inProgress'] });
    expect(inProgress).toContain(b.id);
    expect(inProgress).not.toContain(a.id);
    // By date (Hong Kong days): b was submitted twenty days ago.
    const today = addDays(tomorrow(), -1);
    const old = await ids({ dateTo: addDays(today, -19) });
    expect(old).toContain(b.id);
    expect(old).not.toContain(a.id);
    const recent = await ids({ dateFrom: today });
    expect(recent).toContain(a.id);
    expect(recent).not.toContain(b.id);
    // By type: a type the caller may not read gives nothing, not an error.
    expect(await ids({ type: ['comp_name'] })).toEqual([]);
    expect(await ids({ type: ['bill_addr'], status: ['pending'], q: a.c.ucpId })).toEqual([a.id]);
  });

  describe('the state machine: every action from every status', () => {
    const cases = CHANGE_STATUSES.flatMap((from) => REVIEW_ACTIONS.map((action) => [from, action, ACTION_FROM[action].includes(from)] as const));
    it.each(cases)('from %s, %s is allowed: %s', async (from, action, allowed) => {
      const { id } = await billAddrRequest();
      for (const a of PATH_TO[from]) expect((await step(id, a)).status).toBe(200);
      const res = await step(id, action);
      if (allowed) {
        expect(res.status).toBe(200);
      } else {
        expect(res.status).toBe(409);
        expect(res.body.status === 'error' && res.body.error.code).toBe('CHANGE_STATUS_CONFLICT');
        const [row] = await db().select({ status: changeRequests.status }).from(changeRequests).where(eq(changeRequests.id, id));
        expect(row!.status).toBe(from);
      }
    });
  });

  it('two staff approving at once: exactly one wins, the change is applied once', async () => {
    const { id } = await billAddrRequest();
    const second = await staffCaller(db(), APPROVER);
    const results = await Promise.all([step(id, 'approve'), step(id, 'approve', second.token), step(id, 'reject', second.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const events = await db().select().from(changeRequestEvents).where(eq(changeRequestEvents.requestId, id));
    expect(events.filter((e) => e.fromStatus !== null)).toHaveLength(1);
    // Approving again later is refused too.
    expect((await step(id, 'approve')).status).toBe(409);
  });

  it('a staff user sees and acts only on the types of its apv codes; others are 404', async () => {
    const { id } = await billAddrRequest();
    const c = await customerCaller(db());
    const hardcopy = await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(true, 'a@b.hk'), { token: c.token });
    if (hardcopy.body.status !== 'success') throw new Error('submit');
    const queue = await callEndpoint(server, C.endpoints.listQueue, { page: 1, pageSize: 100 }, { token: approver.token });
    if (queue.body.status !== 'success') throw new Error('queue');
    expect(new Set(queue.body.data.items.map((i) => i.type))).toEqual(new Set(['bill_addr']));
    expect(queue.body.data.items.some((i) => i.id === id)).toBe(true);
    expect((await callEndpoint(server, C.endpoints.getForReview, { id: hardcopy.body.data.id }, { token: approver.token })).status).toBe(404);
    expect((await step(hardcopy.body.data.id, 'approve')).status).toBe(404);
    const detail = await callEndpoint(server, C.endpoints.getForReview, { id }, { token: approver.token });
    expect(detail.body.status === 'success' && detail.body.data.actions).toEqual(['start', 'approve', 'reject']);
  });

  it('without the write code a staff user reads but cannot act (403, no actions offered); credit control reads billing addresses only', async () => {
    const { id } = await billAddrRequest();
    const reader = await staffCaller(db(), ['apv_chg_bill_addr_read']);
    const credit = await staffCaller(db(), ['cac_chg_bill_addr_read']);
    for (const who of [reader, credit]) {
      const detail = await callEndpoint(server, C.endpoints.getForReview, { id }, { token: who.token });
      expect(detail.body.status === 'success' && detail.body.data.actions).toEqual([]);
      expect((await step(id, 'approve', who.token)).status).toBe(403);
    }
    const queue = await callEndpoint(server, C.endpoints.listQueue, { page: 1, pageSize: 100, filter: { type: ['rec_hardcopy'] } }, { token: credit.token });
    expect(queue.body.status === 'success' && queue.body.data.total).toBe(0);
    // A customer user holding an approval code by mistake gets nothing (admin codes count only for staff).
    const c = await customerCaller(db(), ['ac_chg_bill_addr_read', 'apv_chg_bill_addr_write']);
    expect((await step(id, 'approve', c.token)).status).toBe(403);
  });

  it('approval applies every type: company name, hardcopy, machine location, toner address; a transfer changes no record', async () => {
    const boss = await staffCaller(db(), ALL_APPROVALS);
    const c = await customerCaller(db());
    const submitted: string[] = [];
    const ok = (r: { body: { status: string; data?: unknown } }) => {
      if (r.body.status !== 'success') throw new Error(JSON.stringify(r.body));
      submitted.push((r.body.data as { id: string }).id);
    };
    ok(await postMultipart(server, C.endpoints.submitCompanyName.path, c.token, { nameEn: 'Renamed Limited', nameZh: '新名有限公司', brNo: '12345678', effectiveDate: tomorrow(), idempotencyKey: randomUUID(), termsAccepted: 'true' }));
    ok(await callEndpoint(server, C.endpoints.submitReceiveHardcopy, hardcopyBody(true, 'ap@renamed.hk'), { token: c.token }));
    ok(
      await callEndpoint(
        server,
        C.endpoints.submitMachineLocation,
        machineMoveBody([c.machineA.id], { locationDetail: 'Print room' }),
        { token: c.token },
      ),
    );
    ok(await callEndpoint(server, C.endpoints.submitTonerAddress, tonerAddressBody([c.machineB.id], { contactName: 'Wong', contactPhone: '98765432' }), { token: c.token }));
    ok(
      await postMultipart(server, C.endpoints.submitTransferAgreement.path, c.token, transferFields([c.contract.id])),
    );
    for (const id of submitted) expect((await step(id, 'approve', boss.token)).status).toBe(200);
    const [cust] = await db().select().from(customers).where(eq(customers.ucpId, c.ucpId));
    expect(cust).toMatchObject({ nameEn: 'Renamed Limited', nameZh: '新名有限公司', brNo: '12345678', receiveHardcopyBill: true, contactEmail: 'ap@renamed.hk' });
    const [a] = await db().select().from(machines).where(eq(machines.id, c.machineA.id));
    expect(a).toMatchObject({ addressEn: ADDRESS_EN, locationEn: 'Print room', tonerAddressEn: c.machineA.tonerAddressEn });
    const [b] = await db().select().from(machines).where(eq(machines.id, c.machineB.id));
    expect(b).toMatchObject({ addressEn: c.machineB.addressEn, tonerAddressEn: ADDRESS_EN, tonerContactName: 'Wong', tonerContactPhone: '98765432' });
    for (const id of submitted) expect((await step(id, 'complete', boss.token)).status).toBe(200);
  });

  it('an approved transfer’s notice says the contract team completes it, not that the records show the change (approval changes none)', async () => {
    const boss = await staffCaller(db(), ALL_APPROVALS);
    const c = await customerCaller(db());
    const res = await postMultipart(server, C.endpoints.submitTransferAgreement.path, c.token, transferFields([c.contract.id]));
    if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
    const { id, requestNo } = res.body.data as { id: string; requestNo: string };
    expect((await step(id, 'approve', boss.token)).status).toBe(200);
    const [notice] = await db()
      .select({ bodyEn: inboxMessages.bodyEn, bodyZh: inboxMessages.bodyZh })
      .from(inboxDeliveries)
      .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
      .where(and(eq(inboxDeliveries.userAcUuid, c.user.userAcUuid), eq(inboxMessages.titleEn, `Your request ${requestNo} was approved`)));
    expect(notice!.bodyEn).not.toContain('records now show the change');
    expect(notice!.bodyEn).toContain('contract team');
    expect(notice!.bodyZh).not.toContain('帳戶記錄已更新');
    expect(notice!.bodyZh).toContain('合約團隊');
  });
});
