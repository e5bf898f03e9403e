import { asc, eq, sql } from 'drizzle-orm';
import { billLines, bills, contracts, paymentSlipBills, paymentSlips, storedFiles } from '@/lib/server/db/schema';
import { seedDemo } from '@/lib/server/db/seed';
import { DEMO_UCP, SEED_USERS } from '@/lib/server/db/seedData';
import { SEED_SLIP_ID, buildSeedBills } from '@/lib/server/db/seedData/billing';
import { SEED_CONTRACTS } from '@/lib/server/db/seedData/equipment';
import { billSummary, listBills } from '@/lib/server/services/bills';
import { inspectFile } from '@/lib/server/uploads';
import { asCustomer } from '../helpers/asCustomer';
import { describeEachDb } from '../helpers/testDb';
import { addDays } from '@/lib/dates/hongKong';
import { BILLING_REFERENCE_DATE, HISTORY_FROM } from '@/lib/server/db/seedData/meter';
import { queryRows } from '@/lib/server/db/rows';

/** Three weeks after the billing reference (the first of the seed day's month): the latest bills are not due yet. */
const TODAY = addDays(BILLING_REFERENCE_DATE, 21);

const monthsCovered = (rows: { periodStart: string; periodEnd: string }[]) => {
  const months = new Set<string>();
  for (const r of rows) {
    for (let d = new Date(`${r.periodStart}T00:00:00Z`); d.toISOString().slice(0, 10) <= r.periodEnd; d.setUTCDate(d.getUTCDate() + 1)) {
      months.add(d.toISOString().slice(0, 7));
    }
  }
  return months.size;
};

describe('demo bills (pure)', () => {
  const all = buildSeedBills();

  it('is deterministic', () => {
    expect(buildSeedBills()).toEqual(all);
  });

  it('gives every demo customer at least 24 months of bills, every contract its periods without gaps', () => {
    for (const ucpId of Object.values(DEMO_UCP)) {
      expect(monthsCovered(all.filter((b) => b.bill.ucpId === ucpId).map((b) => b.bill as { periodStart: string; periodEnd: string }))).toBeGreaterThanOrEqual(24);
    }
    for (const contract of SEED_CONTRACTS) {
      const own = all.filter((b) => b.bill.contractId === contract.id).map((b) => b.bill);
      // Contracts that ended before the demo window (expired, terminated) are history only: no bills.
      if (contract.endDate < HISTORY_FROM) {
        expect(own).toEqual([]);
        continue;
      }
      expect(own.length).toBeGreaterThan(0);
      for (let i = 1; i < own.length; i += 1) {
        const prevEnd = new Date(`${own[i - 1]!.periodEnd}T00:00:00Z`);
        prevEnd.setUTCDate(prevEnd.getUTCDate() + 1);
        expect(own[i]!.periodStart).toBe(prevEnd.toISOString().slice(0, 10));
      }
      const months = contract.billingFrequency === 'quarterly' ? 3 : 1;
      for (const b of own) expect(b.periodStart >= contract.startDate && b.periodEnd <= contract.endDate).toBe(true);
      // A monthly contract running 24+ months in the window has 24+ bills; a quarterly one 8+.
      if (contract.startDate <= addDays(BILLING_REFERENCE_DATE, -760) && contract.endDate >= BILLING_REFERENCE_DATE) expect(own.length * months).toBeGreaterThanOrEqual(24);
    }
  });

  it('computes every line from the contract: billable = closing − opening − allowance (≥ 0), amount = pages × rate; bill = sum of lines', () => {
    for (const { bill, lines } of all) {
      const contract = SEED_CONTRACTS.find((c) => c.id === bill.contractId)!;
      expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(bill.amountCents);
      let usage = 0;
      for (const l of lines) {
        if (l.lineType === 'mono_usage' || l.lineType === 'colour_usage') {
          expect(l.closingReading!).toBeGreaterThanOrEqual(l.openingReading!);
          expect(l.billablePages).toBe(Math.max(0, l.closingReading! - l.openingReading! - l.allowance!));
          expect(l.rate).toBe(l.lineType === 'mono_usage' ? contract.monoRate : contract.colourRate);
          expect(l.allowance).toBe(l.lineType === 'mono_usage' ? contract.monoAllowance : contract.colourAllowance);
          // Exact: the rate in ten-thousandths of a dollar, so 6,487 × 0.0450 = 291.915 rounds up to 291.92.
          expect(l.amountCents).toBe(Math.round((l.billablePages! * Math.round(Number(l.rate) * 10_000)) / 100));
          usage += l.amountCents;
        }
      }
      const top = lines.find((l) => l.lineType === 'minimum_charge');
      const minimum = contract.minimumChargeCents ?? 0;
      if (usage < minimum) expect(top?.amountCents).toBe(minimum - usage);
      else expect(top).toBeUndefined();
      const charge = lines.find((l) => l.lineType === 'period_charge');
      expect(charge?.amountCents ?? 0).toBe(contract.periodChargeCents ?? 0);
    }
  });

  it('chains the meter readings: each usage line opens where the machine’s previous bill closed', () => {
    const last = new Map<string, number>();
    const ordered = all.flatMap((b) => b.lines.map((l) => ({ ...l, start: b.bill.periodStart }))).filter((l) => l.machineId).sort((a, b) => a.start.localeCompare(b.start));
    let chained = 0;
    for (const l of ordered) {
      const key = `${l.machineId}:${l.lineType}`;
      const prev = last.get(key);
      if (prev !== undefined) {
        expect(l.openingReading).toBe(prev);
        chained += 1;
      }
      last.set(key, l.closingReading!);
    }
    expect(chained).toBeGreaterThan(100);
  });

  it('shows some minimum-charge top-ups, and not on every bill', () => {
    const withTopUp = all.filter((b) => b.lines.some((l) => l.lineType === 'minimum_charge')).length;
    expect(withTopUp).toBeGreaterThan(5);
    expect(withTopUp).toBeLessThan(all.length / 2);
  });
});

describeEachDb('demo bills (seeded)', (getHandle) => {
  const db = () => getHandle().db;
  beforeAll(async () => {
    await seedDemo(db(), { passwordHash: 'scrypt$test$not-a-real-hash' });
  });

  it('inserts the bills, lines, slips and files, and a second run inserts nothing', async () => {
    const count = async () => {
      const [b] = await db().select({ n: sql<number>`count(*)::int` }).from(bills);
      const [l] = await db().select({ n: sql<number>`count(*)::int` }).from(billLines);
      const [s] = await db().select({ n: sql<number>`count(*)::int` }).from(paymentSlips);
      // The slips' files (account-change attachments are stored files too).
      const [f] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(storedFiles)
        .where(sql`exists (select 1 from ${paymentSlips} s where s.file_id = ${storedFiles.id})`);
      const [k] = await db().select({ n: sql<number>`count(*)::int` }).from(paymentSlipBills);
      return [b, l, s, f, k].map((r) => Number(r?.n));
    };
    const expected = buildSeedBills();
    const before = await count();
    expect(before).toEqual([expected.length, expected.reduce((s, b) => s + b.lines.length, 0), 4, 4, 5]);
    await seedDemo(db(), { passwordHash: 'scrypt$test$not-a-real-hash' });
    expect(await count()).toEqual(before);
  });

  it('derives the designed statuses at a fixed today: paid history, unpaid, partly paid, overdue, under review', async () => {
    const statusOf = async (ucpId: string) => {
      const res = await listBills(asCustomer(db(), ucpId), { page: 1, pageSize: 100, sort: { field: 'billDate', direction: 'desc' } }, TODAY);
      const counts: Record<string, number> = {};
      for (const i of res.items) counts[i.status] = (counts[i.status] ?? 0) + 1;
      return { counts, summary: res.summary, total: res.total };
    };
    const totalOf = (ucpId: string) => buildSeedBills().filter((b) => b.bill.ucpId === ucpId).length;
    // Open by design (OUTCOME in seedData/billing.ts), whatever the seed day: Harbour View's latest managed-print bill
    // (unpaid, not due yet), the one before (its slip rejected: overdue) and its rental's latest quarter (partly paid:
    // overdue or not yet due, by the quarter); Lung Cheong's lease (partly paid; under review) and maintenance (partly
    // paid, past due); Sunrise's rental (unpaid, past due).
    const hv = await statusOf(DEMO_UCP.harbourView);
    expect(hv.total).toBe(totalOf(DEMO_UCP.harbourView));
    expect(hv.counts.paid).toBe(hv.total - 3);
    expect(hv.counts.unpaid).toBe(1);
    expect((hv.counts.overdue ?? 0) + (hv.counts.partly_paid ?? 0)).toBe(2);
    expect(hv.counts.overdue).toBeGreaterThanOrEqual(1);
    const lc = await statusOf(DEMO_UCP.lungCheong);
    expect(lc.counts).toEqual({ paid: totalOf(DEMO_UCP.lungCheong) - 3, under_review: 1, overdue: 1, partly_paid: 1 });
    const sr = await statusOf(DEMO_UCP.sunrise);
    expect(sr.counts).toEqual({ paid: totalOf(DEMO_UCP.sunrise) - 1, overdue: 1 });
    expect(lc.summary).toEqual(await billSummary(asCustomer(db(), DEMO_UCP.lungCheong), TODAY));
    // One rule with the statement (issue 10 item 6): past its due date a bill is overdue by its whole balance, a slip
    // under review or not, so Lung Cheong's overdue bill and its bill under review (past due) both count.
    expect(lc.summary.overdueCount).toBe(2);
    // Before their due dates, the same recent bills are simply unpaid.
    const early = await listBills(asCustomer(db(), DEMO_UCP.sunrise), { page: 1, pageSize: 5, filter: { status: ['unpaid'] } }, addDays(BILLING_REFERENCE_DATE, 1));
    expect(early.total).toBe(1);
  });

  it('stores valid slip files and slips that agree with the bills they paid', async () => {
    const rows = await db()
      .select({ id: paymentSlips.id, status: paymentSlips.status, amount: paymentSlips.amountCents, comment: paymentSlips.reviewComment, content: storedFiles.content, fileName: storedFiles.fileName })
      .from(paymentSlips)
      .innerJoin(storedFiles, eq(storedFiles.id, paymentSlips.fileId))
      .orderBy(asc(paymentSlips.id));
    expect(rows.map((r) => r.status)).toEqual(['approved', 'reject', 'pending', 'approved']);
    expect(rows[1]!.comment).toMatch(/another payee/);
    for (const r of rows) {
      const checked = await inspectFile({ fileName: r.fileName, declaredType: '', content: r.content }, ['image/png', 'application/pdf']);
      expect(checked.sizeBytes).toBeGreaterThan(100);
    }
    const links = await db().select().from(paymentSlipBills).where(eq(paymentSlipBills.slipId, SEED_SLIP_ID.lcApprovedTwoBills));
    expect(links).toHaveLength(2);
    const applied = links.reduce((s, l) => s + l.appliedCents, 0);
    expect(applied).toBe(rows[3]!.amount);
    for (const l of links) {
      const [b] = await db().select().from(bills).where(eq(bills.id, l.billId));
      expect(b!.paidCents).toBe(b!.amountCents);
      expect(l.appliedCents).toBe(b!.amountCents);
    }
    const [contract] = await db().select().from(contracts).limit(1);
    expect(contract).toBeDefined();
  });

  it('gives the portal administrator the slip review codes, and the billing-address approver not', async () => {
    const codesOf = async (loginId: string) => {
      const rows = await queryRows<{ fn_code: string }>(db(), sql`
        select distinct f.fn_code from user_accounts u
          join user_group_members m on m.user_ac_uuid = u.user_ac_uuid
          join user_group_functions f on f.group_id = m.group_id
        where u.login_id = ${loginId}`);
      return rows.map((r) => r.fn_code);
    };
    expect(await codesOf('admin@demo.hk')).toEqual(expect.arrayContaining(['payslip_review_read', 'payslip_review_write']));
    expect(await codesOf('staff@demo.hk')).not.toContain('payslip_review_read');
    expect(SEED_USERS.some((u) => u.loginId === 'admin@demo.hk')).toBe(true);
  });
});
