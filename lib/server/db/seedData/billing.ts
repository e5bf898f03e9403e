import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { addDays } from '@/lib/bills/dates';
import { billLines, bills, paymentSlipBills, paymentSlips, storedFiles } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { crc32 } from '@/lib/server/uploads/crc32';
import { DEMO_UCP } from './customers';
import { CONTRACT_ID, MACHINE_ID, SEED_CONTRACTS, SEED_MACHINE_MODELS, SEED_MACHINES, type SeedContract, type SeedMachine } from './equipment';
import { SEED_USERS } from './users';

/**
 * Demo bills and payment slips (docs/bills.md, docs/demo-data.md), computed from the contracts' terms and meter
 * readings that grow month by month, so every figure on a bill can be explained from its lines.
 *
 * - Periods follow each contract from its start date (monthly or quarterly); a bill is dated the day after its
 *   period and due 30 days later. History: every period ending on or after HISTORY_FROM and billed by the reference
 *   date 2026-11-01, i.e. about three years, or the contract's life when shorter.
 * - Lines: the period charge; per machine a mono (and, for colour models, a colour) usage line with the opening and
 *   closing readings, the allowance per machine and period, the billable pages and the rate; a minimum-charge
 *   top-up when usage comes to less than the contract's minimum.
 * - Status by data (the status itself is derived at query time): old bills paid in full; per customer the latest
 *   ones unpaid, partly paid or under review, some overdue by Hong Kong's today (see OUTCOME below).
 * - Four payment slips: approved (one bill; two bills), rejected with the reviewer's comment, pending review;
 *   their files are a small PNG and a small PDF generated here.
 *
 * Deterministic (fixed ids, dates and pseudo-random volumes from a fixed seed) and idempotent (on conflict do
 * nothing; lines and slip links only for bills and slips created now).
 */

export const BILLING_REFERENCE_DATE = '2026-11-01';
const HISTORY_FROM = '2023-11-01';
const PAYMENT_TERMS_DAYS = 30;

const pad12 = (n: number) => String(n).padStart(12, '0');
const billIdOf = (n: number) => `5eed0030-0000-4000-8000-${pad12(n)}`;
const lineIdOf = (n: number) => `5eed0031-0000-4000-8000-${pad12(n)}`;
const fileIdOf = (n: number) => `5eed0032-0000-4000-8000-${pad12(n)}`;
const slipIdOf = (n: number) => `5eed0033-0000-4000-8000-${pad12(n)}`;

/** Fixed slip ids (tests and docs refer to them). */
export const SEED_SLIP_ID = { hvApproved: slipIdOf(1), hvRejected: slipIdOf(2), lcPending: slipIdOf(3), lcApprovedTwoBills: slipIdOf(4) } as const;

const userUuid = (loginId: string): string => SEED_USERS.find((u) => u.loginId === loginId)!.userAcUuid;

// ---------------------------------------------------------------------------------------------------------------
// Meter readings: a monthly volume per machine (base × season × noise × slow growth), integrated day by day.

type Usage = { mono: number; colour: number };

/** Pages per month on average: what each machine's place in its office would print. */
const BASE_VOLUME: Record<string, Usage> = {
  [MACHINE_ID.hvColour]: { mono: 3600, colour: 1150 },
  [MACHINE_ID.hvMono]: { mono: 9400, colour: 0 },
  [MACHINE_ID.hvPrinter]: { mono: 5200, colour: 0 },
  [MACHINE_ID.lcColour]: { mono: 7400, colour: 2450 },
  [MACHINE_ID.lcMonoOffice]: { mono: 6100, colour: 0 },
  [MACHINE_ID.lcMonoWarehouse]: { mono: 2600, colour: 0 },
  [MACHINE_ID.lcPrinter]: { mono: 3100, colour: 0 },
  [MACHINE_ID.srColour]: { mono: 1500, colour: 420 },
  [MACHINE_ID.srPrinter]: { mono: 900, colour: 0 },
};

/** Lunar New Year (February), summer holidays and Christmas print less; the year's end closes print more. */
const SEASON = [0.95, 0.8, 1.05, 1.0, 1.0, 1.05, 0.95, 0.9, 1.05, 1.05, 1.05, 0.9];

/** mulberry32: a tiny deterministic generator, so the demo volumes are the same on every database. */
function random(seed: number): number {
  let t = (seed + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;
const daysInMonth = (index: number) => new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();

function monthlyVolume(machineNo: number, machine: SeedMachine, index: number): Usage {
  const base = BASE_VOLUME[machine.id] ?? { mono: 1000, colour: 0 };
  const years = (index - monthIndex(machine.installedOn ?? '2024-01-01')) / 12;
  const factor = SEASON[index % 12]! * (0.85 + 0.3 * random(machineNo * 10_007 + index)) * (1 + 0.03 * years);
  const colourNoise = 0.85 + 0.3 * random(machineNo * 20_011 + index);
  return { mono: base.mono * factor, colour: base.colour * SEASON[index % 12]! * colourNoise };
}

/** Counter readings of a machine at the start of a day ('YYYY-MM-DD'), from its installation on. */
function readingAt(machine: SeedMachine, date: string): Usage {
  const machineNo = Number(machine.id.slice(-4));
  const install = machine.installedOn ?? '2024-01-01';
  // A new machine leaves the factory with a few test pages on its counters.
  const total: Usage = { mono: 40 + machineNo * 3, colour: machine.modelCode && isColourModel(machine.modelCode) ? 25 : 0 };
  if (date <= install) return { mono: Math.floor(total.mono), colour: Math.floor(total.colour) };
  const from = monthIndex(install);
  const to = monthIndex(date);
  for (let m = from; m <= to; m += 1) {
    const days = daysInMonth(m);
    const startDay = m === from ? Number(install.slice(8, 10)) : 1;
    const endDay = m === to ? Number(date.slice(8, 10)) : days + 1;
    const share = Math.max(0, endDay - startDay) / days;
    const v = monthlyVolume(machineNo, machine, m);
    total.mono += v.mono * share;
    total.colour += isColourModel(machine.modelCode) ? v.colour * share : 0;
  }
  return { mono: Math.floor(total.mono), colour: Math.floor(total.colour) };
}

const isColourModel = (modelCode: string | undefined): boolean => SEED_MACHINE_MODELS.find((m) => m.modelCode === modelCode)?.isColour ?? false;

// ---------------------------------------------------------------------------------------------------------------
// Periods and lines

type Period = { start: string; end: string; billDate: string; dueDate: string };

function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1 + months, d));
  return date.toISOString().slice(0, 10);
}

function periodsOf(contract: SeedContract): Period[] {
  const step = contract.billingFrequency === 'quarterly' ? 3 : 1;
  const out: Period[] = [];
  for (let k = 0; ; k += 1) {
    const start = addMonths(contract.startDate, k * step);
    if (start > contract.endDate) break;
    let end = addDays(addMonths(contract.startDate, (k + 1) * step), -1);
    if (end > contract.endDate) end = contract.endDate;
    const billDate = addDays(end, 1);
    if (billDate > BILLING_REFERENCE_DATE) break;
    if (end >= HISTORY_FROM) out.push({ start, end, billDate, dueDate: addDays(billDate, PAYMENT_TERMS_DAYS) });
  }
  return out;
}

/** The machines a contract bills: its own; the warehouse maintenance contract that was renewed billed the same two. */
function machinesOf(contract: SeedContract): SeedMachine[] {
  const id = contract.id === CONTRACT_ID.lcMaintenanceOld ? CONTRACT_ID.lcMaintenance : contract.id;
  return SEED_MACHINES.filter((m) => m.contractId === id);
}

/** HKD/page with four decimals, as text → ten-thousandths of a dollar (exact integer arithmetic). */
const rateE4 = (rate: string | null | undefined): number => Math.round(Number(rate ?? '0') * 10_000);
/** pages × rate in cents, rounded to the cent. */
const usageCents = (pages: number, rate: string | null | undefined): number => Math.round((pages * rateE4(rate)) / 100);

const hk$ = (cents: number) => `HK$${Math.trunc(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`;

const CHARGE_NAME: Record<string, readonly [string, string]> = {
  rental: ['Equipment rental charge', '機器租賃費'],
  lease: ['Equipment lease charge', '機器租約費'],
  managed_print: ['Managed print service charge', '打印管理服務費'],
  maintenance: ['Maintenance service charge', '保養服務費'],
};

type LineRow = typeof billLines.$inferInsert;
type BillRow = typeof bills.$inferInsert & { id: string; billNo: string; amountCents: number; billDate: string; dueDate: string };

function linesFor(contract: SeedContract, period: Period): Omit<LineRow, 'id' | 'billId'>[] {
  const lines: Omit<LineRow, 'id' | 'billId' | 'lineNo'>[] = [];
  const range = `${period.start} – ${period.end}`;
  if ((contract.periodChargeCents ?? 0) > 0) {
    const [en, zh] = CHARGE_NAME[contract.contractType] ?? CHARGE_NAME.rental!;
    lines.push({ lineType: 'period_charge', descriptionEn: `${en}, ${range}`, descriptionZh: `${zh}（${period.start} 至 ${period.end}）`, amountCents: contract.periodChargeCents! });
  }
  let usage = 0;
  for (const machine of machinesOf(contract)) {
    const open = readingAt(machine, period.start);
    const close = readingAt(machine, period.billDate);
    const kinds: { type: 'mono_usage' | 'colour_usage'; open: number; close: number; allowance: number; rate: string }[] = [
      { type: 'mono_usage', open: open.mono, close: close.mono, allowance: contract.monoAllowance ?? 0, rate: contract.monoRate ?? '0' },
    ];
    if (isColourModel(machine.modelCode)) {
      kinds.push({ type: 'colour_usage', open: open.colour, close: close.colour, allowance: contract.colourAllowance ?? 0, rate: contract.colourRate ?? '0' });
    }
    for (const k of kinds) {
      const billable = Math.max(0, k.close - k.open - k.allowance);
      const amount = usageCents(billable, k.rate);
      usage += amount;
      const mono = k.type === 'mono_usage';
      lines.push({
        lineType: k.type,
        descriptionEn: `${mono ? 'Black & white pages' : 'Colour pages'}, ${machine.locationEn}`,
        descriptionZh: `${mono ? '黑白印量' : '彩色印量'}（${machine.locationZh}）`,
        machineId: machine.id,
        serialNo: machine.serialNo,
        openingReading: k.open,
        closingReading: k.close,
        allowance: k.allowance,
        billablePages: billable,
        rate: k.rate,
        amountCents: amount,
      });
    }
  }
  const minimum = contract.minimumChargeCents ?? 0;
  if (minimum > 0 && usage < minimum) {
    lines.push({
      lineType: 'minimum_charge',
      descriptionEn: `Minimum usage charge top-up (minimum ${hk$(minimum)} per period, usage ${hk$(usage)})`,
      descriptionZh: `最低印量收費補足（每期最低 ${hk$(minimum)}，實際印量 ${hk$(usage)}）`,
      amountCents: minimum - usage,
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

export type SeedBill = { bill: BillRow; lines: LineRow[]; slip: keyof typeof SEED_SLIP_ID | null };

/** Every demo bill with its lines (pure: the tests and the docs read the same numbers). */
export function buildSeedBills(): SeedBill[] {
  const out: SeedBill[] = [];
  let lineCounter = 0;
  SEED_CONTRACTS.forEach((contract, c) => {
    const periods = periodsOf(contract);
    periods.forEach((period, k) => {
      const fromLatest = periods.length - 1 - k;
      const n = (c + 1) * 1000 + k + 1;
      const id = billIdOf(n);
      const lines = linesFor(contract, period).map((l) => ({ ...l, id: lineIdOf((lineCounter += 1)), billId: id }) as LineRow);
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
      const issued = new Date(`${period.billDate}T09:00:00+08:00`);
      out.push({
        bill: {
          id,
          billNo: `INV-${period.billDate.slice(0, 4)}${period.billDate.slice(5, 7)}-${c + 1}${String(k + 1).padStart(3, '0')}`,
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

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 360 × 220 RGB PNG that looks like a receipt: a coloured band, grey "text" bars, a stamp. */
export function demoReceiptPng(accent: readonly [number, number, number]): Buffer {
  const w = 360;
  const h = 220;
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y += 1) {
    const row = y * (w * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < w; x += 1) {
      let px: readonly [number, number, number] = [252, 252, 250];
      if (y < 36) px = accent;
      else if (y % 22 >= 8 && y % 22 < 14 && x > 24 && x < 24 + ((y * 37) % 200) + 90) px = [170, 174, 180];
      else if ((x - 290) ** 2 + (y - 170) ** 2 < 900 && (x - 290) ** 2 + (y - 170) ** 2 > 640) px = [198, 40, 40];
      const i = row + 1 + x * 3;
      raw[i] = px[0];
      raw[i + 1] = px[1];
      raw[i + 2] = px[2];
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
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
  slipNo: string;
  ucpId: string;
  uploadedBy: string;
  paymentMethod: 'bank_transfer' | 'fps' | 'cheque';
  reference: string;
  /** Days after the (latest) bill's date that the customer paid. */
  paidAfterDays: number;
  status: 'approved' | 'reject' | 'pending';
  comment: string | null;
  file: { name: string; mime: 'image/png' | 'application/pdf'; content: () => Buffer };
};

const SLIP_PLANS: readonly SlipPlan[] = [
  {
    key: 'hvApproved',
    slipNo: 'PS-2026-000101',
    ucpId: DEMO_UCP.harbourView,
    uploadedBy: userUuid('customer@demo.hk'),
    paymentMethod: 'fps',
    reference: 'FPS FRN20260919HV0812',
    paidAfterDays: 18,
    status: 'approved',
    comment: 'Payment received, thank you. 已收款，謝謝。',
    file: { name: 'fps-receipt-20260919.png', mime: 'image/png', content: () => demoReceiptPng([0, 105, 92]) },
  },
  {
    key: 'hvRejected',
    slipNo: 'PS-2026-000102',
    ucpId: DEMO_UCP.harbourView,
    uploadedBy: userUuid('customer@demo.hk'),
    paymentMethod: 'bank_transfer',
    reference: 'TT 20261027 558201',
    paidAfterDays: 26,
    status: 'reject',
    comment:
      'The advice shows a transfer to another payee account. Please upload the bank receipt of the transfer to account 888-123456-001. ' +
      '入數紙顯示款項轉入其他收款帳戶，請上載轉帳至 888-123456-001 的銀行收據。',
    file: {
      name: 'transfer-advice-20261027.pdf',
      mime: 'application/pdf',
      content: () =>
        demoAdvicePdf(['Transfer advice', 'Date: 2026-10-27', 'Payee account: 012-884512-883', 'Amount: as invoiced', 'Reference: TT 20261027 558201']),
    },
  },
  {
    key: 'lcPending',
    slipNo: 'PS-2026-000103',
    ucpId: DEMO_UCP.lungCheong,
    uploadedBy: userUuid('multi@demo.hk'),
    paymentMethod: 'cheque',
    reference: 'Cheque 004512',
    paidAfterDays: 28,
    status: 'pending',
    comment: null,
    file: { name: 'cheque-004512.png', mime: 'image/png', content: () => demoReceiptPng([21, 101, 192]) },
  },
  {
    key: 'lcApprovedTwoBills',
    slipNo: 'PS-2026-000104',
    ucpId: DEMO_UCP.lungCheong,
    uploadedBy: userUuid('multi@demo.hk'),
    paymentMethod: 'bank_transfer',
    reference: 'TT 20260925 LC1188',
    paidAfterDays: 24,
    status: 'approved',
    comment: 'Applied to both bills. 已分配至兩張帳單。',
    file: {
      name: 'bank-transfer-20260925.pdf',
      mime: 'application/pdf',
      content: () => demoAdvicePdf(['Bank transfer receipt', 'Date: 2026-09-25', 'Payee account: 888-123456-001', 'Reference: TT 20260925 LC1188']),
    },
  },
];

const REVIEWER = () => userUuid('admin@demo.hk');

function chunks<T>(rows: readonly T[], size = 400): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

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

  for (const [i, plan] of SLIP_PLANS.entries()) {
    const covered = seedBills.filter((b) => b.slip === plan.key).map((b) => b.bill);
    if (covered.length === 0) continue;
    const latestBillDate = covered.map((b) => b.billDate).sort().at(-1)!;
    const paymentDate = addDays(latestBillDate, plan.paidAfterDays);
    const uploadedAt = new Date(`${paymentDate}T14:05:00+08:00`);
    const reviewedAt = plan.status === 'pending' ? null : new Date(`${addDays(paymentDate, 2)}T10:30:00+08:00`);
    const content = plan.file.content();
    const fileId = fileIdOf(i + 1);
    await tx
      .insert(storedFiles)
      .values({
        id: fileId,
        ucpId: plan.ucpId,
        uploadedBy: plan.uploadedBy,
        fileName: plan.file.name,
        mimeType: plan.file.mime,
        sizeBytes: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        content,
        createdAt: uploadedAt,
      })
      .onConflictDoNothing();
    const amountCents = covered.reduce((s, b) => s + b.amountCents, 0);
    const [slip] = await tx
      .insert(paymentSlips)
      .values({
        id: SEED_SLIP_ID[plan.key],
        slipNo: plan.slipNo,
        ucpId: plan.ucpId,
        uploadedBy: plan.uploadedBy,
        fileId,
        amountCents,
        paymentDate,
        paymentMethod: plan.paymentMethod,
        reference: plan.reference,
        status: plan.status,
        reviewedBy: reviewedAt ? REVIEWER() : null,
        reviewedAt,
        reviewComment: plan.comment,
        idempotencyKey: `seed-${plan.slipNo}`,
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
