import { eq, sql } from 'drizzle-orm';
import { READING_SOURCES } from '@/lib/meter/constants';
import { intervalsOf } from '@/lib/meter/usage';
import { billLineReadings, billLines, contractEvents, contractRenewals, meterReadings, renewalOffers } from '@/lib/server/db/schema';
import { seedDemo } from '@/lib/server/db/seed';
import { buildSeedBills } from '@/lib/server/db/seedData/billing';
import { addDays } from '@/lib/dates/hongKong';
import { readingDue } from '@/lib/meter/due';
import { CONTRACT_ID, MACHINE_ID, RENEWING_CONTRACTS, SEED_CONTRACTS, SEED_DAY, SEED_MACHINES, renewalEndOf, termMonthsOf } from '@/lib/server/db/seedData/equipment';
import { eligibilityOf } from '@/lib/server/services/renewal/customer';
import { buildSeedReadings } from '@/lib/server/db/seedData/meter';
import { RENEWAL_ID, SEED_OFFERS, SEED_RENEWALS } from '@/lib/server/db/seedData/renewal';
import { seedModulesAt } from '../helpers/seedModulesAt';
import { describeEachDb } from '../helpers/testDb';
import { queryRows } from '@/lib/server/db/rows';

describe('demo meter readings (pure)', () => {
  const readings = buildSeedReadings('2026-11-24');

  it('gives every machine at least two years of monthly readings whose counters never go back', () => {
    for (const m of SEED_MACHINES) {
      const own = readings.filter((r) => r.machineId === m.id);
      const months = new Set(own.map((r) => r.readingDate.slice(0, 7)));
      if ((m.installedOn ?? '') <= '2024-10-01') expect(months.size).toBeGreaterThanOrEqual(24);
      expect(() => intervalsOf(own)).not.toThrow();
    }
  });

  it('uses every source', () => {
    expect(new Set(readings.map((r) => r.source))).toEqual(new Set(READING_SOURCES));
  });

  it('bills name readings that exist, with the same counters as their lines', () => {
    // The readings seeded today (seedMeterReadings): a late printer's contract is billed up to its last reading.
    const byId = new Map(buildSeedReadings(SEED_DAY).map((r) => [r.id, r]));
    let usageLines = 0;
    for (const b of buildSeedBills()) {
      for (const link of b.lineReadings) {
        const line = b.lines.find((l) => l.id === link.billLineId)!;
        const open = byId.get(link.openingReadingId)!;
        const close = byId.get(link.closingReadingId)!;
        const key = line.lineType === 'mono_usage' ? 'monoCounter' : 'colourCounter';
        expect([open[key], close[key], open.machineId]).toEqual([line.openingReading, line.closingReading, line.machineId]);
        usageLines += 1;
      }
      expect(b.lineReadings.length).toBe(b.lines.filter((l) => l.lineType === 'mono_usage' || l.lineType === 'colour_usage').length);
    }
    expect(usageLines).toBeGreaterThan(100);
  });

  it('has contracts at every stage and renewals whose comparison is priced from the readings', () => {
    expect(new Set(SEED_CONTRACTS.map((c) => c.status))).toEqual(new Set(['active', 'expired', 'terminated', 'renewed']));
    for (const r of SEED_RENEWALS) {
      expect(r.currentCostCents).toBeGreaterThan(0);
      expect(r.offerCostCents).toBeGreaterThan(0);
    }
  });
});

describe('demo dates relative to the seed day (the demo keeps working next month)', () => {
  // Today, the days around the first demo's fixed dates (2026-12-01: the old notice deadline), month ends, a leap day.
  const days = [SEED_DAY, '2026-11-02', '2026-11-24', '2026-12-01', '2026-12-31', '2027-01-31', '2027-02-28', '2027-07-15', '2028-02-29', '2029-10-03'];

  it.each(days)('on %s the three renewal contracts are inside their window, at least 15 days before the notice deadline, in whole months', (day) => {
    for (const { startDate, minDays } of Object.values(RENEWING_CONTRACTS)) {
      const endDate = renewalEndOf(startDate, minDays, day);
      const e = eligibilityOf({ status: 'active', endDate }, null, day);
      expect({ startDate, day, ...e }).toMatchObject({ eligible: true, reason: null });
      expect(e.daysToDeadline).toBeGreaterThanOrEqual(15);
      // The end is the day before the start's day of the month: every period stays whole.
      expect(addDays(endDate, 1).slice(8)).toBe(startDate.slice(8));
      expect(termMonthsOf(startDate, endDate)).toBeGreaterThan(12);
    }
  });

  it('seeds those contracts and the waiting renewal from today', () => {
    const sr = SEED_CONTRACTS.find((c) => c.id === CONTRACT_ID.srRental)!;
    for (const id of [CONTRACT_ID.hvRental, CONTRACT_ID.lcMaintenance, CONTRACT_ID.srRental]) {
      const c = SEED_CONTRACTS.find((x) => x.id === id)!;
      expect(eligibilityOf({ status: c.status ?? 'active', endDate: c.endDate }, null, SEED_DAY).eligible).toBe(true);
    }
    const waiting = SEED_RENEWALS.find((r) => r.id === RENEWAL_ID.srSubmitted)!;
    expect(waiting.newStartDate).toBe(addDays(sr.endDate, 1));
    // Submitted inside the window: after it opened, before the notice deadline.
    const submittedOn = addDays(SEED_DAY, -14);
    const e = eligibilityOf({ status: sr.status ?? 'active', endDate: sr.endDate }, null, submittedOn);
    expect(e.eligible).toBe(true);
    for (const o of SEED_OFFERS.filter((x) => x.status !== 'inactive')) expect(o.validTo! > addDays(SEED_DAY, 365)).toBe(true);
  });

  it.each(days.filter((d) => d > '2026-11-06'))('on %s Harbour View’s printer is overdue (its missing readings are counted back from the seed day)', (day) => {
    const printer = SEED_MACHINES.find((m) => m.id === MACHINE_ID.hvPrinter)!;
    const anchor = SEED_CONTRACTS.find((c) => c.id === printer.contractId)!.startDate;
    const last = buildSeedReadings(day).filter((r) => r.machineId === printer.id).at(-1)!.readingDate;
    expect(readingDue(anchor, last, day).flag).toBe('overdue');
  });
});

describe('demo data seeded on another day (the seed modules loaded afresh under a fake clock)', () => {
  // Harbour View's rental is billed quarterly on the 1st, the printer's reading day: seeded from 1 January (April,
  // July, October) to the 6th of the next month, that bill named, and so kept, the printer's reading of the 1st, and
  // the printer read "ok" or "due" (the API suite run at 00:10 HK on 1 Jan 2027: "ok").
  it.each([
    ['2026-12-31T16:10:00Z', '2027-01-01'],
    ['2027-01-20T04:00:00Z', '2027-01-20'],
    ['2027-02-03T04:00:00Z', '2027-02-03'],
    ['2027-04-15T04:00:00Z', '2027-04-15'],
    ['2027-07-31T15:00:00Z', '2027-07-31'],
    ['2028-02-29T15:30:00Z', '2028-02-29'],
  ])('seeded at %s (%s in Hong Kong): the printer is overdue, and every bill names readings that exist', async (instant, day) => {
    const m = await seedModulesAt(instant);
    expect(m.equipment.SEED_DAY).toBe(day);
    const readings = m.meter.buildSeedReadings(day);
    const printer = m.equipment.SEED_MACHINES.find((x) => x.id === MACHINE_ID.hvPrinter)!;
    const anchor = m.equipment.SEED_CONTRACTS.find((c) => c.id === printer.contractId)!.startDate;
    const last = readings.filter((r) => r.machineId === printer.id).at(-1)!.readingDate;
    expect(readingDue(anchor, last, day)).toMatchObject({ flag: 'overdue' });
    const ids = new Set(readings.map((r) => r.id));
    const named = m.billing.buildSeedBills().flatMap((b) => b.lineReadings.flatMap((l) => [l.openingReadingId, l.closingReadingId]));
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
  });

  // The approved renewal of 5 Nov 2024 is priced from the 12 months before it; the seeded history (three years before
  // the billing reference) no longer reaches that far from February 2028, and its comparison priced nothing.
  it.each(['2026-11-25T04:00:00Z', '2028-02-29T15:30:00Z', '2029-10-03T04:00:00Z'])('seeded at %s, every renewal is priced from 12 months of readings', async (instant) => {
    const m = await seedModulesAt(instant);
    for (const r of m.renewal.SEED_RENEWALS) {
      expect(r.currentCostCents).toBeGreaterThan(0);
      expect(r.offerCostCents).toBeGreaterThan(0);
    }
    // The same figures whatever day the data is seeded (those of this run's seed).
    const old = (renewals: typeof SEED_RENEWALS) => renewals.find((r) => r.renewalNo === 'RN-2024-000041')!;
    expect([old(m.renewal.SEED_RENEWALS).currentCostCents, old(m.renewal.SEED_RENEWALS).offerCostCents]).toEqual([old(SEED_RENEWALS).currentCostCents, old(SEED_RENEWALS).offerCostCents]);
  });
});

describeEachDb('demo meter readings, renewals and contract history in the database', (getHandle) => {
  it('stores them, with every bill usage line linked to its readings', async () => {
    const db = getHandle().db;
    await seedDemo(db, { passwordHash: 'not-used-in-these-tests' });
    const [{ n: readings }] = (await db.select({ n: sql<number>`count(*)::int` }).from(meterReadings)) as [{ n: number }];
    expect(readings).toBeGreaterThan(250);
    const [{ n: unlinked }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(billLines)
      .leftJoin(billLineReadings, eq(billLineReadings.billLineId, billLines.id))
      .where(sql`${billLines.lineType} in ('mono_usage', 'colour_usage') and ${billLineReadings.billLineId} is null`)) as [{ n: number }];
    expect(unlinked).toBe(0);
    // Every linked line's counters equal its readings'.
    const mismatched = await queryRows(db, sql`
      select l.id from bill_lines l join bill_line_readings x on x.bill_line_id = l.id
      join meter_readings o on o.id = x.opening_reading_id join meter_readings c on c.id = x.closing_reading_id
      where (l.line_type = 'mono_usage' and (l.opening_reading <> o.mono_counter or l.closing_reading <> c.mono_counter))
         or (l.line_type = 'colour_usage' and (l.opening_reading <> o.colour_counter or l.closing_reading <> c.colour_counter))`);
    expect(mismatched).toHaveLength(0);
    expect(await db.select().from(renewalOffers)).toHaveLength(SEED_OFFERS.length);
    expect(await db.select().from(contractRenewals)).toHaveLength(SEED_RENEWALS.length);
    expect((await db.select().from(contractEvents)).length).toBeGreaterThanOrEqual(SEED_CONTRACTS.length);
  });
});
