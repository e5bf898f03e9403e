import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { contractsContract } from '@/lib/contracts/contract';
import { priceMonths } from '@/lib/contracts/terms';
import { addDays, addMonths, hkToday } from '@/lib/dates/hongKong';
import { renewalContract } from '@/lib/renewal/contract';
import { formatDate } from '@/lib/i18n/locales';
import { auditLog, contractEvents, contractRenewals, inboxDeliveries, inboxMessages, meterReadings, renewalOffers } from '@/lib/server/db/schema';
import { serviceContext } from '@/lib/server/context';
import { getContract } from '@/lib/server/services/contracts';
import { msg } from '@/lib/zodMessages';
import { createBill, createContract } from '../bills/billFixtures';
import { createMember, tokenFor, uniq } from '../helpers/fixtures';
import { createMachine, createModel } from '../helpers/orderFixtures';
import { renewalOfferFields } from '../helpers/renewalFixtures';
import { withTableHeld } from '../helpers/heldTable';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';

const R = renewalContract.endpoints;
const C = contractsContract.endpoints;
const today = hkToday();

describeEachDb('contracts, billing schedules and renewals', (getHandle) => {
  const server = useTestServer(getHandle);
  let offerId: string;
  let otherTypeOfferId: string;
  beforeAll(async () => {
    const [o] = await getHandle()
      .db.insert(renewalOffers)
      .values({
        offerCode: `T-RENT-${uniq().toUpperCase()}`,
        nameEn: 'Test rental renewal',
        nameZh: '測試租賃續約',
        contractType: 'rental',
        termMonths: 36,
        periodChargeCents: 80_000,
        minimumChargeCents: 0,
        monoRate: '0.0400',
        colourRate: '0.4000',
        monoAllowance: 2000,
        colourAllowance: 200,
        validFrom: addDays(today, -30),
        validTo: addDays(today, 300),
      })
      .returning();
    offerId = o!.id;
    const [m] = await getHandle()
      .db.insert(renewalOffers)
      .values({ offerCode: `T-MAINT-${uniq().toUpperCase()}`, nameEn: 'Maint', nameZh: '保養', contractType: 'maintenance', termMonths: 24, monoRate: '0.04', colourRate: '0', validFrom: addDays(today, -30), validTo: addDays(today, 300) })
      .returning();
    otherTypeOfferId = m!.id;
  });
  const db = () => getHandle().db;

  /**
   * A customer whose 36-month rental ends in `endsIn` days; one colour machine read monthly for 13 months (3,000 mono,
   * 500 colour a month). The start is 36 months before the day after the end, counted back from that day: 36 months
   * back from today and then `endsIn + 1` days on gave a start one day off whenever those days crossed a February of
   * another length (run on 1 Jan 2027: 2024-03-02 to 2027-03-02, a 37th one-day period in the billing schedule).
   */
  async function customer(
    endsIn = 60,
    codes: Parameters<typeof createMember>[1] = ['contract_renewal_read', 'contract_renewal_write', 'contract_billing_read', 'contract_download'],
    { contractTerms = {}, lastReadingMonthsAgo = 1 }: { contractTerms?: Partial<Parameters<typeof createContract>[2]>; lastReadingMonthsAgo?: number } = {},
  ) {
    const m = await createMember(db(), codes);
    const endDate = addDays(today, endsIn);
    const contract = await createContract(db(), m.customer.ucpId, { startDate: addMonths(addDays(endDate, 1), -36), endDate, termMonths: 36, ...contractTerms });
    const machine = await createMachine(db(), m.customer, await createModel(db(), { isColour: true }), { contractId: contract.id });
    const rows: (typeof meterReadings.$inferInsert)[] = [];
    for (let k = 13; k >= lastReadingMonthsAgo; k -= 1) {
      rows.push({ machineId: machine.id, ucpId: m.customer.ucpId, readingDate: addMonths(today, -k), monoCounter: 1000 + (13 - k) * 3000, colourCounter: 100 + (13 - k) * 500, source: 'automatic' });
    }
    if (rows.length) await db().insert(meterReadings).values(rows);
    return { ...m, contract, machine, token: await tokenFor(m.user, m.customer.ucpId) };
  }

  /** The bodies of the inbox messages delivered to a customer() user. */
  const inboxBodies = (c: { user: { userAcUuid: string }; customer: { ucpId: string } }) =>
    db()
      .select({ bodyEn: inboxMessages.bodyEn, bodyZh: inboxMessages.bodyZh })
      .from(inboxDeliveries)
      .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
      .where(and(eq(inboxDeliveries.userAcUuid, c.user.userAcUuid), eq(inboxDeliveries.ucpId, c.customer.ucpId)));

  async function staff(codes: Parameters<typeof createMember>[1]) {
    const m = await createMember(db(), codes, { user: { isProviderStaff: true } });
    return { ...m, token: await tokenFor(m.user, m.customer.ucpId) };
  }

  describe('eligibility and pricing', () => {
    it('lists contracts inside the window with days left to the notice deadline; not those outside it or past it', async () => {
      const c = await customer(60);
      const early = await createContract(db(), c.customer.ucpId, { endDate: addDays(today, 200) });
      const late = await createContract(db(), c.customer.ucpId, { endDate: addDays(today, 20) });
      const res = await callEndpoint(server, R.listRenewable, {}, { token: c.token });
      if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
      const byId = new Map(res.body.data.items.map((i) => [i.contractId, i]));
      expect(byId.has(early.id)).toBe(false);
      expect(byId.get(c.contract.id)!.eligibility).toMatchObject({ eligible: true, daysToDeadline: 30, noticeDeadline: addDays(today, 30), windowOpensOn: addDays(today, -30) });
      expect(byId.get(c.contract.id)!.offerCount).toBeGreaterThanOrEqual(1);
      expect(byId.get(late.id)!.eligibility).toMatchObject({ eligible: false, reason: 'past_deadline', daysToDeadline: -10 });
    });

    it('prices the last 12 months of actual volume at the current terms and at each offer that applies', async () => {
      const c = await customer(60);
      const res = await callEndpoint(server, R.getOptions, { contractId: c.contract.id }, { token: c.token });
      if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
      const months = Array.from({ length: 12 }, () => [{ machineId: c.machine.id, isColour: true, mono: 3000, colour: 500 }]);
      // Current terms (fixture): HK$1,000 a month, minimum HK$500, 1,000 / 100 included at 0.045 / 0.45.
      expect(res.body.data.monthsCompared).toBe(12);
      expect(res.body.data.pages).toEqual({ mono: 36_000, colour: 6000 });
      const current = priceMonths({ periodChargeCents: 100_000, minimumChargeCents: 50_000, monoRate: '0.0450', colourRate: '0.4500', monoAllowance: 1000, colourAllowance: 100 }, 'monthly', months);
      expect(res.body.data.currentCostCents).toBe(current);
      // (100,000 + max(50,000, 2,000 × 4.5 + 400 × 45 = 27,000)) × 12
      expect(current).toBe(12 * 150_000);
      const offer = res.body.data.offers.find((o) => o.id === offerId)!;
      // 80,000 + 1,000 × 4 + 300 × 40 = 96,000 a month.
      expect(offer.offerCostCents).toBe(12 * 96_000);
      expect(offer.differenceCents).toBe(12 * 96_000 - current);
      expect(res.body.data.offers.some((o) => o.id === otherTypeOfferId)).toBe(false);
    });
  });

  // QA: Harbour View's quarterly rental had 11 months of readings (November's missed). Its two last months paid a
  // whole quarter against 11 months at each monthly offer, under "12 months" headings, in the inbox and the staff log.
  it('with a missed reading, prices the same months on both sides (a part quarter in proportion) and says how many', async () => {
    const quarterly = { billingFrequency: 'quarterly', periodChargeCents: 300_000, minimumChargeCents: 150_000, monoAllowance: 3000, colourAllowance: 300 } as const;
    const c = await customer(60, undefined, { contractTerms: quarterly, lastReadingMonthsAgo: 2 });
    const res = await callEndpoint(server, R.getOptions, { contractId: c.contract.id }, { token: c.token });
    if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
    expect(res.body.data.monthsCompared).toBe(11);
    // Three quarters: 300,000 + max(150,000, 6,000 × 4.5 + 1,200 × 45 = 81,000); the last two months two thirds of
    // one: 200,000 + max(100,000, 4,000 × 4.5 + 800 × 45 = 54,000). Before, they paid a whole quarter (450,000).
    expect(res.body.data.currentCostCents).toBe(3 * 450_000 + 300_000);
    const offer = res.body.data.offers.find((o) => o.id === offerId)!;
    expect(offer.offerCostCents).toBe(11 * 96_000);

    const sub = await callEndpoint(server, R.submitRenewal, { contractId: c.contract.id, offerId, idempotencyKey: randomUUID(), acceptTerms: true }, { token: c.token });
    if (sub.body.status !== 'success') throw new Error(JSON.stringify(sub.body));
    const [stored] = await db().select().from(contractRenewals).where(eq(contractRenewals.id, sub.body.data.id));
    expect(stored).toMatchObject({ monthsCompared: 11, currentCostCents: 3 * 450_000 + 300_000, offerCostCents: 11 * 96_000 });
    const [mail] = await inboxBodies(c);
    expect(mail!.bodyEn).toContain('Priced on your last 11 months of printing');
    expect(mail!.bodyZh).toContain('按您過去11個月的印量計算');
    const s = await staff(['contract_renewal_log']);
    const log = await callEndpoint(server, R.getLog, { id: sub.body.data.id }, { token: s.token });
    if (log.body.status !== 'success') throw new Error(JSON.stringify(log.body));
    expect(log.body.data.monthsCompared).toBe(11);
  });

  it('a renewal priced past HK$21 million (a confirmed counter near its 999,999,999 limit) is stored, not a 500 (integer column)', async () => {
    const c = await customer(60);
    // The counters jump to near their limit (a reading confirmed over the high-volume warning): the year's usage priced at
    // the contract's rates comes to more than 2,147,483,647 cents, the most an integer column holds.
    await db().insert(meterReadings).values({ machineId: c.machine.id, ucpId: c.customer.ucpId, readingDate: addDays(today, -1), monoCounter: 999_000_000, colourCounter: 900_000_000, source: 'web', status: 'confirmed' });
    const options = await callEndpoint(server, R.getOptions, { contractId: c.contract.id }, { token: c.token });
    if (options.body.status !== 'success') throw new Error(JSON.stringify(options.body));
    const expected = { current: options.body.data.currentCostCents, offer: options.body.data.offers.find((o) => o.id === offerId)!.offerCostCents };
    expect(expected.current).toBeGreaterThan(2 ** 31);
    const sub = await callEndpoint(server, R.submitRenewal, { contractId: c.contract.id, offerId, idempotencyKey: randomUUID(), acceptTerms: true }, { token: c.token });
    if (sub.body.status !== 'success') throw new Error(JSON.stringify(sub.body));
    const [stored] = await db().select().from(contractRenewals).where(eq(contractRenewals.id, sub.body.data.id));
    expect(stored).toMatchObject({ currentCostCents: expected.current, offerCostCents: expected.offer });
    const s = await staff(['contract_renewal_log', 'contract_renewal_report']);
    const log = await callEndpoint(server, R.getLog, { id: sub.body.data.id }, { token: s.token });
    if (log.body.status !== 'success') throw new Error(JSON.stringify(log.body));
    expect(log.body.data).toMatchObject({ currentCostCents: expected.current, offerCostCents: expected.offer });
  });

  it('with no readings at all, the confirmation names no costs (not HK$0.00 for "the last 0 months")', async () => {
    const c = await customer(60, undefined, { lastReadingMonthsAgo: 14 });
    const sub = await callEndpoint(server, R.submitRenewal, { contractId: c.contract.id, offerId, idempotencyKey: randomUUID(), acceptTerms: true }, { token: c.token });
    if (sub.body.status !== 'success') throw new Error(JSON.stringify(sub.body));
    const [stored] = await db().select().from(contractRenewals).where(eq(contractRenewals.id, sub.body.data.id));
    expect(stored).toMatchObject({ monthsCompared: 0 });
    const [mail] = await inboxBodies(c);
    expect(mail!.bodyEn).toContain('New term:');
    expect(mail!.bodyEn).not.toMatch(/Priced on|HK\$/);
    expect(mail!.bodyZh).not.toMatch(/印量計算|HK\$/);
  });

  it('reports each renewal scaled to 12 months from the months it was priced on, leaving out one with none', async () => {
    const [own] = await db()
      .insert(renewalOffers)
      .values({ offerCode: `T-REP-${uniq().toUpperCase()}`, nameEn: 'Report', nameZh: '報告', contractType: 'rental', termMonths: 36, periodChargeCents: 80_000, monoRate: '0.0400', colourRate: '0.4000', monoAllowance: 2000, colourAllowance: 200, validFrom: addDays(today, -30), validTo: addDays(today, 300) })
      .returning();
    const quarterly = { billingFrequency: 'quarterly', periodChargeCents: 300_000, minimumChargeCents: 150_000, monoAllowance: 3000, colourAllowance: 300 } as const;
    const customers = [await customer(60), await customer(60, undefined, { contractTerms: quarterly, lastReadingMonthsAgo: 2 }), await customer(60, undefined, { lastReadingMonthsAgo: 14 })];
    for (const c of customers) {
      const sub = await callEndpoint(server, R.submitRenewal, { contractId: c.contract.id, offerId: own!.id, idempotencyKey: randomUUID(), acceptTerms: true }, { token: c.token });
      if (sub.body.status !== 'success') throw new Error(JSON.stringify(sub.body));
    }
    const stored = await db().select().from(contractRenewals).where(eq(contractRenewals.offerId, own!.id));
    expect(stored.map((r) => r.monthsCompared).sort()).toEqual([0, 11, 12]);
    const s = await staff(['contract_renewal_report']);
    const rep = await callEndpoint(server, R.report, { filter: { offerId: own!.id } }, { token: s.token });
    if (rep.body.status !== 'success') throw new Error(JSON.stringify(rep.body));
    // 12 months: 12 × 150,000 and 12 × 96,000. 11 months: 1,650,000 and 11 × 96,000, each × 12 / 11. Before, the sum
    // was 3,450,000 against 2,208,000 under "12 months" (23 months of one side's printing, 23 of the other's).
    expect(rep.body.data.rows).toEqual([
      expect.objectContaining({ status: 'submitted', count: 3, priced: 2, currentCostCents: 2 * 1_800_000, offerCostCents: 2 * 12 * 96_000 }),
    ]);
    const csv = await server.post(R.exportReport.path, { filter: { offerId: own!.id }, lang: 'en' }, { token: s.token });
    expect(csv.text.split('\r\n')[1]).toMatch(/,3,2,36000\.00,23040\.00$/);

    // Only the renewal with no readings: counted, not priced, no amounts.
    await db().update(contractRenewals).set({ status: 'withdrawn' }).where(and(eq(contractRenewals.offerId, own!.id), eq(contractRenewals.monthsCompared, 0)));
    const split = await callEndpoint(server, R.report, { filter: { offerId: own!.id, status: ['withdrawn'] } }, { token: s.token });
    if (split.body.status !== 'success') throw new Error(JSON.stringify(split.body));
    expect(split.body.data.rows).toEqual([expect.objectContaining({ count: 1, priced: 0, currentCostCents: 0, offerCostCents: 0 })]);
    const tc = await server.post(R.exportReport.path, { filter: { offerId: own!.id, status: ['withdrawn'] }, lang: 'tc' }, { token: s.token });
    expect(tc.text.split('\r\n')[0]).toContain('按讀數計價');
    expect(tc.text.split('\r\n')[1]).toMatch(/,1,0,,$/);
  });

  describe('submitRenewal', () => {
    it('records the renewal, logs it in the contract history and confirms it in the user’s inbox; a replay records once', async () => {
      const c = await customer(60);
      const body = { contractId: c.contract.id, offerId, idempotencyKey: randomUUID(), acceptTerms: true as const };
      const [a, b] = await Promise.all([callEndpoint(server, R.submitRenewal, body, { token: c.token }), callEndpoint(server, R.submitRenewal, body, { token: c.token })]);
      expect([a.status, b.status]).toEqual([200, 200]);
      if (a.body.status !== 'success') throw new Error('expected success');
      expect(a.body.data.renewalNo).toMatch(/^RN-\d{4}-\d{6}$/);
      const renewals = await db().select().from(contractRenewals).where(eq(contractRenewals.contractId, c.contract.id));
      expect(renewals).toHaveLength(1);
      expect(renewals[0]).toMatchObject({ status: 'submitted', submittedBy: c.user.userAcUuid, newStartDate: addDays(today, 61), offerCostCents: 12 * 96_000, currentCostCents: 12 * 150_000, monthsCompared: 12 });
      const events = await db().select().from(contractEvents).where(eq(contractEvents.contractId, c.contract.id));
      expect(events.map((e) => [e.eventType, e.actorUuid])).toEqual([['renewal_submitted', c.user.userAcUuid]]);
      const inbox = await db()
        .select({ title: inboxMessages.titleEn, category: inboxMessages.category, bodyEn: inboxMessages.bodyEn, bodyZh: inboxMessages.bodyZh })
        .from(inboxDeliveries)
        .innerJoin(inboxMessages, eq(inboxMessages.id, inboxDeliveries.messageId))
        .where(and(eq(inboxDeliveries.userAcUuid, c.user.userAcUuid), eq(inboxDeliveries.ucpId, c.customer.ucpId)));
      expect(inbox).toEqual([expect.objectContaining({ title: `Renewal ${renewals[0]!.renewalNo} received: contract ${c.contract.contractNo}`, category: 'contract' })]);
      // The new term's dates as a reader writes them, in each language (not 2027-02-01).
      const start = addDays(today, 61);
      expect(inbox[0]!.bodyEn).toContain(`New term: ${formatDate(start, 'en')} to `);
      expect(inbox[0]!.bodyZh).toContain(`新合約期：${formatDate(start, 'tc')} 至 `);
      expect(`${inbox[0]!.bodyEn}${inbox[0]!.bodyZh}`).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      // Now in progress: no second renewal.
      const again = await callEndpoint(server, R.submitRenewal, { ...body, idempotencyKey: randomUUID() }, { token: c.token });
      expect(again.status).toBe(409);
      // The options name the chosen offer of the renewal in progress, so the page can mark it.
      const options = await callEndpoint(server, R.getOptions, { contractId: c.contract.id }, { token: c.token });
      if (options.body.status !== 'success') throw new Error('expected success');
      expect(options.body.data.contract.renewal).toMatchObject({ renewalNo: renewals[0]!.renewalNo, offerId, status: 'submitted' });
      const detail = await callEndpoint(server, C.getContract, { id: c.contract.id }, { token: c.token });
      if (detail.body.status !== 'success') throw new Error('expected success');
      expect(detail.body.data.history[0]).toMatchObject({ eventType: 'renewal_submitted', renewalNo: renewals[0]!.renewalNo });
    });

    it('refuses outside the window, an offer for another contract type, another customer’s contract, and a user without the write code', async () => {
      const early = await customer(200);
      const r1 = await callEndpoint(server, R.submitRenewal, { contractId: early.contract.id, offerId, idempotencyKey: randomUUID(), acceptTerms: true }, { token: early.token });
      expect(r1.body.status === 'error' && r1.body.error.code).toBe('RENEWAL_NOT_ELIGIBLE');
      const c = await customer(60);
      const r2 = await callEndpoint(server, R.submitRenewal, { contractId: c.contract.id, offerId: otherTypeOfferId, idempotencyKey: randomUUID(), acceptTerms: true }, { token: c.token });
      expect(r2.body.status === 'error' && r2.body.error.code).toBe('RENEWAL_OFFER_UNAVAILABLE');
      const r3 = await callEndpoint(server, R.submitRenewal, { contractId: c.contract.id, offerId, idempotencyKey: randomUUID(), acceptTerms: true }, { token: early.token });
      expect(r3.status).toBe(404);
      const viewer = await customer(60, ['contract_renewal_read']);
      const r4 = await callEndpoint(server, R.submitRenewal, { contractId: viewer.contract.id, offerId, idempotencyKey: randomUUID(), acceptTerms: true }, { token: viewer.token });
      expect(r4.status).toBe(403);
      expect((await callEndpoint(server, R.getOptions, { contractId: viewer.contract.id }, { token: viewer.token })).status).toBe(200);
    });
  });

  describe('billing schedule', () => {
    it('opens on a leap day: the usual volume is read from 28 Feb two years back (it asked the database for 29 Feb 2026 and the page failed)', async () => {
      const m = await createMember(db(), ['contract_billing_read']);
      const contract = await createContract(db(), m.customer.ucpId, { startDate: '2025-04-30', endDate: '2028-04-29', termMonths: 36 });
      const machine = await createMachine(db(), m.customer, await createModel(db(), { isColour: false }), { contractId: contract.id });
      await db()
        .insert(meterReadings)
        .values([['2027-12-29', 1000] as const, ['2028-01-29', 4000] as const].map(([readingDate, monoCounter]) => ({ machineId: machine.id, ucpId: m.customer.ucpId, readingDate, monoCounter, colourCounter: 0, source: 'automatic' as const })));
      const actor = { userAcUuid: m.user.userAcUuid, ucpId: m.customer.ucpId, isProviderStaff: false, codes: new Set(['contract_billing_read']) };
      // 22:00 on 29 Feb 2028 in Hong Kong.
      const detail = await getContract(serviceContext({ db: db(), actor, now: () => new Date('2028-02-29T14:00:00Z') }), contract.id);
      expect(detail.schedule).toHaveLength(36);
      // 30 Apr + 34 months: the 30th clamped to 29 Feb; the expected amount counts the usual ≈ 3,000 pages a month.
      const current = detail.schedule.find((p) => p.state === 'current');
      expect(current).toMatchObject({ periodStart: '2028-02-29', periodEnd: '2028-03-29' });
      expect(current!.amountCents).toBeGreaterThan(100_000);
    });

    it('lists every period with its billing date; billed ones carry their bill, the rest an expected amount; PDF with contract_download only', async () => {
      const c = await customer(60);
      const bill = await createBill(db(), c.customer.ucpId, { contractId: c.contract.id, periodStart: c.contract.startDate, periodEnd: addDays(addMonths(c.contract.startDate, 1), -1) });
      const res = await callEndpoint(server, C.getContract, { id: c.contract.id }, { token: c.token });
      if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
      const s = res.body.data.schedule;
      expect(s).toHaveLength(36);
      expect(s[0]).toMatchObject({ state: 'billed', billId: bill.id, amountCents: bill.amountCents, billingDate: addMonths(c.contract.startDate, 1) });
      expect(s.at(-1)).toMatchObject({ state: 'upcoming', periodEnd: c.contract.endDate, billingDate: addDays(c.contract.endDate, 1) });
      // Expected: 100,000 + max(50,000, usage of ≈ 3,000 / 500 pages a month) — usage ≈ 27,000, so the minimum applies.
      expect(s.find((p) => p.state === 'upcoming')!.amountCents).toBeGreaterThanOrEqual(150_000);
      expect(s.filter((p) => p.state === 'current')).toHaveLength(1);
      const pdf = await server.post(C.downloadContract.path, { id: c.contract.id }, { token: c.token });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const other = await customer(60);
      expect((await callEndpoint(server, C.getContract, { id: c.contract.id }, { token: other.token })).status).toBe(404);
      const noDownload = await customer(60, ['contract_billing_read']);
      expect((await server.post(C.downloadContract.path, { id: noDownload.contract.id }, { token: noDownload.token })).status).toBe(403);
    });
  });

  describe('contract list', () => {
    it('sorts by the minimum charge (issue 10 minor: amount columns sort), numerically, with a stable tie-break; rejects other fields', async () => {
      const m = await createMember(db(), ['contract_billing_read']);
      const token = await tokenFor(m.user, m.customer.ucpId);
      // 9,000 sorts below 50,000 and 100,000 by number (as text "9000" would sort last); two equal ones by number.
      const big = await createContract(db(), m.customer.ucpId, { contractNo: `CT-S-${uniq()}-C`, minimumChargeCents: 100_000 });
      const small = await createContract(db(), m.customer.ucpId, { contractNo: `CT-S-${uniq()}-A`, minimumChargeCents: 9_000 });
      const tieB = await createContract(db(), m.customer.ucpId, { contractNo: 'CT-S-TIE-B', minimumChargeCents: 50_000 });
      const tieA = await createContract(db(), m.customer.ucpId, { contractNo: 'CT-S-TIE-A', minimumChargeCents: 50_000 });
      const ids = async (direction: 'asc' | 'desc') => {
        const res = await callEndpoint(server, C.listContracts, { page: 1, pageSize: 10, sort: { field: 'minimumCharge', direction } }, { token });
        if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
        return res.body.data.items.map((i) => i.id);
      };
      expect(await ids('asc')).toEqual([small.id, tieA.id, tieB.id, big.id]);
      expect(await ids('desc')).toEqual([big.id, tieA.id, tieB.id, small.id]);
      const bad = await callEndpoint(server, C.listContracts, { page: 1, pageSize: 10, sort: { field: 'minimum_charge_cents', direction: 'asc' } } as never, { token });
      expect(bad.status).toBe(400);
    });
  });

  describe('staff: offers, logs, report', () => {
    it('creates and updates offers with audit rows; refuses a duplicate code; 403 without renewal_offer_write', async () => {
      const s = await staff(['renewal_offer_write']);
      const offer = renewalOfferFields({ offerCode: `T-NEW-${uniq().toUpperCase()}`, nameEn: 'New offer', nameZh: '新方案' });
      const created = await callEndpoint(server, R.saveOffer, { offer }, { token: s.token });
      if (created.body.status !== 'success') throw new Error(JSON.stringify(created.body));
      const id = created.body.data.id;
      const updated = await callEndpoint(server, R.saveOffer, { id, version: created.body.data.updatedAt, offer: { ...offer, status: 'inactive' } }, { token: s.token });
      expect(updated.body.status === 'success' && updated.body.data.status).toBe('inactive');
      // One offer read by id as it is now (the edit dialog's reload), with its version; an unknown id is 404.
      const one = await callEndpoint(server, R.getOffer, { id }, { token: s.token });
      expect(one.body.status === 'success' && one.body.data).toEqual(updated.body.status === 'success' && updated.body.data);
      expect((await callEndpoint(server, R.getOffer, { id: randomUUID() }, { token: s.token })).status).toBe(404);
      expect((await callEndpoint(server, R.getOffer, { id }, { token: (await staff(['contract_renewal_log'])).token })).status).toBe(403);
      const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, id));
      expect(audits.map((a) => [a.action, a.entity, a.actorUuid])).toEqual([
        ['create', 'renewal_offer', s.user.userAcUuid],
        ['update', 'renewal_offer', s.user.userAcUuid],
      ]);
      expect((await callEndpoint(server, R.saveOffer, { offer }, { token: s.token })).status).toBe(409);
      // The code is trimmed and upper-cased before it is checked, as a UCP id is: the same code in lower case is taken.
      const lower = await callEndpoint(server, R.saveOffer, { offer: { ...offer, offerCode: ` ${offer.offerCode.toLowerCase()} ` } }, { token: s.token });
      expect(lower.status).toBe(409);
      expect(lower.body.status === 'error' && lower.body.error.fields).toEqual({ offerCode: ['renewal:offers.codeTaken'] });
      const fresh = `t-low-${uniq()}`;
      const made = await callEndpoint(server, R.saveOffer, { offer: { ...offer, offerCode: ` ${fresh} ` } }, { token: s.token });
      expect(made.body.status === 'success' && made.body.data.offerCode).toBe(fresh.toUpperCase());
      const bad = await callEndpoint(server, R.saveOffer, { offer: { ...offer, offerCode: `T-X-${uniq().toUpperCase()}`, validTo: addDays(today, -1) } }, { token: s.token });
      expect(bad.status).toBe(400);
      const customerUser = await customer(60);
      expect((await callEndpoint(server, R.saveOffer, { offer }, { token: customerUser.token })).status).toBe(403);
      expect((await callEndpoint(server, R.listOffers, { page: 1, pageSize: 10 }, { token: (await staff(['contract_renewal_log'])).token })).status).toBe(403);
    });

    // Two staff adding an offer with the same code at once: both passed the code check before either saved, and the
    // second insert met the unique index as an unexpected error (500 'Something went wrong'), not the code's 409.
    it('two new offers with one code at once: one is saved, the other is refused on its code (409), not a 500', async () => {
      const s = await staff(['renewal_offer_write']);
      const offer = renewalOfferFields({ offerCode: `T-TWIN-${uniq().toUpperCase()}` });
      const answers = await withTableHeld(getHandle(), 'renewal_offers', 2, () =>
        Promise.all([callEndpoint(server, R.saveOffer, { offer }, { token: s.token }), callEndpoint(server, R.saveOffer, { offer }, { token: s.token })]),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409)!;
      expect(refused.body.status === 'error' && refused.body.error.fields).toEqual({ offerCode: ['renewal:offers.codeTaken'] });
      expect(await db().select().from(renewalOffers).where(eq(renewalOffers.offerCode, offer.offerCode))).toHaveLength(1);
    });

    it('an offer’s charges and page counts left empty (null) are none (0); a negative or too large charge is refused naming its rule', async () => {
      const s = await staff(['renewal_offer_write']);
      const offer = renewalOfferFields({
        offerCode: `T-EMPTY-${uniq().toUpperCase()}`,
        nameEn: 'No minimum',
        nameZh: '無最低收費',
        termMonths: 12,
        minimumChargeCents: null,
        colourRate: '0',
        monoAllowance: null,
        colourAllowance: null,
        validTo: addDays(today, 30),
      });
      const created = await callEndpoint(server, R.saveOffer, { offer }, { token: s.token });
      if (created.body.status !== 'success') throw new Error(JSON.stringify(created.body));
      expect(created.body.data).toMatchObject({ minimumChargeCents: 0, monoAllowance: 0, colourAllowance: 0, periodChargeCents: 50_000 });
      const bad = await callEndpoint(server, R.saveOffer, { offer: { ...offer, offerCode: `T-BAD-${uniq().toUpperCase()}`, periodChargeCents: -10_000, minimumChargeCents: 100_000_001 } }, { token: s.token });
      expect(bad.status).toBe(400);
      expect(bad.body.status === 'error' && bad.body.error.fields).toEqual({
        'offer.periodChargeCents': ['ui.validation.moneyNegative'],
        'offer.minimumChargeCents': [msg('ui.validation.moneyMax', { max: '1,000,000' })],
      });
    });

    it('sorts the offers by their period charge (issue 10 minor: amount columns sort), numerically, with a stable tie-break', async () => {
      const s = await staff(['renewal_offer_write']);
      const tag = `T-PC-${uniq().toUpperCase()}`;
      const make = async (suffix: string, periodChargeCents: number) => {
        const [o] = await db()
          .insert(renewalOffers)
          .values({ offerCode: `${tag}-${suffix}`, nameEn: 'Sort', nameZh: '排序', termMonths: 12, periodChargeCents, monoRate: '0.04', colourRate: '0', validFrom: today, validTo: addDays(today, 30) })
          .returning();
        return o!.id;
      };
      const big = await make('D', 120_000);
      const small = await make('C', 9_500);
      const tieB = await make('B', 60_000);
      const tieA = await make('A', 60_000);
      const ids = async (direction: 'asc' | 'desc') => {
        const res = await callEndpoint(server, R.listOffers, { page: 1, pageSize: 100, filter: { q: tag }, sort: { field: 'periodCharge', direction } }, { token: s.token });
        if (res.body.status !== 'success') throw new Error(JSON.stringify(res.body));
        return res.body.data.items.map((i) => i.id);
      };
      expect(await ids('asc')).toEqual([small, tieA, tieB, big]);
      expect(await ids('desc')).toEqual([big, tieA, tieB, small]);
      expect((await callEndpoint(server, R.listOffers, { page: 1, pageSize: 10, sort: { field: 'period_charge_cents', direction: 'asc' } } as never, { token: s.token })).status).toBe(400);
    });

    it('logs and reports renewals by period, status and offer, with a CSV', async () => {
      const c = await customer(60);
      const sub = await callEndpoint(server, R.submitRenewal, { contractId: c.contract.id, offerId, idempotencyKey: randomUUID(), acceptTerms: true }, { token: c.token });
      if (sub.body.status !== 'success') throw new Error('expected success');
      const s = await staff(['contract_renewal_log', 'contract_renewal_report']);
      const logs = await callEndpoint(server, R.listLogs, { page: 1, pageSize: 10, filter: { q: sub.body.data.renewalNo } }, { token: s.token });
      if (logs.body.status !== 'success') throw new Error('expected success');
      expect(logs.body.data.items).toHaveLength(1);
      expect(logs.body.data.items[0]).toMatchObject({ contractNo: c.contract.contractNo, status: 'submitted', submittedByName: c.user.name });
      const detail = await callEndpoint(server, R.getLog, { id: sub.body.data.id }, { token: s.token });
      if (detail.body.status !== 'success') throw new Error('expected success');
      expect(detail.body.data.terms).toMatchObject({ termMonths: 36, monoRate: '0.0400' });
      expect(detail.body.data.events[0]!.eventType).toBe('renewal_submitted');
      const rep = await callEndpoint(server, R.report, { filter: { offerId } }, { token: s.token });
      if (rep.body.status !== 'success') throw new Error('expected success');
      const row = rep.body.data.rows.find((r) => r.period === today.slice(0, 7) && r.status === 'submitted')!;
      expect(row.count).toBeGreaterThanOrEqual(1);
      const csv = await server.post(R.exportReport.path, { filter: { offerId }, lang: 'en' }, { token: s.token });
      expect(csv.status).toBe(200);
      expect(csv.text.split('\r\n')[0]).toBe('\uFEFFMonth,Status,Offer code,Offer,Renewals,Priced on readings,"Current terms (HK$, scaled to 12 months)","Offer terms (HK$, scaled to 12 months)"');
      const logOnly = await staff(['contract_renewal_log']);
      expect((await callEndpoint(server, R.report, {}, { token: logOnly.token })).status).toBe(403);
    });

    it('lists each offer with the number of renewals made on it, as the renewal log and report count them', async () => {
      const c = await customer(60);
      const sub = await callEndpoint(server, R.submitRenewal, { contractId: c.contract.id, offerId, idempotencyKey: randomUUID(), acceptTerms: true }, { token: c.token });
      if (sub.body.status !== 'success') throw new Error('expected success');
      const s = await staff(['renewal_offer_write']);
      const [onOffer] = await db().select({ n: count() }).from(contractRenewals).where(eq(contractRenewals.offerId, offerId));
      expect(onOffer!.n).toBeGreaterThanOrEqual(1);
      const res = await callEndpoint(server, R.listOffers, { page: 1, pageSize: 100 }, { token: s.token });
      if (res.body.status !== 'success') throw new Error('expected success');
      const byId = new Map(res.body.data.items.map((i) => [i.id, i.renewalCount]));
      expect(byId.get(offerId)).toBe(onOffer!.n);
      expect(byId.get(otherTypeOfferId)).toBe(0);
    });
  });
});
