import { and, eq } from 'drizzle-orm';
import { paymentSlips } from '@/lib/server/db/schema';
import { apiRoutes } from '@/lib/server/api/routes';
import { setBillingToday } from '@/lib/server/services/bills';
import { createMember, tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';
import { createBill, createContract, createSlip, TODAY, useBillingToday } from './billFixtures';
import { billsContract } from '@/lib/bills/contract';

const LIST = billsContract.endpoints.listBills.path;
const GET = billsContract.endpoints.getBill.path;
const SUMMARY = billsContract.endpoints.getBillSummary.path;
const CONTRACTS = billsContract.endpoints.listBillContracts.path;

describe('bills route table', () => {
  it('declares the bill endpoints with mgt_bills_read', () => {
    for (const path of [LIST, GET, SUMMARY, CONTRACTS, billsContract.endpoints.downloadBillPdf.path, billsContract.endpoints.downloadStatement.path]) {
      expect(apiRoutes[path]?.permission).toEqual({ anyOf: ['mgt_bills_read'] });
    }
  });
});

describeEachDb('bills API', (getHandle) => {
  const server = useTestServer(getHandle);
  useBillingToday();
  const db = () => getHandle().db;

  async function caller(codes: Parameters<typeof createMember>[1] = ['mgt_bills_read']) {
    const m = await createMember(db(), codes);
    return { ...m, ucpId: m.customer.ucpId, token: await tokenFor(m.user, m.customer.ucpId) };
  }

  const list = async (token: string, body: Record<string, unknown> = {}) => {
    const res = await server.post(LIST, { page: 1, pageSize: 50, ...body }, { token });
    expect(res.status).toBe(200);
    return res.body.data as { items: Record<string, unknown>[]; total: number; summary: Record<string, number> };
  };

  it('derives every status in SQL from amounts, due date, pending slips and the injected today', async () => {
    const c = await caller();
    const paid = await createBill(db(), c.ucpId, { amountCents: 10_000, paidCents: 10_000, dueDate: '2026-10-01', billDate: '2026-09-01' });
    const overdue = await createBill(db(), c.ucpId, { amountCents: 20_000, dueDate: '2026-11-21', billDate: '2026-10-22' });
    const dueToday = await createBill(db(), c.ucpId, { amountCents: 30_000, dueDate: TODAY, billDate: '2026-10-23' });
    const partly = await createBill(db(), c.ucpId, { amountCents: 40_000, paidCents: 15_000, dueDate: '2026-12-01', billDate: '2026-11-01' });
    const partlyLate = await createBill(db(), c.ucpId, { amountCents: 50_000, paidCents: 5_000, dueDate: '2026-11-01', billDate: '2026-10-02' });
    const review = await createBill(db(), c.ucpId, { amountCents: 60_000, dueDate: '2026-11-01', billDate: '2026-10-03' });
    await createSlip(db(), c.ucpId, [review.id]);
    const rejected = await createBill(db(), c.ucpId, { amountCents: 70_000, dueDate: '2026-12-05', billDate: '2026-11-05' });
    await createSlip(db(), c.ucpId, [rejected.id], { status: 'reject', reviewedAt: new Date(), reviewComment: 'unreadable' });

    const { items, total, summary } = await list(c.token);
    expect(total).toBe(7);
    const status = Object.fromEntries(items.map((i) => [i.id, i.status]));
    expect(status).toEqual({
      [paid.id]: 'paid',
      [overdue.id]: 'overdue',
      [dueToday.id]: 'unpaid',
      [partly.id]: 'partly_paid',
      [partlyLate.id]: 'overdue',
      [review.id]: 'under_review',
      [rejected.id]: 'unpaid',
    });
    // Outstanding: every balance, under review included. Overdue: every balance past its due date, the bill with a
    // slip under review included (one rule with the statement, issue 10 item 6); the slip's amount is shown beside it.
    const reviewSlipCents = (await db().select({ a: paymentSlips.amountCents }).from(paymentSlips).where(and(eq(paymentSlips.ucpId, c.ucpId), eq(paymentSlips.status, 'pending'))))
      .reduce((s, r) => s + r.a, 0);
    expect(reviewSlipCents).toBeGreaterThan(0);
    expect(summary).toEqual({
      outstandingCents: 20_000 + 30_000 + 25_000 + 45_000 + 60_000 + 70_000,
      overdueCents: 20_000 + 45_000 + 60_000,
      overdueCount: 3,
      underReviewCents: reviewSlipCents,
      underReviewCount: 1,
    });

    // The same data a day later: the bill due today is overdue now (the clock is the only change).
    setBillingToday('2026-11-23');
    try {
      const later = await list(c.token, { filter: { status: ['overdue'] } });
      expect(later.items.map((i) => i.id).sort()).toEqual([overdue.id, dueToday.id, partlyLate.id, review.id].sort());
    } finally {
      setBillingToday(TODAY);
    }

    const summaryRes = await server.post(SUMMARY, {}, { token: c.token });
    expect(summaryRes.body.data).toEqual(summary);
  });

  it('one definition of each status: the filter finds every bill carrying it, the overdue count is what "Overdue" finds', async () => {
    const c = await caller();
    const overdue = await createBill(db(), c.ucpId, { amountCents: 20_000, dueDate: '2026-11-01', billDate: '2026-10-01' });
    // Overdue, part of it paid, and a slip for HK$100 under review (QA: it left the "Overdue" filter, stayed counted).
    const partReview = await createBill(db(), c.ucpId, { amountCents: 50_000, paidCents: 5_000, dueDate: '2026-11-02', billDate: '2026-10-02' });
    await createSlip(db(), c.ucpId, [partReview.id], { amountCents: 10_000 });
    // Partly paid and overdue: found by "Partly paid" too (QA: "Partly paid" found nothing).
    const partlyLate = await createBill(db(), c.ucpId, { amountCents: 172_957, paidCents: 100_000, dueDate: '2026-11-03', billDate: '2026-10-03' });
    const partly = await createBill(db(), c.ucpId, { amountCents: 40_000, paidCents: 15_000, dueDate: '2026-12-01', billDate: '2026-11-01' });
    const unpaid = await createBill(db(), c.ucpId, { amountCents: 30_000, dueDate: '2026-12-02', billDate: '2026-11-02' });
    const paid = await createBill(db(), c.ucpId, { amountCents: 10_000, paidCents: 10_000, dueDate: '2026-10-01', billDate: '2026-09-01' });

    const all = await list(c.token);
    const byId = Object.fromEntries(all.items.map((i) => [i.id, i]));
    expect(byId[partReview.id]).toMatchObject({ status: 'under_review', statuses: ['under_review', 'overdue', 'partly_paid'], pendingCents: 10_000, payableCents: 35_000 });
    expect(byId[partlyLate.id]).toMatchObject({ status: 'overdue', statuses: ['overdue', 'partly_paid'], pendingCents: 0, payableCents: 72_957 });
    expect(byId[unpaid.id]).toMatchObject({ status: 'unpaid', statuses: ['unpaid'] });
    expect(byId[paid.id]).toMatchObject({ status: 'paid', statuses: ['paid'], payableCents: 0 });

    const found = async (status: string) => (await list(c.token, { filter: { status: [status] } })).items.map((i) => i.id).sort();
    expect(await found('overdue')).toEqual([overdue.id, partReview.id, partlyLate.id].sort());
    expect(await found('partly_paid')).toEqual([partReview.id, partlyLate.id, partly.id].sort());
    expect(await found('under_review')).toEqual([partReview.id]);
    expect(await found('unpaid')).toEqual([unpaid.id]);
    expect(await found('paid')).toEqual([paid.id]);
    // Every bill carries the statuses that find it.
    for (const s of ['overdue', 'partly_paid', 'under_review', 'unpaid', 'paid'] as const) {
      expect(all.items.filter((i) => (i.statuses as string[]).includes(s)).map((i) => i.id).sort()).toEqual(await found(s));
    }
    // The summary (and the home card, the same endpoint's figures) counts what the "Overdue" filter finds.
    const overdueList = await list(c.token, { filter: { status: ['overdue'] } });
    expect(all.summary.overdueCount).toBe(overdueList.total);
    expect(all.summary.overdueCents).toBe(overdueList.items.reduce((s, i) => s + Number(i.balanceCents), 0));
    const home = await server.post(SUMMARY, {}, { token: c.token });
    expect(home.body.data.overdueCount).toBe(overdueList.total);
  });

  it('answers exactly the list fields, balance included', async () => {
    const c = await caller();
    const contract = await createContract(db(), c.ucpId);
    const bill = await createBill(db(), c.ucpId, { contractId: contract.id, amountCents: 55_555, paidCents: 5_555 });
    const { items } = await list(c.token);
    expect(items).toEqual([
      {
        id: bill.id,
        billNo: bill.billNo,
        contractId: contract.id,
        contractNo: contract.contractNo,
        periodStart: '2026-09-01',
        periodEnd: '2026-09-30',
        billDate: '2026-10-01',
        dueDate: '2026-10-31',
        amountCents: 55_555,
        paidCents: 5_555,
        balanceCents: 50_000,
        pendingCents: 0,
        payableCents: 50_000,
        status: 'overdue',
        statuses: ['overdue', 'partly_paid'],
      },
    ]);
  });

  it('sorts by the amount columns, the amount and the balance, both ways (issue 10 minor)', async () => {
    const c = await caller();
    // Amount order a < b < d; balance order d < a < b (d is mostly paid).
    const a = await createBill(db(), c.ucpId, { amountCents: 100_000, paidCents: 0 });
    const b = await createBill(db(), c.ucpId, { amountCents: 200_000, paidCents: 0 });
    const d = await createBill(db(), c.ucpId, { amountCents: 300_000, paidCents: 290_000 });
    const sortedBy = async (field: string, direction: string) => (await list(c.token, { sort: { field, direction } })).items.map((i) => i.id);
    expect(await sortedBy('amount', 'asc')).toEqual([a.id, b.id, d.id]);
    expect(await sortedBy('balance', 'asc')).toEqual([d.id, a.id, b.id]);
    expect(await sortedBy('balance', 'desc')).toEqual([b.id, a.id, d.id]);
  });

  it('filters by status, contract, bill date range and bill number; the summary ignores the filter', async () => {
    const c = await caller();
    const k1 = await createContract(db(), c.ucpId);
    const k2 = await createContract(db(), c.ucpId);
    const a = await createBill(db(), c.ucpId, { contractId: k1.id, billDate: '2026-01-01', dueDate: '2026-01-31', paidCents: 123_450 });
    const b = await createBill(db(), c.ucpId, { contractId: k1.id, billDate: '2026-06-01', dueDate: '2026-07-01' });
    const d = await createBill(db(), c.ucpId, { contractId: k2.id, billDate: '2026-11-10', dueDate: '2026-12-10', billNo: `INV-FIND-${c.ucpId}` });
    const all = await list(c.token);
    const ids = async (filter: Record<string, unknown>) => (await list(c.token, { filter })).items.map((i) => i.id).sort();

    expect(await ids({ status: ['paid'] })).toEqual([a.id]);
    expect(await ids({ status: ['overdue', 'unpaid'] })).toEqual([b.id, d.id].sort());
    expect(await ids({ contractId: k1.id })).toEqual([a.id, b.id].sort());
    expect(await ids({ dateFrom: '2026-06-01', dateTo: '2026-11-10' })).toEqual([b.id, d.id].sort());
    expect(await ids({ dateTo: '2026-05-31' })).toEqual([a.id]);
    expect(await ids({ q: 'find' })).toEqual([d.id]);
    // `%` and `_` are literal, not wildcards.
    expect(await ids({ q: '%' })).toEqual([]);
    const filtered = await list(c.token, { filter: { status: ['paid'] } });
    expect(filtered.summary).toEqual(all.summary);
    const contracts = await server.post(CONTRACTS, {}, { token: c.token });
    expect(contracts.body.data).toEqual([{ id: k1.id, contractNo: k1.contractNo }, { id: k2.id, contractNo: k2.contractNo }].sort((x, y) => x.contractNo.localeCompare(y.contractNo)));
  });

  it('sorts by the allow-list in SQL (newest bill first by default) and pages with a stable order', async () => {
    const c = await caller();
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(await createBill(db(), c.ucpId, { billNo: `INV-S-${c.ucpId}-${i}`, billDate: `2026-0${i + 1}-15`, dueDate: `2026-0${i + 2}-15`, amountCents: 10_000 * (5 - i) }));
    }
    const order = async (sort?: Record<string, string>, page = 1, pageSize = 50) =>
      (await list(c.token, { sort, page, pageSize })).items.map((i) => i.billNo);
    expect(await order()).toEqual(made.map((b) => b.billNo).reverse());
    expect(await order({ field: 'amount', direction: 'asc' })).toEqual(made.map((b) => b.billNo).reverse());
    expect(await order({ field: 'dueDate', direction: 'asc' })).toEqual(made.map((b) => b.billNo));
    expect(await order({ field: 'billNo', direction: 'desc' })).toEqual(made.map((b) => b.billNo).reverse());
    const pages = [...(await order({ field: 'billNo', direction: 'asc' }, 1, 2)), ...(await order({ field: 'billNo', direction: 'asc' }, 2, 2)), ...(await order({ field: 'billNo', direction: 'asc' }, 3, 2))];
    expect(pages).toEqual(made.map((b) => b.billNo));
    const page3 = await list(c.token, { page: 3, pageSize: 2 });
    expect(page3.total).toBe(5);
    expect(page3.items).toHaveLength(1);
  });

  it('refuses sort fields off the allow-list, unknown filters and bad dates (400)', async () => {
    const c = await caller();
    for (const body of [
      { sort: { field: 'amount_cents', direction: 'asc' } },
      { filter: { ucpId: 'UCP100001' } },
      { filter: { status: ['lost'] } },
      { filter: { dateFrom: '2026-02-30' } },
      { pageSize: 1000 },
    ]) {
      const res = await server.post(LIST, { page: 1, ...body }, { token: c.token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
    }
  });

  it('shows only the caller’s customer: another customer’s bills are never listed and are 404 by id', async () => {
    const mine = await caller();
    const other = await caller();
    const own = await createBill(db(), mine.ucpId);
    const foreign = await createBill(db(), other.ucpId);
    expect((await list(mine.token)).items.map((i) => i.id)).toEqual([own.id]);
    const res = await server.post(GET, { id: foreign.id }, { token: mine.token });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    // The same answer as for an id that does not exist.
    const none = await server.post(GET, { id: '00000000-0000-4000-8000-000000000000' }, { token: mine.token });
    expect(none.status).toBe(404);
    expect(none.body.error).toEqual(res.body.error);
  });

  it('explains a bill: its lines with readings, allowance, rate; its contract; its slips', async () => {
    const c = await caller();
    const contract = await createContract(db(), c.ucpId, { billingFrequency: 'quarterly', contractType: 'lease' });
    const bill = await createBill(db(), c.ucpId, { contractId: contract.id, amountCents: 145_000 });
    const slip = await createSlip(db(), c.ucpId, [bill.id], { amountCents: 145_000 });
    const res = await server.post(GET, { id: bill.id }, { token: c.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ id: bill.id, billNo: bill.billNo, status: 'under_review', balanceCents: 145_000 });
    expect(d.contract).toEqual({ id: contract.id, contractNo: contract.contractNo, contractType: 'lease', billingFrequency: 'quarterly' });
    expect(d.lines).toHaveLength(2);
    expect(d.lines[1]).toEqual({
      lineNo: 2,
      lineType: 'mono_usage',
      descriptionEn: 'Black & white pages',
      descriptionZh: '黑白印量',
      machineId: null,
      serialNo: 'SN-TEST-1',
      openingReading: 10_000,
      closingReading: 21_000,
      allowance: 1000,
      billablePages: 10_000,
      rate: '0.0450',
      amountCents: 45_000,
    });
    expect(d.lines.reduce((s: number, l: { amountCents: number }) => s + l.amountCents, 0)).toBe(d.amountCents);
    expect(d.payments).toEqual([{ slipNo: slip.slipNo, status: 'pending', paymentDate: '2026-11-01', paymentMethod: 'fps', amountCents: 145_000, appliedCents: 0 }]);
  });

  it('refuses callers without mgt_bills_read (403)', async () => {
    const c = await caller(['payslip_upload_read']);
    await createBill(db(), c.ucpId);
    for (const path of [LIST, SUMMARY, CONTRACTS]) {
      const res = await server.post(path, path === LIST ? { page: 1 } : {}, { token: c.token });
      expect(res.status).toBe(403);
    }
  });
});
