import { addDays } from '@/lib/dates/hongKong';
import { formatHkd, pagesBetween, periodsOf, pricePeriod, type Period as TermsPeriod } from '@/lib/contracts/terms';
import { billLineReadings, billLines, bills, paymentSlipBills, paymentSlips, storedFiles } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { DEMO_UCP } from './customers';
import { CONTRACT_ID, SEED_CONTRACTS, seedTerms, type SeedContract, type SeedMachine } from './equipment';
import { BILLING_REFERENCE_DATE, HISTORY_FROM, billedMachinesOf, billedUpTo, isColourModel, seedReadingFor } from './meter';
import { rgbPng, type Rgb } from './png';
import { seedUserUuid } from './users';
import { storedFileRow } from './files';
import { hkLocal } from './hkTime';
import { seedId } from './ids';
import { chunks } from './chunks';
import { referenceNo } from '@/lib/references';

/**
 * Demo bills and payment slips (docs/bills.md, docs/demo-data.md), computed from the contracts' terms and meter
 * readings that grow month by month, so every figure on a bill can be explained from its lines.
 *
 * - Periods follow each contract from its start date (monthly or quarterly); a bill is dated the day after its
 *   period and due 30 days later. History: every period ending on or after HISTORY_FROM and billed by the reference
 *   date BILLING_REFERENCE_DATE (the first of the seed day's month, seedData/meter.ts; a late printer's contract up
 *   to its last reading, billedUpTo), i.e. three years, or the contract's life when shorter. A bill's id and number count the contract's periods from its start, so a period
 *   keeps its bill whenever the data is seeded (a later seed adds the months since).
 * - Lines: the period charge; per machine a mono (and, for colour models, a colour) usage line with the opening and
 *   closing readings, the allowance per machine and period, the billable pages and the rate; a minimum-charge
 *   top-up when usage comes to less than the contract's minimum.
 * - Status by data (the status itself is derived at query time): old bills paid in full; per customer the latest
 *   ones unpaid, partly paid or under review, some overdue by Hong Kong's today (see OUTCOME below).
 * - Four payment slips: approved (one bill; two bills), rejected with the reviewer's comment, pending review;
 *   their files are a small PNG and a small PDF generated here. Their dates (payment, upload, review) count from the
 *   bills they pay, and their references, file names and numbers quote those dates.
 *
 * Deterministic for a seed day (fixed ids, dates from the reference, pseudo-random volumes from a fixed seed) and idempotent (on conflict do
 * nothing; lines and slip links only for bills and slips created now).
 */

export { BILLING_REFERENCE_DATE };
export const PAYMENT_TERMS_DAYS = 30;

const billIdOf = (n: number) => seedId('0030', n);
const lineIdOf = (n: number) => seedId('0031', n);
const fileIdOf = (n: number) => seedId('0032', n);
const slipIdOf = (n: number) => seedId('0033', n);

/** Fixed slip ids (tests and docs refer to them). */
export const SEED_SLIP_ID = { hvApproved: slipIdOf(1), hvRejected: slipIdOf(2), lcPending: slipIdOf(3), lcApprovedTwoBills: slipIdOf(4) } as const;


// ---------------------------------------------------------------------------------------------------------------
// Periods and lines: the contract's periods (lib/contracts/terms.ts) priced from the seeded meter readings.

/** `index`: the period's place among all the contract's periods from its start (0 = the first). */
type Period = Omit<TermsPeriod, 'billDate'> & { billDate: string; dueDate: string; index: number };

function billedPeriodsOf(contract: SeedContract): Period[] {
  return periodsOf(contract)
    .map((p, index) => ({ ...p, index, dueDate: addDays(p.billDate, PAYMENT_TERMS_DAYS) }))
    .filter((p) => p.billDate <= billedUpTo(contract.id) && p.end >= HISTORY_FROM);
}

/** The machines a contract bills: its own; the warehouse maintenance contract that was renewed billed the same two. */
const machinesOf = (contract: SeedContract): SeedMachine[] => billedMachinesOf(contract.id);

const hk$ = formatHkd;

const CHARGE_NAME: Record<string, readonly [string, string]> = {
  rental: ['Equipment rental charge', '機器租賃費'],
  lease: ['Equipment lease charge', '機器租約費'],
  managed_print: ['Managed print service charge', '打印管理服務費'],
  maintenance: ['Maintenance service charge', '保養服務費'],
};

type LineRow = typeof billLines.$inferInsert;
type BillRow = typeof bills.$inferInsert & { id: string; billNo: string; amountCents: number; billDate: string; dueDate: string };

/** A bill line and, for a usage line, the two readings it was computed from. */
type SeedLine = Omit<LineRow, 'id' | 'billId'> & { readings?: { opening: string; closing: string } };

function linesFor(contract: SeedContract, period: Period): SeedLine[] {
  const lines: Omit<SeedLine, 'lineNo'>[] = [];
  const range = `${period.start} – ${period.end}`;
  const terms = seedTerms(contract);
  const machines = machinesOf(contract);
  const readings = new Map(machines.map((m) => [m.id, { open: seedReadingFor(m, period.start), close: seedReadingFor(m, period.billDate) }]));
  const priced = pricePeriod(
    terms,
    machines.map((m) => {
      const r = readings.get(m.id)!;
      return {
        machineId: m.id,
        isColour: isColourModel(m.modelCode),
        mono: pagesBetween(r.open.monoCounter, r.close.monoCounter),
        colour: pagesBetween(r.open.colourCounter, r.close.colourCounter),
      };
    }),
  );
  if (priced.periodChargeCents > 0) {
    const [en, zh] = CHARGE_NAME[contract.contractType] ?? CHARGE_NAME.rental!;
    lines.push({ lineType: 'period_charge', descriptionEn: `${en}, ${range}`, descriptionZh: `${zh}（${period.start} 至 ${period.end}）`, amountCents: priced.periodChargeCents });
  }
  for (const u of priced.usage) {
    const machine = machines.find((m) => m.id === u.machineId)!;
    const r = readings.get(u.machineId)!;
    const mono = u.kind === 'mono';
    lines.push({
      lineType: mono ? 'mono_usage' : 'colour_usage',
      descriptionEn: `${mono ? 'Black & white pages' : 'Colour pages'}, ${machine.locationEn}`,
      descriptionZh: `${mono ? '黑白印量' : '彩色印量'}（${machine.locationZh}）`,
      machineId: machine.id,
      serialNo: machine.serialNo,
      openingReading: mono ? r.open.monoCounter : r.open.colourCounter,
      closingReading: mono ? r.close.monoCounter : r.close.colourCounter,
      allowance: u.allowance,
      billablePages: u.billablePages,
      rate: u.rate,
      amountCents: u.amountCents,
      readings: { opening: r.open.id, closing: r.close.id },
    });
  }
  const minimum = terms.minimumChargeCents;
  if (priced.minimumTopUpCents > 0) {
    lines.push({
      lineType: 'minimum_charge',
      descriptionEn: `Minimum usage charge top-up (minimum ${hk$(minimum)} per period, usage ${hk$(priced.usageCents)})`,
      descriptionZh: `最低印量收費補足（每期最低 ${hk$(minimum)}，實際印量 ${hk$(priced.usageCents)}）`,
      amountCents: priced.minimumTopUpCents,
    });
  }
  return lines.map((l, i) => ({ ...l, lineNo: i + 1 }));
}

// ---------------------------------------------------------------------------------------------------------------
// Who paid what: by position from each contract's latest bill (0 = latest). Anything not listed is paid in full.

type Outcome =
  | { kind: 'unpaid' }
  | { kind: 'partly'; paidCents: number }
  | { kind: 'slip'; slip: keyof typeof SEED_SLIP_ID };

const OUTCOME: Record<string, Record<number, Outcome>> = {
  [CONTRACT_ID.hvManagedPrint]: { 0: { kind: 'unpaid' }, 1: { kind: 'slip', slip: 'hvRejected' }, 2: { kind: 'slip', slip: 'hvApproved' } },
  [CONTRACT_ID.hvRental]: { 0: { kind: 'partly', paidCents: 100_000 } },
  [CONTRACT_ID.lcLease]: { 0: { kind: 'partly', paidCents: 200_000 }, 1: { kind: 'slip', slip: 'lcPending' }, 2: { kind: 'slip', slip: 'lcApprovedTwoBills' } },
  [CONTRACT_ID.lcMaintenance]: { 0: { kind: 'partly', paidCents: 20_000 }, 1: { kind: 'slip', slip: 'lcApprovedTwoBills' } },
  [CONTRACT_ID.srRental]: { 0: { kind: 'unpaid' } },
};

/** Slips that are approved move money onto their bills; pending and rejected ones do not. */
const APPROVED_SLIPS = new Set<keyof typeof SEED_SLIP_ID>(['hvApproved', 'lcApprovedTwoBills']);

/** `lineReadings`: for each usage line, the readings it was computed from (bill_line_readings). */
export type SeedBill = {
  bill: BillRow;
  lines: LineRow[];
  lineReadings: { billLineId: string; openingReadingId: string; closingReadingId: string }[];
  slip: keyof typeof SEED_SLIP_ID | null;
};

/** Every demo bill with its lines (pure: the tests and the docs read the same numbers). */
export function buildSeedBills(): SeedBill[] {
  const out: SeedBill[] = [];
  let lineCounter = 0;
  SEED_CONTRACTS.forEach((contract, c) => {
    const periods = billedPeriodsOf(contract);
    periods.forEach((period, k) => {
      const fromLatest = periods.length - 1 - k;
      const n = (c + 1) * 1000 + period.index + 1;
      const id = billIdOf(n);
      const lineReadings: SeedBill['lineReadings'] = [];
      const lines = linesFor(contract, period).map(({ readings, ...l }) => {
        const lineId = lineIdOf((lineCounter += 1));
        if (readings) lineReadings.push({ billLineId: lineId, openingReadingId: readings.opening, closingReadingId: readings.closing });
        return { ...l, id: lineId, billId: id } as LineRow;
      });
      const amountCents = lines.reduce((s, l) => s + l.amountCents, 0);
      const outcome = OUTCOME[contract.id]?.[fromLatest];
      let paidCents = amountCents;
      let slip: SeedBill['slip'] = null;
      if (outcome?.kind === 'unpaid') paidCents = 0;
      if (outcome?.kind === 'partly') paidCents = Math.min(outcome.paidCents, amountCents - 100);
      if (outcome?.kind === 'slip') {
        slip = outcome.slip;
        paidCents = APPROVED_SLIPS.has(outcome.slip) ? amountCents : 0;
      }
      const issued = hkLocal(`${period.billDate}T09:00:00`);
      out.push({
        bill: {
          id,
          billNo: `INV-${period.billDate.slice(0, 4)}${period.billDate.slice(5, 7)}-${c + 1}${String(period.index + 1).padStart(3, '0')}`,
          ucpId: contract.ucpId,
          contractId: contract.id,
          periodStart: period.start,
          periodEnd: period.end,
          billDate: period.billDate,
          dueDate: period.dueDate,
          amountCents,
          paidCents,
          createdAt: issued,
          updatedAt: issued,
        },
        lines,
        lineReadings,
        slip,
      });
    });
  });
  return out;
}

export const seedBillIdsOf = (ucpId: string): string[] => buildSeedBills().filter((b) => b.bill.ucpId === ucpId).map((b) => b.bill.id);

// ---------------------------------------------------------------------------------------------------------------
// Slip files: a small PNG "bank receipt" and a one-page PDF "transfer advice", generated here (valid files: the
// review screen shows them).

/** A 360 × 220 RGB PNG that looks like a receipt: a coloured band, grey "text" bars, a stamp. */
export function demoReceiptPng(accent: Rgb): Buffer {
  return rgbPng(360, 220, (x, y): Rgb => {
    if (y < 36) return accent;
    if (y % 22 >= 8 && y % 22 < 14 && x > 24 && x < 24 + ((y * 37) % 200) + 90) return [170, 174, 180];
    if ((x - 290) ** 2 + (y - 170) ** 2 < 900 && (x - 290) ** 2 + (y - 170) ** 2 > 640) return [198, 40, 40];
    return [252, 252, 250];
  });
}

/** A one-page PDF (Helvetica, ASCII text) with a correct cross-reference table. */
export function demoAdvicePdf(lines: readonly string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 24} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

type SlipPlan = {
  key: keyof typeof SEED_SLIP_ID;
  /** The slip number's running part (PS-<year of payment>-000101 …). */
  no: number;
  ucpId: string;
  uploadedBy: string;
  paymentMethod: 'bank_transfer' | 'fps' | 'cheque';
  /** The payer's reference, quoting the payment date ('YYYYMMDD') where a bank would. */
  reference: (ymd: string) => string;
  /** Days after the (latest) bill's date that the customer paid. */
  paidAfterDays: number;
  status: 'approved' | 'reject' | 'pending';
  comment: string | null;
  file: (paymentDate: string) => { name: string; mime: 'image/png' | 'application/pdf'; content: () => Buffer };
};

const ymdOf = (isoDate: string) => isoDate.replaceAll('-', '');

const SLIP_PLANS: readonly SlipPlan[] = [
  {
    key: 'hvApproved',
    no: 101,
    ucpId: DEMO_UCP.harbourView,
    uploadedBy: seedUserUuid('customer@demo.hk'),
    paymentMethod: 'fps',
    reference: (ymd) => `FPS FRN${ymd}HV0812`,
    paidAfterDays: 18,
    status: 'approved',
    comment: 'Payment received, thank you. 已收款，謝謝。',
    file: (d) => ({ name: `fps-receipt-${ymdOf(d)}.png`, mime: 'image/png', content: () => demoReceiptPng([0, 105, 92]) }),
  },
  {
    key: 'hvRejected',
    no: 102,
    ucpId: DEMO_UCP.harbourView,
    uploadedBy: seedUserUuid('customer@demo.hk'),
    paymentMethod: 'bank_transfer',
    reference: (ymd) => `TT ${ymd} 558201`,
    // Paid 26 days after its bill and reviewed two days later: by the next monthly bill's date in every month.
    paidAfterDays: 26,
    status: 'reject',
    comment:
      'The advice shows a transfer to another payee account. Please upload the bank receipt of the transfer to account 888-123456-001. ' +
      '入數紙顯示款項轉入其他收款帳戶，請上載轉帳至 888-123456-001 的銀行收據。',
    file: (d) => ({
      name: `transfer-advice-${ymdOf(d)}.pdf`,
      mime: 'application/pdf',
      content: () =>
        demoAdvicePdf(['Transfer advice', `Date: ${d}`, 'Payee account: 012-884512-883', 'Amount: as invoiced', `Reference: TT ${ymdOf(d)} 558201`]),
    }),
  },
  {
    key: 'lcPending',
    no: 103,
    ucpId: DEMO_UCP.lungCheong,
    uploadedBy: seedUserUuid('multi@demo.hk'),
    paymentMethod: 'cheque',
    reference: () => 'Cheque 004512',
    paidAfterDays: 28,
    status: 'pending',
    comment: null,
    file: () => ({ name: 'cheque-004512.png', mime: 'image/png', content: () => demoReceiptPng([21, 101, 192]) }),
  },
  {
    key: 'lcApprovedTwoBills',
    no: 104,
    ucpId: DEMO_UCP.lungCheong,
    uploadedBy: seedUserUuid('multi@demo.hk'),
    paymentMethod: 'bank_transfer',
    reference: (ymd) => `TT ${ymd} LC1188`,
    paidAfterDays: 24,
    status: 'approved',
    comment: 'Applied to both bills. 已分配至兩張帳單。',
    file: (d) => ({
      name: `bank-transfer-${ymdOf(d)}.pdf`,
      mime: 'application/pdf',
      content: () => demoAdvicePdf(['Bank transfer receipt', `Date: ${d}`, 'Payee account: 888-123456-001', `Reference: TT ${ymdOf(d)} LC1188`]),
    }),
  },
];

export type SeedSlip = {
  key: keyof typeof SEED_SLIP_ID;
  slipNo: string;
  paymentDate: string;
  reference: string;
  uploadedAt: Date;
  reviewedAt: Date | null;
  bills: BillRow[];
};

/** The demo slips with their dates, counted from the bills each one pays (pure: the tests read the same). */
export function buildSeedSlips(seedBills: readonly SeedBill[] = buildSeedBills()): (SeedSlip & { plan: SlipPlan })[] {
  return SLIP_PLANS.flatMap((plan) => {
    const covered = seedBills.filter((b) => b.slip === plan.key).map((b) => b.bill);
    if (covered.length === 0) return [];
    const latestBillDate = covered.map((b) => b.billDate).sort().at(-1)!;
    const paymentDate = addDays(latestBillDate, plan.paidAfterDays);
    return [
      {
        plan,
        key: plan.key,
        slipNo: referenceNo('PS', paymentDate.slice(0, 4), plan.no),
        paymentDate,
        reference: plan.reference(ymdOf(paymentDate)),
        uploadedAt: hkLocal(`${paymentDate}T14:05:00`),
        reviewedAt: plan.status === 'pending' ? null : hkLocal(`${addDays(paymentDate, 2)}T10:30:00`),
        bills: covered,
      },
    ];
  });
}

const REVIEWER = () => seedUserUuid('admin@demo.hk');

/** Inserts the demo bills, their lines, the slip files, the slips and their bill links (see the module comment). */
export async function seedBilling(tx: Db): Promise<void> {
  const seedBills = buildSeedBills();
  const created = new Set<string>();
  for (const part of chunks(seedBills.map((b) => b.bill))) {
    const rows = await tx.insert(bills).values(part).onConflictDoNothing().returning({ id: bills.id });
    for (const r of rows) created.add(r.id);
  }
  const lines = seedBills.filter((b) => created.has(b.bill.id)).flatMap((b) => b.lines);
  for (const part of chunks(lines)) await tx.insert(billLines).values(part).onConflictDoNothing();
  const links = seedBills.filter((b) => created.has(b.bill.id)).flatMap((b) => b.lineReadings);
  for (const part of chunks(links)) await tx.insert(billLineReadings).values(part).onConflictDoNothing();

  for (const slipPlan of buildSeedSlips(seedBills)) {
    const { plan, paymentDate, uploadedAt, reviewedAt, bills: covered } = slipPlan;
    const i = SLIP_PLANS.indexOf(plan);
    const file = plan.file(paymentDate);
    const content = file.content();
    const fileId = fileIdOf(i + 1);
    await tx
      .insert(storedFiles)
      .values(storedFileRow({ id: fileId, ucpId: plan.ucpId, uploadedBy: plan.uploadedBy, fileName: file.name, mimeType: file.mime, createdAt: uploadedAt }, content))
      .onConflictDoNothing();
    const amountCents = covered.reduce((s, b) => s + b.amountCents, 0);
    const [slip] = await tx
      .insert(paymentSlips)
      .values({
        id: SEED_SLIP_ID[plan.key],
        slipNo: slipPlan.slipNo,
        ucpId: plan.ucpId,
        uploadedBy: plan.uploadedBy,
        fileId,
        amountCents,
        paymentDate,
        paymentMethod: plan.paymentMethod,
        reference: slipPlan.reference,
        status: plan.status,
        reviewedBy: reviewedAt ? REVIEWER() : null,
        reviewedAt,
        reviewComment: plan.comment,
        idempotencyKey: `seed-${slipPlan.slipNo}`,
        createdAt: uploadedAt,
      })
      .onConflictDoNothing()
      .returning({ id: paymentSlips.id });
    if (!slip) continue;
    await tx
      .insert(paymentSlipBills)
      .values(covered.map((b) => ({ slipId: slip.id, billId: b.id, appliedCents: plan.status === 'approved' ? b.amountCents : 0 })))
      .onConflictDoNothing();
  }
}
