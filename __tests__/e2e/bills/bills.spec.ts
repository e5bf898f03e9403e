/**
 * Bills in the browser (issue 5 "Tests", docs/bills.md): the list with the account's outstanding and overdue totals
 * and each bill's derived status; a bill's detail explains every usage line (readings, allowance, rate); the bill
 * PDF, the statement PDF and the statement CSV download with the right names and contents. axe runs on the list.
 *
 * Read only: customer@demo.hk (UCP100001).
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { hkToday } from '@/lib/dates/hongKong';
import type { BillDetail, BillListResult } from '@/lib/bills/schemas';
import { closeBrowser, newPageAs, url } from '../helpers/browser';
import { api, checkAccessible, dataOf, en, h1, nextResponse, open, shot, tableRows, waitForRows } from '../orders/support';

afterAll(closeBrowser);

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

const BILLS = '/my-account/manage-my-bills';
const int = (n: number | null) => new Intl.NumberFormat('en-HK').format(n ?? 0);
/** The cents an "HK$1,234.50" shows (every currency amount has two decimals). */
const centsIn = (text: string) => Number(text.replace(/[^\d]/g, ''));
const decimal = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Clicks `trigger` and resolves the download it starts, once the file is complete, with its bytes. */
async function download(p: Page, trigger: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([p.waitForEvent('download'), trigger()]);
  const path = await (file as Download).path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

function expectPdf(bytes: Buffer): void {
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.subarray(-32).toString('latin1')).toContain('%%EOF');
  expect(bytes.length).toBeLessThan(300_000);
}

it('lists the bills with the outstanding and overdue totals and each status; a bill explains its lines; PDFs and CSV download', async () => {
  page = await newPageAs('customer@demo.hk');
  const firstAnswer = nextResponse(page, '/api/bills/listBills');
  await open(page, BILLS, en('bills:bills.title'));
  const list = await dataOf<BillListResult>(await firstAnswer);
  const rows = tableRows(page, en('bills:bills.listLabel'));
  await waitForRows(rows, list.items.map((b) => b.id), 'the first page of bills');

  // Totals of the whole account.
  const { summary } = list;
  expect(summary.outstandingCents).toBeGreaterThan(0);
  expect(summary.overdueCount).toBeGreaterThan(0);
  // Each figure: its label, the amount, and for overdue how many bills.
  const outstanding = await page.getByTestId('bills-outstanding').locator('p').allInnerTexts();
  expect(outstanding[0]).toBe(en('bills:bills.summary.outstanding'));
  expect(centsIn(outstanding[1]!)).toBe(summary.outstandingCents);
  const overdue = await page.getByTestId('bills-overdue').locator('p').allInnerTexts();
  expect(overdue[0]).toBe(en('bills:bills.summary.overdue'));
  expect(centsIn(overdue[1]!)).toBe(summary.overdueCents);
  expect(overdue[2]).toBe(en(`bills:bills.summary.overdueCount_${summary.overdueCount === 1 ? 'one' : 'other'}`, { count: String(summary.overdueCount) }));

  // Each row's status chip is the derived status, translated; the newest page holds paid and unpaid ones.
  const chips = rows.locator('[data-status]');
  // One chip per status a bill holds (an overdue bill can also be partly paid, docs/bills.md).
  expect(await chips.evaluateAll((els) => els.map((el) => el.getAttribute('data-status')))).toEqual(list.items.flatMap((b) => b.statuses));
  expect(await chips.allInnerTexts()).toEqual(list.items.flatMap((b) => b.statuses.map((s) => en(`common:status.${s}`))));
  const statuses = new Set(list.items.map((b) => b.status));
  expect(statuses.has('paid')).toBe(true);
  expect(['unpaid', 'overdue', 'partly_paid'].some((s) => statuses.has(s as never))).toBe(true);
  await shot(page, 'bills-list');
  await checkAccessible(page, 'bills list');

  // A bill with metered usage: every usage line shows its readings, allowance and rate.
  let bill: BillDetail | undefined;
  for (const item of list.items) {
    const detail = await api<BillDetail>(page, '/api/bills/getBill', { id: item.id });
    if (detail.lines.some((l) => l.lineType === 'mono_usage')) {
      bill = detail;
      break;
    }
  }
  expect(bill).toBeDefined();
  const shown = bill!;
  await page.locator(`tr[data-row-id="${shown.id}"] td`).first().click();
  const dialog = page.getByRole('dialog', { name: new RegExp(en('bills:bills.detail.title', { billNo: shown.billNo })) });
  await dialog.getByRole('table', { name: en('bills:bills.detail.linesLabel') }).waitFor();
  expect(new URL(page.url()).searchParams.get('bill')).toBe(shown.id);
  for (const line of shown.lines) {
    const row = dialog.getByTestId(`bill-line-${line.lineNo}`);
    expect(await row.getAttribute('data-line-type')).toBe(line.lineType);
    const cells = await row.locator('td').allInnerTexts();
    expect(centsIn(cells[7]!)).toBe(line.amountCents);
    if (line.lineType !== 'mono_usage' && line.lineType !== 'colour_usage') continue;
    expect(cells.slice(1, 7)).toEqual([line.serialNo, int(line.openingReading), int(line.closingReading), int(line.allowance), int(line.billablePages), `HK$${line.rate}`]);
    expect(cells[0]).toContain(
      en('bills:bills.detail.explain', {
        opening: int(line.openingReading),
        closing: int(line.closingReading),
        used: int(line.closingReading! - line.openingReading!),
        allowance: int(line.allowance),
        billable: int(line.billablePages),
        rate: line.rate!,
      }),
    );
  }
  expect(centsIn(await dialog.getByTestId('bill-total').innerText())).toBe(shown.amountCents);
  expect(centsIn(await dialog.getByTestId('bill-balance').innerText())).toBe(shown.balanceCents);
  await shot(page, 'bill-detail');

  // The bill as PDF.
  const pdf = await download(page, () => dialog.getByRole('button', { name: en('bills:bills.actions.downloadPdf') }).click());
  expect(pdf.name).toBe(`bill-${shown.billNo}.pdf`);
  expectPdf(pdf.bytes);
  await dialog.getByRole('button', { name: en('common:close'), exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
  expect(new URL(page.url()).searchParams.get('bill')).toBeNull();

  // The statement of account: PDF, and CSV with a byte-order mark, a heading row, one row per open bill and the total.
  const today = hkToday();
  const statementPdf = await download(page, () => page.getByRole('button', { name: en('bills:bills.actions.statement_pdf') }).click());
  expect(statementPdf.name).toBe(`statement-${today}.pdf`);
  expectPdf(statementPdf.bytes);

  const csv = await download(page, () => page.getByRole('button', { name: en('bills:bills.actions.statement_csv') }).click());
  expect(csv.name).toBe(`statement-${today}.csv`);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.bytes.subarray(3).toString('utf8').split('\r\n').filter(Boolean);
  expect(lines[0]).toMatch(/^Bill no\.,Contract no\.,Bill date,Due date,Amount \(HKD\),Paid \(HKD\),Balance \(HKD\),Days past due,Status,/);
  const openBills = await api<BillListResult>(page, '/api/bills/listBills', { page: 1, pageSize: 100, filter: { status: ['unpaid', 'partly_paid', 'overdue', 'under_review'] } });
  expect(lines.slice(1, -1).map((l) => l.split(',')[0]).sort()).toEqual(openBills.items.map((b) => b.billNo).sort());
  expect(lines.at(-1)!.split(',').slice(0, 7)).toEqual(['Total', '', '', '', '', '', decimal(summary.outstandingCents)]);
});

it('opens a bill from its deep link (?bill=<id>)', async () => {
  page = await newPageAs('customer@demo.hk');
  await page.goto(url(BILLS));
  const latest = (await api<BillListResult>(page, '/api/bills/listBills', { page: 1, pageSize: 1 })).items[0]!;
  await page.goto(url(`${BILLS}?bill=${latest.id}&ucpid=UCP100001`));
  // The open dialog hides the page behind it from the accessibility tree: the h1 is there, but not by role.
  const dialog = page.getByRole('dialog', { name: new RegExp(en('bills:bills.detail.title', { billNo: latest.billNo })) });
  await dialog.getByRole('table', { name: en('bills:bills.detail.linesLabel') }).waitFor();
  expect(centsIn(await dialog.getByTestId('bill-total').innerText())).toBe(latest.amountCents);
  await dialog.getByRole('button', { name: en('common:close'), exact: true }).click();
  await h1(page, en('bills:bills.title')).waitFor();
});
