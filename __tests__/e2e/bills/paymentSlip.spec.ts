/**
 * A payment slip from upload to paid (issue 5 "Tests", docs/bills.md): the customer picks two unpaid bills (the
 * amount follows as their sum), enters date, method and reference, attaches a small PNG and uploads; both bills show
 * "Payment under review"; provider staff find the slip in the review queue, see its file and approve it; the
 * customer's two bills are then paid and the slip approved. axe runs on both review pages, and on the upload page in
 * a test of its own (read only, customer@demo.hk), so that an accessibility finding there does not hide the flow.
 *
 * multi@demo.hk acting for UCP100002 (Lung Cheong): its two payable bills are used by no other spec (the other bill
 * specs read UCP100001). Its seeded pending slip stays untouched.
 */
import type { Page } from 'playwright-core';
import { formatCentsForInput } from '@/components/common/form/money';
import type { BillListItem, BillListResult } from '@/lib/bills/schemas';
import type { SlipListResult, UploadSlipResult } from '@/lib/paymentSlips/schemas';
import { closeBrowser, newPageAs, url } from '../helpers/browser';
import { api, checkAccessible, dataOf, en, h1, headerStatus, hkDate, nextResponse, open, shot, tableRows, until, waitForRows } from '../orders/support';
import { asUpload, pngBytes } from './files';

afterAll(closeBrowser);

const pages: Page[] = [];

afterEach(async () => {
  await Promise.all(pages.splice(0).map((p) => p.context().close()));
});

const BILLS = '/my-account/manage-my-bills';
const UPLOAD = `${BILLS}/payment-slip-upload`;
const REVIEW = '/admin-controls/payment-slip-review';
const PAYABLE = ['unpaid', 'partly_paid', 'overdue'];

/** The status chips the bills list shows for `bills` (searched one by one by bill number). */
async function statusesInBillsList(p: Page, bills: readonly BillListItem[]): Promise<string[]> {
  const firstAnswer = nextResponse(p, '/api/bills/listBills');
  await open(p, BILLS, en('bills:bills.title'));
  await firstAnswer;
  const out: string[] = [];
  for (const bill of bills) {
    const answer = nextResponse(p, '/api/bills/listBills', (b) => (b.filter as { q?: string } | undefined)?.q === bill.billNo);
    await p.getByRole('search').getByRole('searchbox', { name: en('bills:bills.filters.search') }).fill(bill.billNo);
    const found = await dataOf<BillListResult>(await answer);
    const rows = tableRows(p, en('bills:bills.listLabel'));
    await waitForRows(rows, found.items.map((b) => b.id), `bill ${bill.billNo}`);
    // The row's main status is its first chip (a bill can hold several, docs/bills.md).
    out.push((await p.locator(`tbody tr[data-row-id="${bill.id}"] [data-status]`).first().getAttribute('data-status')) ?? '');
  }
  return out;
}

it('uploads a slip for two bills (under review), staff approve it, and both bills turn paid', async () => {
  const customer = await newPageAs('multi@demo.hk', { ucpId: 'UCP100002' });
  pages.push(customer);
  const billsAnswer = nextResponse(customer, '/api/bills/listBills');
  await open(customer, UPLOAD, en('bills:paymentSlips.title'));
  // The form asks for every bill with a balance (it offers those with something left to pay, docs/bills.md).
  const offered = (await dataOf<BillListResult>(await billsAnswer)).items;
  expect(offered.every((b) => b.balanceCents > 0)).toBe(true);
  // Two bills with no slip pending, so that approving this one slip pays them off.
  const payable = offered.filter((b) => PAYABLE.includes(b.status) && b.pendingCents === 0);
  expect(payable.length).toBeGreaterThanOrEqual(2);
  const chosen = payable.slice(0, 2);
  const sum = chosen.reduce((s, b) => s + b.balanceCents, 0);
  const slipsBefore = (await api<SlipListResult>(customer, '/api/paymentSlips/listSlips', { page: 1, pageSize: 1 })).total;

  const form = customer.getByRole('form', { name: en('bills:paymentSlips.upload.title') });
  await form.getByTestId('bill-picker').waitFor();

  for (const bill of chosen) await form.getByRole('checkbox', { name: new RegExp(bill.billNo) }).check();
  // The amount follows the selection: the two balances together.
  const amount = form.getByRole('textbox', { name: en('bills:paymentSlips.upload.amount') });
  await until(async () => ((await amount.inputValue()) === formatCentsForInput(sum) ? true : undefined), `the amount ${formatCentsForInput(sum)}`);
  await form.getByRole('textbox', { name: en('bills:paymentSlips.upload.paymentDate') }).fill(hkDate(-1));
  await form.getByRole('radio', { name: en('bills:paymentSlips.method.fps') }).check();
  const reference = `FPS-E2E-${Date.now().toString(36).toUpperCase()}`;
  await form.getByRole('textbox', { name: en('bills:paymentSlips.upload.reference') }).fill(reference);
  await form.locator('input[type="file"]').setInputFiles(asUpload('fps-receipt.png', pngBytes()));
  await form.getByTestId('file-upload-name').filter({ hasText: 'fps-receipt.png' }).waitFor();
  await shot(customer, 'slip-upload-filled');

  const uploaded = nextResponse(customer, '/api/paymentSlips/uploadSlip');
  // A double click uploads one slip (the form sends once at a time, with one idempotency key).
  await form.getByRole('button', { name: en('bills:paymentSlips.upload.submit') }).dblclick();
  const slip = await dataOf<UploadSlipResult>(await uploaded);
  expect(slip).toMatchObject({ status: 'pending', replayed: false });
  expect(slip.slipNo).toMatch(/^PS-\d{4}-\d{6}$/);
  await customer.getByTestId('slip-uploaded').filter({ hasText: en('bills:paymentSlips.upload.success', { slipNo: slip.slipNo }) }).waitFor();
  expect((await api<SlipListResult>(customer, '/api/paymentSlips/listSlips', { page: 1, pageSize: 1 })).total).toBe(slipsBefore + 1);
  // The history lists it, pending; the form no longer offers the two bills.
  const history = tableRows(customer, en('bills:paymentSlips.history.title'));
  await history.filter({ hasText: slip.slipNo }).locator('[data-status="pending"]').waitFor();
  const offeredBefore = offered.filter((b) => b.payableCents > 0).length;
  await until(async () => ((await form.getByRole('checkbox').count()) === offeredBefore - 2 ? true : undefined), 'the bill picker without the two bills');
  await shot(customer, 'slip-uploaded');

  expect(await statusesInBillsList(customer, chosen)).toEqual(['under_review', 'under_review']);
  await customer.locator('[data-status="under_review"]').first().filter({ hasText: en('common:status.under_review') }).waitFor();
  await shot(customer, 'bills-under-review');

  // Staff: the queue (pending by default), the slip, its file, approve.
  const admin = await newPageAs('admin@demo.hk');
  pages.push(admin);
  const queueAnswer = nextResponse(admin, '/api/paymentSlips/listForReview');
  await open(admin, REVIEW, en('slipReview:slipReview.title'));
  await queueAnswer;
  const search = nextResponse(admin, '/api/paymentSlips/listForReview', (b) => (b.filter as { q?: string } | undefined)?.q === slip.slipNo);
  await admin.getByRole('search').getByRole('searchbox', { name: en('slipReview:slipReview.filters.search') }).fill(slip.slipNo);
  await search;
  const queue = tableRows(admin, en('slipReview:slipReview.listLabel'));
  await waitForRows(queue, [slip.id], `slip ${slip.slipNo} in the queue`);
  await checkAccessible(admin, 'slip review list');
  await queue.first().getByRole('link', { name: slip.slipNo }).click();
  await admin.waitForURL((u) => u.pathname === `${REVIEW}/${slip.id}`);
  await h1(admin, en('slipReview:slipReview.detail.title', { slipNo: slip.slipNo })).waitFor();
  expect(await headerStatus(admin).getAttribute('data-status')).toBe('pending');
  const billsOfSlip = admin.getByRole('table', { name: en('slipReview:slipReview.detail.billsLabel') });
  expect((await billsOfSlip.locator('tbody tr td:first-child').allInnerTexts()).sort()).toEqual(chosen.map((b) => b.billNo).sort());
  expect(await admin.locator('main').innerText()).toContain(reference);
  const preview = admin.getByRole('img', { name: en('slipReview:slipReview.detail.previewOf', { name: 'fps-receipt.png' }) });
  await preview.waitFor();
  await until(async () => ((await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)) === 48 ? true : undefined), 'the slip image to load');
  await shot(admin, 'slip-review-detail');
  await checkAccessible(admin, 'slip review detail');

  await admin.getByRole('button', { name: en('slipReview:slipReview.actions.approve') }).click();
  const approve = admin.getByRole('dialog', { name: en('slipReview:slipReview.approve.title', { slipNo: slip.slipNo }) });
  for (const bill of chosen) {
    const field = approve.getByRole('textbox', { name: en('slipReview:slipReview.approve.applyTo', { billNo: bill.billNo }) });
    expect(await field.inputValue()).toBe(formatCentsForInput(bill.balanceCents));
  }
  const approved = nextResponse(admin, '/api/paymentSlips/approveSlip');
  await approve.getByRole('button', { name: en('slipReview:slipReview.approve.submit'), exact: true }).click();
  expect((await approved).status()).toBe(200);
  await admin.getByTestId('review-done').filter({ hasText: en('slipReview:slipReview.done.approved') }).waitFor();
  await until(async () => ((await headerStatus(admin).getAttribute('data-status')) === 'approved' ? true : undefined), 'the approved status');
  expect(await admin.getByRole('button', { name: en('slipReview:slipReview.actions.approve') }).count()).toBe(0);

  // The customer: both bills paid, the slip approved.
  expect(await statusesInBillsList(customer, chosen)).toEqual(['paid', 'paid']);
  await shot(customer, 'bills-paid');
  await customer.goto(url(UPLOAD));
  await tableRows(customer, en('bills:paymentSlips.history.title')).filter({ hasText: slip.slipNo }).locator('[data-status="approved"]').waitFor();
});

it('the upload page (bills to pick, file field, slip history) has no serious axe violation', async () => {
  const customer = await newPageAs('customer@demo.hk');
  pages.push(customer);
  await open(customer, UPLOAD, en('bills:paymentSlips.title'));
  await customer.getByRole('form', { name: en('bills:paymentSlips.upload.title') }).getByTestId('bill-picker').waitFor();
  await tableRows(customer, en('bills:paymentSlips.history.title')).first().waitFor();
  await shot(customer, 'slip-upload-page');
  await checkAccessible(customer, 'slip upload page');
});
