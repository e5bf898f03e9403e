import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import { customers } from '@/lib/server/db/schema';
import { createMember, tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { pdfFonts } from '../pdf/pdfFonts';
import { type TestResponse, type TestServer, useTestServer } from '../helpers/testServer';
import { type BillRow, createBill, createContract, TODAY, useBillingToday } from './billFixtures';
import { billsContract } from '@/lib/bills/contract';
import { contractsContract } from '@/lib/contracts/contract';

const PDF = billsContract.endpoints.downloadBillPdf.path;
const STATEMENT = billsContract.endpoints.downloadStatement.path;

/** POST JSON and keep the raw bytes (the test server's `text` is utf8-decoded). */
async function download(server: TestServer, path: string, body: unknown, token: string): Promise<TestResponse & { bytes: Buffer }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const headers = Object.fromEntries(res.headers.entries());
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers, text: bytes.toString('utf8'), body: parsed, bytes };
}

describeEachDb('bill documents', (getHandle) => {
  const server = useTestServer(getHandle);
  useBillingToday();
  const db = () => getHandle().db;

  async function caller() {
    const m = await createMember(db(), ['mgt_bills_read'], {
      customer: { nameZh: '海景測試貿易有限公司', billingAddressEn: '6 Wing Yip Street, Kwun Tong', billingAddressZh: '九龍觀塘榮業街6號' },
    });
    return { ...m, ucpId: m.customer.ucpId, token: await tokenFor(m.user, m.customer.ucpId) };
  }

  it('sends a bill as a small bilingual PDF attachment generated from its data', async () => {
    await db().insert(customers).values({ ucpId: `PROV-${Date.now()}`, nameEn: 'Test Provider Ltd', nameZh: '測試供應商有限公司', isProvider: true }).onConflictDoNothing();
    const c = await caller();
    const contract = await createContract(db(), c.ucpId);
    const bill = await createBill(db(), c.ucpId, { contractId: contract.id, amountCents: 258_706, paidCents: 58_706 });
    const res = await download(server, PDF, { id: bill.id }, c.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="bill-${bill.billNo}.pdf"; filename*=UTF-8''bill-${bill.billNo}.pdf`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-trace-id']).toEqual(expect.any(String));
    expect(res.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Chinese text is embedded as a subset of Noto Sans TC, so the file stays small.
    expect(res.bytes.length).toBeLessThan(300 * 1024);
    const { text, info } = await pdfParse(res.bytes);
    expect(info.Title).toBe(`Bill ${bill.billNo}`);
    expect(text).toContain(bill.billNo);
    expect(text).toContain(contract.contractNo);
    expect(text).toContain('海景測試貿易有限公司');
    expect(text).toContain('九龍觀塘榮業街6號');
    expect(text).toContain('黑白印量');
    expect(text).toContain('2,587.06');
    expect(text).toContain('2,000.00');
    expect(text).toMatch(/轉數快/);
  });

  it('prints the HKSCS ideographs and emoji of a customer’s name and address, and 𠀀 as “�” (QA: empty boxes)', async () => {
    const m = await createMember(db(), ['mgt_bills_read'], {
      customer: { nameZh: '陳𠀀𨋢貿易有限公司', nameEn: 'Chan Trading 😀', billingAddressZh: '九龍觀塘𨋢街6號 🏠', billingAddressEn: '6 Wing Yip Street' },
    });
    const token = await tokenFor(m.user, m.customer.ucpId);
    const bill = await createBill(db(), m.customer.ucpId);
    const res = await download(server, PDF, { id: bill.id }, token);
    expect(res.status).toBe(200);
    const fonts = pdfFonts(res.bytes);
    // 𠀀 (CJK Ext B outside HKSCS) is in no font of the PDFs: "�", never an empty box; 𨋢 (HKSCS) is in Noto Sans TC.
    expect(fonts.get('NotoSans-Bold')).toContain('\uFFFD');
    expect(fonts.get('NotoSansTC-Bold')).toContain('𨋢');
    expect(fonts.get('NotoEmoji-Bold')).toContain('😀');
    expect(fonts.get('NotoEmoji-Regular')).toContain('🏠');
    expect((await pdfParse(res.bytes)).text).toContain('貿易有限公司');
  });

  it('answers errors of a download as JSON envelopes (404 for another customer’s bill, 400 for a bad id)', async () => {
    const mine = await caller();
    const other = await caller();
    const foreign = await createBill(db(), other.ucpId);
    const res = await download(server, PDF, { id: foreign.id }, mine.token);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body).toMatchObject({ status: 'error', error: { code: 'NOT_FOUND' } });
    const bad = await download(server, PDF, { id: 'nope' }, mine.token);
    expect(bad.status).toBe(400);
  });

  it('ages the open bills into current / 1–30 / 31–60 / 61–90 / over 90 days and writes a CSV Excel reads (BOM)', async () => {
    const c = await caller();
    // Days past due at 2026-11-22: -9 (current), 0 (current), 1, 30, 31, 60, 61, 90, 91, and a paid one (left out).
    const dues = ['2026-12-01', '2026-11-22', '2026-11-21', '2026-10-23', '2026-10-22', '2026-09-23', '2026-09-22', '2026-08-24', '2026-08-23'];
    const made: BillRow[] = [];
    for (const [i, dueDate] of dues.entries()) {
      made.push(await createBill(db(), c.ucpId, { billNo: `INV-AGE-${c.ucpId}-${i}`, billDate: '2026-08-01', dueDate, amountCents: 10_000 + i, paidCents: i === 0 ? 5_000 : 0 }));
    }
    await createBill(db(), c.ucpId, { billNo: `INV-AGE-${c.ucpId}-paid`, amountCents: 9_999, paidCents: 9_999 });

    const res = await download(server, STATEMENT, { format: 'csv', lang: 'tc' }, c.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`statement-${c.ucpId}-${TODAY}.csv`);
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = res.bytes.subarray(3).toString('utf8').trimEnd().split('\r\n').map((l) => l.split(','));
    expect(rows[0]).toEqual(['帳單編號', '合約編號', '帳單日期', '到期日', '金額（港元）', '已付（港元）', '結欠（港元）', '逾期日數', '狀態', '未到期', '1至30日', '31至60日', '61至90日', '90日以上']);
    expect(rows).toHaveLength(1 + 9 + 1);
    const bucketOf = (billNo: string) => {
      const row = rows.find((r) => r[0] === billNo)!;
      return row.slice(9).findIndex((v) => v !== '');
    };
    expect(made.map((b) => bucketOf(b.billNo))).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4]);
    expect(rows.find((r) => r[0] === made[0]!.billNo)!.slice(4, 9)).toEqual(['100.00', '50.00', '50.00', '0', '部分已付']);
    const total = rows.at(-1)!;
    expect(total[0]).toBe('總計');
    const balances = made.map((b, i) => b.amountCents - (i === 0 ? 5_000 : 0));
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(cents(total[6]!)).toBe(balances.reduce((a, b) => a + b, 0));
    expect(total.slice(9).map(cents)).toEqual([balances[0]! + balances[1]!, balances[2]! + balances[3]!, balances[4]! + balances[5]!, balances[6]! + balances[7]!, balances[8]!]);

    const en = await download(server, STATEMENT, { format: 'csv' }, c.token);
    expect(en.bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      'Bill no.,Contract no.,Bill date,Due date,Amount (HKD),Paid (HKD),Balance (HKD),Days past due,Status,Current,1–30 days,31–60 days,61–90 days,Over 90 days',
    );
  });

  it('sends the statement as a PDF with the ageing totals', async () => {
    const c = await caller();
    const bill = await createBill(db(), c.ucpId, { billDate: '2026-07-01', dueDate: '2026-08-01', amountCents: 77_700 });
    const res = await download(server, STATEMENT, { format: 'pdf' }, c.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.bytes.length).toBeLessThan(300 * 1024);
    const { text } = await pdfParse(res.bytes);
    expect(text).toContain(bill.billNo);
    expect(text).toContain('90日以上');
    expect(text).toContain('777.00');
  });

  it('a statement with nothing open still downloads (empty table, zero totals)', async () => {
    const c = await caller();
    const csv = await download(server, STATEMENT, { format: 'csv' }, c.token);
    expect(csv.status).toBe(200);
    const lines = csv.bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('Total,,,,,,0.00,,,0.00,0.00,0.00,0.00,0.00');
    const pdf = await download(server, STATEMENT, { format: 'pdf' }, c.token);
    expect(pdf.status).toBe(200);
  });

  it('the contract summary PDF names the status in words in both languages, never the stored code (QA: "狀態active")', async () => {
    await db().insert(customers).values({ ucpId: `PROV-${Date.now()}`, nameEn: 'Test Provider Ltd', nameZh: '測試供應商有限公司', isProvider: true }).onConflictDoNothing();
    const m = await createMember(db(), ['contract_billing_read', 'contract_download']);
    const token = await tokenFor(m.user, m.customer.ucpId);
    const contract = await createContract(db(), m.customer.ucpId, { status: 'expired', termMonths: 36, minimumChargeCents: 0 });
    const res = await download(server, contractsContract.endpoints.downloadContract.path, { id: contract.id }, token);
    expect(res.status).toBe(200);
    const { text } = await pdfParse(res.bytes);
    expect(text).toContain(contract.contractNo);
    expect(text).toContain('Expired 已屆滿');
    expect(text).not.toMatch(/狀態\s*expired/);
    expect(text).toContain('36 months 36個月');
    // No minimum charge: words, as on the contract page, never "0.00" (QA).
    expect(text.replace(/\s+/g, ' ')).toMatch(/None ?不設/);
  });

  it.each([
    ['a black & white contract has no colour columns (QA: "Colour rate 0.0000", "Colour included 0")', { colourRate: '0.0000', colourAllowance: 0 }, false],
    ['a colour contract keeps its colour columns', {}, true],
  ] as const)('the contract summary PDF: %s', async (_name, terms, colour) => {
    await db().insert(customers).values({ ucpId: `PROV-${Date.now()}`, nameEn: 'Test Provider Ltd', nameZh: '測試供應商有限公司', isProvider: true }).onConflictDoNothing();
    const m = await createMember(db(), ['contract_billing_read', 'contract_download']);
    const token = await tokenFor(m.user, m.customer.ucpId);
    const contract = await createContract(db(), m.customer.ucpId, terms);
    const res = await download(server, contractsContract.endpoints.downloadContract.path, { id: contract.id }, token);
    expect(res.status).toBe(200);
    // The headers as extracted, one space for any run of white space (a header may wrap in its cell).
    const text = (await pdfParse(res.bytes)).text.replace(/\s+/g, ' ');
    expect(text).toMatch(/B\/W rate ?黑白每張/);
    expect(text).toMatch(/B\/W ?included ?黑白包括/);
    expect(text).toContain('0.0450');
    for (const header of [/Colour ?rate/, /彩色每張/, /Colour ?included/, /彩色包括/]) {
      if (colour) expect(text).toMatch(header);
      else expect(text).not.toMatch(header);
    }
    if (colour) expect(text).toContain('0.4500');
    else expect(text).not.toContain('0.0000');
    // A minimum charge is an amount.
    expect(text).toContain('500.00');
    expect(text).not.toMatch(/None ?不設/);
  });

  it('refuses an unknown format (400)', async () => {
    const c = await caller();
    const res = await download(server, STATEMENT, { format: 'xlsx' }, c.token);
    expect(res.status).toBe(400);
  });
});
