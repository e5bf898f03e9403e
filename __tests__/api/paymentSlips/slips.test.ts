import { and, eq } from 'drizzle-orm';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { billsContract } from '@/lib/bills/contract';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { auditLog, bills, paymentSlipBills, paymentSlips } from '@/lib/server/db/schema';
import { addGroupMember, createGroup, createMember, createUser, linkUserToCustomer, tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';
import { createBill, createSlip, pngBytes, useBillingToday } from '../bills/billFixtures';

const { listSlips, getSlipFile, listForReview, getForReview, getReviewFile, approveSlip, rejectSlip } = paymentSlipsContract.endpoints;
const { listBills } = billsContract.endpoints;

describeEachDb('payment slips: history, files and staff review', (getHandle) => {
  const server = useTestServer(getHandle);
  useBillingToday();
  const db = () => getHandle().db;

  /** A customer with two users: one with `_read_all`, one with only `_read`; both may upload. */
  async function customerWithTwoUsers() {
    const all = await createMember(db(), ['payslip_upload_read_all', 'payslip_upload_write', 'mgt_bills_read']);
    const own = await createUser(db());
    await linkUserToCustomer(db(), own, all.customer);
    const g = await createGroup(db(), ['payslip_upload_read', 'payslip_upload_write', 'mgt_bills_read']);
    await addGroupMember(db(), g, own, all.customer);
    return {
      ucpId: all.customer.ucpId,
      allUser: all.user,
      ownUser: own,
      allToken: await tokenFor(all.user, all.customer.ucpId),
      ownToken: await tokenFor(own, all.customer.ucpId),
    };
  }

  async function staff(codes: Parameters<typeof createMember>[1] = ['payslip_review_read', 'payslip_review_write']) {
    const m = await createMember(db(), codes, { user: { isProviderStaff: true } });
    return { ...m, token: await tokenFor(m.user, m.customer.ucpId) };
  }

  describe('listSlips and getSlipFile', () => {
    it('_read_all sees every slip of the customer, _read only the caller’s own; nobody sees another customer’s', async () => {
      const c = await customerWithTwoUsers();
      const bill = await createBill(db(), c.ucpId);
      const byAll = await createSlip(db(), c.ucpId, [bill.id], { uploadedBy: c.allUser.userAcUuid, status: 'reject', reviewedAt: new Date(), reviewComment: 'Blurred' });
      const byOwn = await createSlip(db(), c.ucpId, [bill.id], { uploadedBy: c.ownUser.userAcUuid });
      const stranger = await customerWithTwoUsers();
      const foreign = await createSlip(db(), stranger.ucpId, [], { uploadedBy: stranger.allUser.userAcUuid });

      const ids = async (token: string, body: Record<string, unknown> = {}) =>
        ((await server.post(listSlips.path, { page: 1, ...body }, { token })).body.data.items as { id: string }[]).map((i) => i.id).sort();
      expect(await ids(c.allToken)).toEqual([byAll.id, byOwn.id].sort());
      expect(await ids(c.ownToken)).toEqual([byOwn.id]);
      expect(await ids(c.allToken, { filter: { status: ['reject'] } })).toEqual([byAll.id]);

      const res = await server.post(listSlips.path, { page: 1, sort: { field: 'slipNo', direction: 'asc' } }, { token: c.allToken });
      expect(res.body.data.total).toBe(2);
      const rejected = (res.body.data.items as Record<string, unknown>[]).find((i) => i.id === byAll.id)!;
      expect(rejected).toEqual({
        id: byAll.id,
        slipNo: byAll.slipNo,
        amountCents: 10_000,
        paymentDate: '2026-11-01',
        paymentMethod: 'fps',
        reference: '',
        status: 'reject',
        reviewComment: 'Blurred',
        reviewedAt: expect.any(String),
        createdAt: expect.any(String),
        uploadedByName: c.allUser.name,
        bills: [{ billId: bill.id, billNo: bill.billNo, appliedCents: 0 }],
        fileName: `${byAll.slipNo}-slip.png`,
      });

      // Files follow the same visibility; another customer's slip is 404 like a missing one.
      const file = await server.post(getSlipFile.path, { id: byOwn.id }, { token: c.ownToken });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['content-disposition']).toContain(`${byOwn.slipNo}-slip.png`);
      expect((await server.post(getSlipFile.path, { id: byAll.id }, { token: c.ownToken })).status).toBe(404);
      expect((await server.post(getSlipFile.path, { id: byAll.id }, { token: c.allToken })).status).toBe(200);
      const other = await server.post(getSlipFile.path, { id: foreign.id }, { token: c.allToken });
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe('NOT_FOUND');
    });

    it('refuses callers without a payslip read code (403), and staff codes do not open customer slips', async () => {
      const m = await createMember(db(), ['mgt_bills_read', 'payslip_review_read']);
      const token = await tokenFor(m.user, m.customer.ucpId);
      expect((await server.post(listSlips.path, { page: 1 }, { token })).status).toBe(403);
    });
  });

  describe('staff review', () => {
    it('lists slips of every customer for staff (pending first), with filters; non-staff 403', async () => {
      const s = await staff(['payslip_review_read']);
      const a = await customerWithTwoUsers();
      const b = await customerWithTwoUsers();
      const billA = await createBill(db(), a.ucpId);
      const billB = await createBill(db(), b.ucpId);
      const approved = await createSlip(db(), a.ucpId, [billA.id], { status: 'approved', reviewedAt: new Date() });
      const pendingA = await createSlip(db(), a.ucpId, [billA.id]);
      const pendingB = await createSlip(db(), b.ucpId, [billB.id]);

      const page = async (filter: Record<string, unknown>) => {
        const res = await server.post(listForReview.path, { page: 1, pageSize: 100, filter }, { token: s.token });
        expect(res.status).toBe(200);
        return res.body.data as { items: { id: string; status: string; ucpId: string; customerNameEn: string; fileMimeType: string }[]; total: number };
      };
      const mine = await page({ ucpId: a.ucpId });
      expect(mine.items.map((i) => i.id)).toEqual([pendingA.id, approved.id]);
      expect(mine.items[0]).toMatchObject({ ucpId: a.ucpId, fileMimeType: 'image/png', customerNameEn: expect.any(String) });
      const pending = await page({ status: ['pending'] });
      expect(pending.items.map((i) => i.id)).toEqual(expect.arrayContaining([pendingA.id, pendingB.id]));
      expect(pending.items.every((i) => i.status === 'pending')).toBe(true);
      expect((await page({ q: pendingB.slipNo })).items.map((i) => i.id)).toEqual([pendingB.id]);
      // Upload dates are Hong Kong days of the real upload time.
      const uploadedOn = hkToday(new Date());
      expect((await page({ ucpId: b.ucpId, dateFrom: uploadedOn, dateTo: uploadedOn })).items.map((i) => i.id)).toEqual([pendingB.id]);
      expect((await page({ ucpId: b.ucpId, dateTo: addDays(uploadedOn, -1) })).items).toHaveLength(0);
      expect((await page({ ucpId: b.ucpId, dateFrom: addDays(uploadedOn, 1) })).items).toHaveLength(0);

      const customer = await server.post(listForReview.path, { page: 1 }, { token: a.allToken });
      expect(customer.status).toBe(403);
      expect((await server.post(approveSlip.path, { id: pendingA.id }, { token: s.token })).status).toBe(403);
    });

    it('shows one slip with its bills as they stand and lets staff open its file', async () => {
      const s = await staff(['payslip_review_read']);
      const c = await customerWithTwoUsers();
      const b1 = await createBill(db(), c.ucpId, { amountCents: 30_000, paidCents: 5_000 });
      const slip = await createSlip(db(), c.ucpId, [b1.id], { uploadedBy: c.ownUser.userAcUuid, amountCents: 25_000 });
      const res = await server.post(getForReview.path, { id: slip.id }, { token: s.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: slip.id,
        ucpId: c.ucpId,
        status: 'pending',
        uploadedByName: c.ownUser.name,
        outstandingCents: 25_000,
        file: { fileName: 'slip.png', mimeType: 'image/png', sizeBytes: pngBytes().length },
        bills: [{ billId: b1.id, billNo: b1.billNo, amountCents: 30_000, paidCents: 5_000, balanceCents: 25_000, appliedCents: 0, status: 'under_review' }],
      });
      const file = await server.post(getReviewFile.path, { id: slip.id }, { token: s.token });
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect((await server.post(getForReview.path, { id: '00000000-0000-4000-8000-000000000000' }, { token: s.token })).status).toBe(404);
    });

    it('approve applies the amount oldest bill first: bills turn paid / partly paid; audit row; re-review 409', async () => {
      const s = await staff();
      const c = await customerWithTwoUsers();
      const older = await createBill(db(), c.ucpId, { amountCents: 40_000, paidCents: 10_000, billDate: '2026-09-01', dueDate: '2026-10-01' });
      const newer = await createBill(db(), c.ucpId, { amountCents: 50_000, billDate: '2026-11-01', dueDate: '2026-12-01' });
      const slip = await createSlip(db(), c.ucpId, [newer.id, older.id], { amountCents: 45_000 });

      const res = await server.post(approveSlip.path, { id: slip.id, comment: 'Received' }, { token: s.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        id: slip.id,
        status: 'approved',
        allocations: [
          { billId: older.id, appliedCents: 30_000 },
          { billId: newer.id, appliedCents: 15_000 },
        ],
      });
      const statuses = await server.post(listBills.path, { page: 1 }, { token: c.allToken });
      const byId = Object.fromEntries((statuses.body.data.items as { id: string; status: string; paidCents: number }[]).map((i) => [i.id, [i.status, i.paidCents]]));
      expect(byId).toEqual({ [older.id]: ['paid', 40_000], [newer.id]: ['partly_paid', 15_000] });
      const links = await db().select().from(paymentSlipBills).where(eq(paymentSlipBills.slipId, slip.id));
      expect(Object.fromEntries(links.map((l) => [l.billId, l.appliedCents]))).toEqual({ [older.id]: 30_000, [newer.id]: 15_000 });
      const [row] = await db().select().from(paymentSlips).where(eq(paymentSlips.id, slip.id));
      expect(row).toMatchObject({ status: 'approved', reviewedBy: s.user.userAcUuid, reviewComment: 'Received' });
      expect(row!.reviewedAt).toBeInstanceOf(Date);

      const audit = await db().select().from(auditLog).where(and(eq(auditLog.entity, 'payment_slip'), eq(auditLog.entityId, slip.id)));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorUuid: s.user.userAcUuid,
        action: 'payment_slip.approve',
        traceId: res.body.traceId,
        before: { status: 'pending', slipNo: slip.slipNo },
        after: { status: 'approved', unappliedCents: 0 },
      });

      for (const path of [approveSlip.path, rejectSlip.path]) {
        const again = await server.post(path, path === rejectSlip.path ? { id: slip.id, reason: 'late' } : { id: slip.id }, { token: s.token });
        expect(again.status).toBe(409);
        expect(again.body.error.code).toBe('SLIP_ALREADY_REVIEWED');
      }
      expect(await db().select().from(auditLog).where(eq(auditLog.entityId, slip.id))).toHaveLength(1);
    });

    it('approve with explicit allocations; allocations that do not fit are 400 and change nothing', async () => {
      const s = await staff();
      const c = await customerWithTwoUsers();
      const a = await createBill(db(), c.ucpId, { amountCents: 20_000 });
      const b = await createBill(db(), c.ucpId, { amountCents: 20_000 });
      const stranger = await createBill(db(), c.ucpId, { amountCents: 20_000 });
      const slip = await createSlip(db(), c.ucpId, [a.id, b.id], { amountCents: 30_000 });
      for (const allocations of [
        [{ billId: a.id, appliedCents: 20_001 }],
        [{ billId: a.id, appliedCents: 20_000 }, { billId: b.id, appliedCents: 10_001 }],
        [{ billId: stranger.id, appliedCents: 100 }],
        [{ billId: a.id, appliedCents: 0 }],
      ]) {
        const res = await server.post(approveSlip.path, { id: slip.id, allocations }, { token: s.token });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION');
      }
      const [unchanged] = await db().select().from(paymentSlips).where(eq(paymentSlips.id, slip.id));
      expect(unchanged!.status).toBe('pending');
      const ok = await server.post(approveSlip.path, { id: slip.id, allocations: [{ billId: b.id, appliedCents: 20_000 }, { billId: a.id, appliedCents: 10_000 }] }, { token: s.token });
      expect(ok.status).toBe(200);
      const paid = await db().select({ id: bills.id, paid: bills.paidCents }).from(bills).where(eq(bills.ucpId, c.ucpId));
      expect(Object.fromEntries(paid.map((p) => [p.id, p.paid]))).toEqual({ [a.id]: 10_000, [b.id]: 20_000, [stranger.id]: 0 });
    });

    it('reject with a reason: bills leave review (unpaid / overdue again), the customer sees the comment; audit row', async () => {
      const s = await staff();
      const c = await customerWithTwoUsers();
      const late = await createBill(db(), c.ucpId, { dueDate: '2026-11-01' });
      const current = await createBill(db(), c.ucpId, { billDate: '2026-11-10', dueDate: '2026-12-10' });
      const slip = await createSlip(db(), c.ucpId, [late.id, current.id], { uploadedBy: c.ownUser.userAcUuid });

      const blank = await server.post(rejectSlip.path, { id: slip.id, reason: '   ' }, { token: s.token });
      expect(blank.status).toBe(400);
      expect((await server.post(rejectSlip.path, { id: slip.id, reason: 'x'.repeat(501) }, { token: s.token })).status).toBe(400);

      const res = await server.post(rejectSlip.path, { id: slip.id, reason: 'The amount on the slip is unreadable.' }, { token: s.token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id: slip.id, status: 'reject', allocations: [] });
      const statuses = await server.post(listBills.path, { page: 1 }, { token: c.allToken });
      expect(Object.fromEntries((statuses.body.data.items as { id: string; status: string }[]).map((i) => [i.id, i.status]))).toEqual({
        [late.id]: 'overdue',
        [current.id]: 'unpaid',
      });
      const history = await server.post(listSlips.path, { page: 1 }, { token: c.ownToken });
      expect(history.body.data.items[0]).toMatchObject({ id: slip.id, status: 'reject', reviewComment: 'The amount on the slip is unreadable.' });
      const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, slip.id));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'payment_slip.reject', actorUuid: s.user.userAcUuid, after: { status: 'reject', comment: 'The amount on the slip is unreadable.' } });
      expect((await server.post(approveSlip.path, { id: slip.id }, { token: s.token })).status).toBe(409);
    });

    it('a customer user cannot review (403), even with every customer code', async () => {
      const c = await createMember(db(), ['payslip_upload_read_all', 'payslip_upload_write', 'mgt_bills_read']);
      const bill = await createBill(db(), c.customer.ucpId);
      const slip = await createSlip(db(), c.customer.ucpId, [bill.id]);
      const token = await tokenFor(c.user, c.customer.ucpId);
      for (const [path, body] of [[approveSlip.path, { id: slip.id }], [rejectSlip.path, { id: slip.id, reason: 'no' }], [getForReview.path, { id: slip.id }], [getReviewFile.path, { id: slip.id }]] as const) {
        expect((await server.post(path, body, { token })).status).toBe(403);
      }
      const [row] = await db().select().from(paymentSlips).where(eq(paymentSlips.id, slip.id));
      expect(row!.status).toBe('pending');
    });
  });
});
