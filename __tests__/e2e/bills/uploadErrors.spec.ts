/**
 * Every refused payment-slip upload, with its translated message (issue 5 "Bad input and safety", docs/bills.md):
 * in the browser, before anything is sent — a file over the size limit (the system parameter), a GIF or a ZIP named
 * .png, an empty file, no bill chosen, an amount over the chosen bills' balance; on the server — a PNG cut short
 * (FILE_CORRUPT, shown in the form), and, sent straight to the API, a ZIP named .png (415) and an amount over the
 * balance (PAYMENT_AMOUNT_EXCEEDS_BALANCE). Then nothing was stored: the slip history is unchanged. Once in Chinese.
 *
 * customer@demo.hk (UCP100001): nothing here stores anything.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import type { BillListItem, BillListResult } from '@/lib/bills/schemas';
import type { SlipListResult } from '@/lib/paymentSlips/schemas';
import { MB } from '@/lib/upload/sniff';
import { closeBrowser, newPageAs, url, type PortalLocale } from '../helpers/browser';
import { api, dataOf, hkDate, nextResponse, open, shot, t, tableRows, tokenOf, until } from '../orders/support';
import { asUpload, gifBytes, pngBytes, pngSignedBytes, truncatedPngBytes, zipBytes } from './files';

afterAll(closeBrowser);

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

const UPLOAD = '/my-account/manage-my-bills/payment-slip-upload';
const TYPES = 'JPEG, PNG or PDF';
const TYPES_TC = 'JPEG、PNG或PDF';

type Screen = { form: Locator; payable: BillListItem[]; uploads: string[] };

/** Opens the upload page in `locale`, waits for the form, and records every upload request from then on. */
async function openUpload(p: Page, locale: PortalLocale): Promise<Screen> {
  const billsAnswer = nextResponse(p, '/api/bills/listBills');
  await open(p, locale === 'tc' ? `/tc${UPLOAD}` : UPLOAD, t(locale, 'bills:paymentSlips.title'));
  const payable = (await dataOf<BillListResult>(await billsAnswer)).items;
  const form = p.getByRole('form', { name: t(locale, 'bills:paymentSlips.upload.title') });
  await form.getByTestId('bill-picker').waitFor();
  const uploads: string[] = [];
  p.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/paymentSlips/uploadSlip') uploads.push(r.method());
  });
  return { form, payable, uploads };
}

/**
 * Chooses a file and waits for the field's verdict to be `expected`: the refusal message shown under it, or '' for
 * a file it took (its name shown). A previous refusal stays on screen until the new file has been read, so the
 * verdict is awaited, not read once.
 */
async function expectVerdict(form: Locator, file: ReturnType<typeof asUpload>, expected: string): Promise<void> {
  await form.locator('input[type="file"]').setInputFiles(file);
  const field = form.getByTestId('file-upload');
  let seen = '(nothing yet)';
  await until(async () => {
    if ((await field.getByTestId('file-upload-name').count()) > 0) seen = '';
    // The alert may go between counting and reading it (the new file was taken): then look again next round.
    else if ((await field.getByRole('alert').count()) > 0) {
      seen = (await field.getByRole('alert').innerText({ timeout: 500 }).catch(() => seen)).trim();
    }
    return seen === expected ? true : undefined;
  }, `"${expected}" for ${file.name} (${file.buffer.length} bytes)`).catch((err: Error) => {
    throw new Error(`${err.message}; the field shows "${seen}"`);
  });
}

const slipTotal = async (p: Page) => (await api<SlipListResult>(p, '/api/paymentSlips/listSlips', { page: 1, pageSize: 1 })).total;

/** A multipart upload straight to the API (what a script, not the form, could send). */
async function postSlip(p: Page, fields: { billIds: string[]; amountCents: number }, file: ReturnType<typeof asUpload>) {
  const body = new FormData();
  body.append('idempotencyKey', randomUUID());
  for (const id of fields.billIds) body.append('billIds', id);
  body.append('amountCents', String(fields.amountCents));
  body.append('paymentDate', hkDate(-1));
  body.append('paymentMethod', 'bank_transfer');
  body.append('reference', 'E2E-DIRECT');
  body.append('file', new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const response = await fetch(url('/api/paymentSlips/uploadSlip'), { method: 'POST', headers: { authorization: `Bearer ${await tokenOf(p)}` }, body });
  const envelope = (await response.json()) as { error?: { code: string } };
  return { status: response.status, code: envelope.error?.code ?? null };
}

it('refuses each bad upload with its message (en) and stores nothing', async () => {
  page = await newPageAs('customer@demo.hk');
  const { form, payable, uploads } = await openUpload(page, 'en');
  const en = (key: string, vars?: Record<string, string>) => t('en', key, vars);
  expect(payable.length).toBeGreaterThan(0);
  const slipsBefore = await slipTotal(page);
  const historyRows = tableRows(page, en('bills:paymentSlips.history.title'));
  await historyRows.first().waitFor();
  const historyBefore = await historyRows.count();
  const limitMb = Number((await api<{ paramValue: number | string }>(page, '/api/systemParam/getUploadFileSize')).paramValue);
  expect(limitMb).toBeGreaterThan(0);

  // The file, checked in the browser: size (the system parameter), type by content, empty.
  await expectVerdict(form, asUpload('receipt.png', pngSignedBytes(Math.ceil(limitMb * 1.2 * MB))), en('common:ui.upload.tooLarge', { size: String(limitMb) }));
  await shot(page, 'slip-error-too-large-en');
  await expectVerdict(form, asUpload('receipt.png', gifBytes()), en('common:ui.upload.wrongType', { types: TYPES }));
  await expectVerdict(form, asUpload('receipt.png', zipBytes()), en('common:ui.upload.wrongType', { types: TYPES }));
  await expectVerdict(form, asUpload('receipt.png', Buffer.alloc(0)), en('common:ui.upload.empty'));
  await shot(page, 'slip-error-empty-en');

  // A good file but no bill: the picker says so.
  await expectVerdict(form, asUpload('receipt.png', pngBytes()), '');
  const submit = form.getByRole('button', { name: en('bills:paymentSlips.upload.submit') });
  await submit.click();
  await form.getByRole('group', { name: en('bills:paymentSlips.upload.bills') }).getByRole('alert').filter({ hasText: en('common:paymentSlips.validation.pickBill') }).waitFor();
  await shot(page, 'slip-error-no-bill-en');

  // More than the chosen bill's balance.
  const bill = payable[0]!;
  await form.getByRole('checkbox', { name: new RegExp(bill.billNo) }).check();
  const amount = form.getByRole('textbox', { name: en('bills:paymentSlips.upload.amount') });
  await amount.fill(((bill.balanceCents + 10_000) / 100).toFixed(2));
  await submit.click();
  // On the field (exactly its text) and, since issue 10, also in the form's error summary above it.
  await form.getByText(en('common:paymentSlips.validation.amountOverBalance'), { exact: true }).waitFor();
  await form.getByTestId('form-error-summary').getByText(en('bills:paymentSlips.upload.amount'), { exact: false }).waitFor();
  expect(await amount.getAttribute('aria-invalid')).toBe('true');
  await shot(page, 'slip-error-amount-en');
  expect(uploads).toEqual([]);

  // A PNG cut short passes the browser's look at its first bytes; the server refuses it, and the form says why.
  await amount.fill((bill.balanceCents / 100).toFixed(2));
  await form.getByRole('button', { name: en('common:ui.upload.remove', { name: 'receipt.png' }) }).click();
  await expectVerdict(form, asUpload('receipt.png', truncatedPngBytes()), '');
  const refused = nextResponse(page, '/api/paymentSlips/uploadSlip');
  await submit.click();
  expect((await refused).status()).toBe(400);
  await form.getByTestId('form-error').filter({ hasText: en('error:FILE_CORRUPT') }).waitFor();
  await shot(page, 'slip-error-corrupt-en');
  expect(uploads).toHaveLength(1);

  // Straight to the API: the type by content (a ZIP named .png), and the amount against the balance.
  expect(await postSlip(page, { billIds: [bill.id], amountCents: bill.balanceCents }, asUpload('receipt.png', zipBytes()))).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
  expect(await postSlip(page, { billIds: [bill.id], amountCents: bill.balanceCents + 1 }, asUpload('receipt.png', pngBytes()))).toEqual({
    status: 400,
    code: 'PAYMENT_AMOUNT_EXCEEDS_BALANCE',
  });

  // Nothing was stored: the same slips, and the bill is still payable.
  expect(await slipTotal(page)).toBe(slipsBefore);
  const after = await api<BillListResult>(page, '/api/bills/listBills', { page: 1, pageSize: 1, filter: { q: bill.billNo } });
  expect(after.items[0]).toMatchObject({ id: bill.id, status: bill.status, balanceCents: bill.balanceCents });
  await page.reload();
  await historyRows.first().waitFor();
  expect(await historyRows.count()).toBe(historyBefore);
});

it('says the same in Chinese (tc): file too large, wrong type, no bill chosen', async () => {
  page = await newPageAs('customer@demo.hk');
  const { form, uploads } = await openUpload(page, 'tc');
  const tc = (key: string, vars?: Record<string, string>) => t('tc', key, vars);
  const limitMb = Number((await api<{ paramValue: number | string }>(page, '/api/systemParam/getUploadFileSize')).paramValue);

  await expectVerdict(form, asUpload('入數紙.png', pngSignedBytes(Math.ceil(limitMb * 1.2 * MB))), tc('common:ui.upload.tooLarge', { size: String(limitMb) }));
  await shot(page, 'slip-error-too-large-tc');
  await expectVerdict(form, asUpload('入數紙.png', gifBytes()), tc('common:ui.upload.wrongType', { types: TYPES_TC }));

  await expectVerdict(form, asUpload('入數紙.png', pngBytes()), '');
  await form.getByRole('button', { name: tc('bills:paymentSlips.upload.submit') }).click();
  await form.getByText(tc('common:paymentSlips.validation.pickBill'), { exact: true }).waitFor();
  // The summary names the picker by its label, not by the field's name.
  expect(await form.getByTestId('form-error-summary').innerText()).toContain(tc('bills:paymentSlips.upload.bills'));
  await shot(page, 'slip-error-no-bill-tc');
  expect(uploads).toEqual([]);
});
