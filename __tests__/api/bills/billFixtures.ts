import { billLines, bills, contracts, paymentSlipBills, paymentSlips, storedFiles } from '@/lib/server/db/schema';
import { demoAdvicePdf, demoReceiptPng } from '@/lib/server/db/seedData/billing';
import type { Db } from '@/lib/server/db/types';
import { setBillingToday } from '@/lib/server/services/bills';
import { insertRow, uniq } from '../helpers/fixtures';

export type BillRow = typeof bills.$inferSelect;
export type SlipRow = typeof paymentSlips.$inferSelect;

/** A fixed "today" for every billing test: statuses never depend on the wall clock. */
export const TODAY = '2026-11-22';

/** The billing clock at `day` (default TODAY) for the enclosing describe block, back to the real date after it. */
export function useBillingToday(day: string = TODAY): void {
  beforeAll(() => setBillingToday(day));
  afterAll(() => setBillingToday(null));
}

export async function createContract(db: Db, ucpId: string, overrides: Partial<typeof contracts.$inferInsert> = {}) {
  return insertRow(db, contracts, {
    ucpId,
    contractNo: `CT-T-${uniq()}`,
    contractType: 'rental',
    startDate: '2024-01-01',
    endDate: '2028-12-31',
    termMonths: 60,
    billingFrequency: 'monthly',
    periodChargeCents: 100_000,
    minimumChargeCents: 50_000,
    monoRate: '0.0450',
    colourRate: '0.4500',
    monoAllowance: 1000,
    colourAllowance: 100,
    ...overrides,
  });
}

/** A bill (written straight to the table) with two explaining lines that add up to its amount. */
export async function createBill(db: Db, ucpId: string, overrides: Partial<typeof bills.$inferInsert> = {}): Promise<BillRow> {
  const amountCents = overrides.amountCents ?? 123_450;
  const row = await insertRow(db, bills, {
    billNo: `INV-T-${uniq()}`,
    ucpId,
    periodStart: '2026-09-01',
    periodEnd: '2026-09-30',
    billDate: '2026-10-01',
    dueDate: '2026-10-31',
    amountCents,
    paidCents: 0,
    ...overrides,
  });
  const charge = Math.min(100_000, amountCents);
  await db.insert(billLines).values([
    { billId: row.id, lineNo: 1, lineType: 'period_charge', descriptionEn: 'Rental charge', descriptionZh: '租賃費', amountCents: charge },
    {
      billId: row.id,
      lineNo: 2,
      lineType: 'mono_usage',
      descriptionEn: 'Black & white pages',
      descriptionZh: '黑白印量',
      serialNo: 'SN-TEST-1',
      openingReading: 10_000,
      closingReading: 10_000 + 1000 + Math.round((amountCents - charge) / 4.5),
      allowance: 1000,
      billablePages: Math.round((amountCents - charge) / 4.5),
      rate: '0.0450',
      amountCents: amountCents - charge,
    },
  ]);
  return row;
}

/** A slip over `billIds` written straight to the tables (status pending unless overridden). */
export async function createSlip(
  db: Db,
  ucpId: string,
  billIds: string[],
  overrides: Partial<typeof paymentSlips.$inferInsert> = {},
): Promise<SlipRow> {
  const content = pngBytes();
  const [file] = await db
    .insert(storedFiles)
    .values({ ucpId, fileName: 'slip.png', mimeType: 'image/png', sizeBytes: content.length, sha256: 'x'.repeat(64), content })
    .returning();
  const id = uniq();
  const [slip] = await db
    .insert(paymentSlips)
    .values({
      slipNo: `PS-T-${id}`,
      ucpId,
      fileId: file!.id,
      amountCents: 10_000,
      paymentDate: '2026-11-01',
      paymentMethod: 'fps',
      idempotencyKey: `key-${id}`,
      ...overrides,
    })
    .returning();
  if (billIds.length) await db.insert(paymentSlipBills).values(billIds.map((billId) => ({ slipId: slip!.id, billId })));
  return slip!;
}

export const pngBytes = (): Buffer => demoReceiptPng([10, 120, 200]);
export const pdfBytes = (): Buffer => demoAdvicePdf(['Bank receipt', 'Amount HKD 1,234.50']);

/** A tiny baseline JPEG: SOI, APP0, DQT, SOF0, DHT, SOS, a few scan bytes, EOI (structure only; enough for the checks). */
export function jpegBytes(): Buffer {
  const seg = (marker: number, body: number[]) => [0xff, marker, ((body.length + 2) >> 8) & 0xff, (body.length + 2) & 0xff, ...body];
  return Buffer.from([
    0xff, 0xd8,
    ...seg(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
    ...seg(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...seg(0xc0, [0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]),
    ...seg(0xc4, [0x00, 0x01, ...new Array<number>(15).fill(0), 0x00]),
    ...seg(0xda, [0x01, 0x01, 0x00, 0x00, 0x3f, 0x00]),
    0x12, 0x34, 0x56,
    0xff, 0xd9,
  ]);
}

/** GIF89a, 1×1 (a real GIF: file-type says image/gif). */
export const gifBytes = (): Buffer =>
  Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A ZIP with one stored file. */
export const zipBytes = (): Buffer => {
  const name = Buffer.from('a.txt');
  const data = Buffer.from('hello');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, data, Buffer.alloc(22)]);
};

/** A PNG signature and IHDR, then junk: what a broken transfer or a renamed file looks like. */
export const corruptPngBytes = (): Buffer => Buffer.concat([pngBytes().subarray(0, 33), Buffer.from('this is not image data at all, just garbage bytes'.repeat(4))]);

/** A PDF cut off before its end (no %%EOF). */
export const truncatedPdfBytes = (): Buffer => {
  const full = pdfBytes();
  return full.subarray(0, full.lastIndexOf('startxref'));
};

/** Random noise of `size` bytes that starts like a PNG (to test the size cap with a plausible file). */
export const bigPngLike = (size: number): Buffer => {
  const head = pngBytes();
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]);
};

export type Part = { name: string; value: string } | { name: string; fileName: string; contentType: string; content: Buffer };

/** A multipart/form-data body, written by hand like a browser would. */
export function multipart(parts: readonly Part[]): { body: Buffer; contentType: string } {
  const boundary = `----portalTest${uniq()}${uniq()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`, 'utf8'));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.fileName}"\r\nContent-Type: ${p.contentType}\r\n\r\n`, 'utf8'),
        p.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
