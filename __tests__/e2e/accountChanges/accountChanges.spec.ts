/**
 * Account-information changes in the browser (issue 12, docs/account-changes.md): each of the six forms submitted
 * with one bad field (its translated message shown on the field, nothing sent) and then fixed; the agreement step
 * before a form; staff@demo.hk (billing-address approver) approving a billing-address change that then shows on the
 * customer's bill; a rejection whose reason the customer reads; credit@demo.hk (read-only code) who cannot act.
 *
 * customer@demo.hk acts for Harbour View (UCP100001), whose seeded requests other specs do not touch. A customer may
 * have one open request per type (per machine / contract for those types), so before a test submits one, what is
 * open of that type for Harbour View (the seed's or another test's) is rejected first (`decideOpen`).
 */
import type { Locator, Page } from 'playwright-core';
import type { ChangeListResult, CurrentValues, SubmitResult } from '@/lib/accountChanges/schemas';
import type { BillListResult } from '@/lib/bills/schemas';
import { randomUUID } from 'node:crypto';
import { closeBrowser, newPage, newPageAs, portalPath, signIn, url } from '../helpers/browser';
import { asUpload } from '../bills/files';
import { api, apiError, dataOf, en, h1, hkDate, nextResponse, open, selectOption, t } from '../orders/support';

afterAll(closeBrowser);

const ac = (key: string, vars?: Record<string, string>) => en(`accountChanges:${key}`, vars);
const BASE = '/customer-support/account-info-update';
const ADD = `${BASE}/add-changes`;
const QUEUE = '/admin-controls/approve-account-info-update';

/** A one-page PDF good enough for the content check (header, one object, trailer). */
function pdfBytes(): Buffer {
  const body = '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n';
  const xref = body.length;
  return Buffer.from(`${body}xref\n0 3\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \ntrailer\n<< /Size 3 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
}

// A text box, not the date field's calendar button, whose name begins with the field's label too.
const field = (form: Locator, label: string) => form.getByRole('textbox', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

/** Fills the form's fields, found by their `fields.<key>` labels, one after another in the order given. */
async function fillFields(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(values)) await field(form, ac(`fields.${key}`)).fill(value);
}

/** Attaches a small valid PDF named `fileName` to the form's file input. */
const attachPdf = (form: Locator, fileName: string) => form.locator('input[type="file"]').setInputFiles(asUpload(fileName, pdfBytes(), 'application/pdf'));

async function choose(page: Page, form: Locator, label: string, option: string): Promise<void> {
  await selectOption(page, form.getByRole('combobox', { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }), option);
}

async function fillAddress(page: Page, form: Locator): Promise<void> {
  await fillFields(form, { flat: 'Room 1801', floor: '18', building: 'Kwun Tong Harbour Plaza', street: '182 Wai Yip Street' });
  await choose(page, form, ac('fields.region'), ac('regions.kowloon'));
  await choose(page, form, ac('fields.district'), ac('districts.kwun_tong'));
}

/** Goes through add-changes → the type's terms → accept → its form; answers the form. */
async function startForm(page: Page, type: string, toner = false): Promise<Locator> {
  await open(page, ADD, ac('add.title'));
  await page.getByRole('link', { name: `${ac('add.start')}: ${ac(`types.${type}`)}` }).click();
  await h1(page, toner ? ac('agreement.tonerTitle') : ac('agreement.title')).waitFor();
  const next = page.getByRole('button', { name: ac('agreement.continue') });
  expect(await next.isDisabled()).toBe(true);
  await page.getByLabel(ac('agreement.accept')).check();
  await next.click();
  await h1(page, ac(`types.${type}`)).waitFor();
  const form = page.getByRole('form', { name: ac(`types.${type}`) });
  await form.waitFor();
  // The current values are shown beside the form of the new ones.
  await page.getByText(ac('form.current'), { exact: true }).first().waitFor();
  return form;
}

/** The customer's records as the forms show them (`getCurrent`). */
async function currentOf(page: Page): Promise<CurrentValues> {
  return api<CurrentValues>(page, '/api/accountChanges/getCurrent', {});
}

/** Submits with one bad field: its message shows and no request is sent; fixing it submits. */
async function badThenFixed(page: Page, form: Locator, bad: { label: string; message: string; fix: () => Promise<void> }, action: string): Promise<SubmitResult> {
  let sent = 0;
  const count = (r: { url(): string }) => {
    if (r.url().includes(`/api/accountChanges/${action}`)) sent++;
  };
  page.on('request', count);
  await form.getByRole('button', { name: ac('form.submit') }).click();
  await form.getByText(bad.message).first().waitFor();
  expect(sent).toBe(0);
  page.off('request', count);
  await bad.fix();
  const answer = nextResponse(page, `/api/accountChanges/${action}`);
  await form.getByRole('button', { name: ac('form.submit') }).click();
  const result = await dataOf<SubmitResult>(await answer);
  await page.getByRole('status').filter({ hasText: result.requestNo }).waitFor();
  return result;
}

let customer: Page;
beforeAll(async () => {
  customer = await newPageAs('customer@demo.hk');
});

let ops: Page | null = null;
/**
 * Rejects, as ops@demo.hk (who holds `all`), every open (pending or in progress) request of `type` of Harbour View:
 * the server refuses a second open request of a type (docs/account-changes.md), and each test here submits its own.
 */
async function decideOpen(type: string): Promise<void> {
  if (!ops) {
    ops = await newPageAs('ops@demo.hk');
    // The API helpers read the session through the page: it must be on the portal, not about:blank.
    await ops.goto(url('/'));
  }
  const open = await api<ChangeListResult>(ops, '/api/accountChanges/listQueue', { page: 1, pageSize: 50, filter: { type: [type], status: ['pending', 'inProgress'], q: 'UCP100001' } });
  for (const r of open.items) await api(ops, '/api/accountChanges/transition', { id: r.id, action: 'reject', comment: 'Closed by the browser test before a new request of this type.' });
}

it('the agreement comes first: a form opened without it asks for the terms', async () => {
  // A machine type is never blocked as a whole by an open request, so this holds whatever other tests left open.
  await open(customer, `${ADD}/change-of-machine-location`, ac('types.machine_loc'));
  await customer.getByText(ac('agreement.required')).waitFor();
  expect(await customer.getByRole('form').count()).toBe(0);
  await customer.getByRole('link', { name: ac('agreement.goToTerms') }).click();
  await h1(customer, ac('agreement.title')).waitFor();
  await customer.getByText(ac('agreement.terms.t1')).waitFor();
});

it('a type with an open request says so before the terms: on its form and on its terms page', async () => {
  // The seed's billing-address request of Harbour View is still pending (the next test decides it).
  await open(customer, `${ADD}/change-of-billing-address`, ac('types.bill_addr'));
  await customer.getByTestId('open-bill_addr').waitFor();
  expect(await customer.getByText(ac('agreement.required')).count()).toBe(0);
  await open(customer, `${ADD}/agreement?type=bill_addr`, ac('agreement.title'));
  await customer.getByTestId('open-bill_addr').waitFor();
  expect(await customer.getByLabel(ac('agreement.accept')).count()).toBe(0);
  expect(await customer.getByRole('button', { name: ac('agreement.continue') }).count()).toBe(0);
});

it('add-changes offers exactly the readable types; multi@demo.hk for Sunrise (read codes only) may start none', async () => {
  // A company-name, billing-address or paper-bill type with an open request (the seed has two) offers no "Start" but
  // names the request (docs/account-changes.md, "Said before the form").
  for (const type of ['comp_name', 'bill_addr', 'rec_hardcopy']) await decideOpen(type);
  await open(customer, ADD, ac('add.title'));
  for (const type of ['comp_name', 'bill_addr', 'machine_loc', 'rec_hardcopy', 'toner_addr', 'trans_agree']) {
    await customer.getByRole('link', { name: `${ac('add.start')}: ${ac(`types.${type}`)}` }).waitFor();
  }
  // multi@demo.hk is a viewer of Sunrise Dental (UCP100003): every ac_chg_*_read code, no _write.
  const viewer = await newPageAs('multi@demo.hk', { ucpId: 'UCP100003' });
  await open(viewer, `/en${ADD}`, ac('add.title'));
  expect(await viewer.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
    expect.arrayContaining(['comp_name', 'bill_addr', 'machine_loc', 'rec_hardcopy', 'toner_addr', 'trans_agree'].map((type) => ac(`types.${type}`))),
  );
  expect(await viewer.getByText(ac('add.readOnly')).count()).toBe(6);
  expect(await viewer.getByRole('link', { name: new RegExp(`^${ac('add.start')}:`) }).count()).toBe(0);
  // The server refuses a submission without the write code.
  expect((await apiError(viewer, '/api/accountChanges/submitReceiveHardcopy', { receiveHardcopy: true, ebillEmail: 'a@b.hk', idempotencyKey: randomUUID(), termsAccepted: true })).status).toBe(403);
  await viewer.context().close();
}, 240_000);

it('billing address: a wrong phone is refused on its field, then the request is submitted and listed', async () => {
  await decideOpen('bill_addr');
  const form = await startForm(customer, 'bill_addr');
  await customer.getByText((await currentOf(customer)).customer.billingAddressEn).first().waitFor();
  await fillAddress(customer, form);
  await fillFields(form, { contactName: 'Lee Ka Yan', contactPhone: '1234', effectiveDate: hkDate(7) });
  const done = await badThenFixed(customer, form, { label: 'phone', message: ac('validation.phone'), fix: () => field(form, ac('fields.contactPhone')).fill('2345 6790') }, 'submitBillingAddress');
  const list = await api<ChangeListResult>(customer, '/api/accountChanges/listRequests', { page: 1, pageSize: 5 });
  expect(list.items[0]).toMatchObject({ id: done.id, type: 'bill_addr', status: 'pending' });
});

it('company name: a short BR number is refused, then it goes with the certificate', async () => {
  await decideOpen('comp_name');
  const form = await startForm(customer, 'comp_name');
  await customer.getByRole('main').getByText((await currentOf(customer)).customer.nameEn, { exact: true }).first().waitFor();
  await fillFields(form, { nameEn: 'Harbour View Trading (HK) Limited', nameZh: '海景貿易（香港）有限公司', brNo: '1234', effectiveDate: hkDate(14) });
  await attachPdf(form, 'br-certificate.pdf');
  await badThenFixed(customer, form, { label: 'brNo', message: ac('validation.brNo'), fix: () => field(form, ac('fields.brNo')).fill('31845620') }, 'submitCompanyName');
});

it('machine location: no machine chosen is refused, then one is chosen', async () => {
  await decideOpen('machine_loc');
  const form = await startForm(customer, 'machine_loc');
  await fillAddress(customer, form);
  await fillFields(form, { siteContactName: 'Lee Ka Yan', siteContactPhone: '91234567', moveDate: hkDate(10) });
  await badThenFixed(customer, form, { label: 'machines', message: ac('validation.pickMachine'), fix: () => form.getByRole('group', { name: new RegExp(ac('fields.machines')) }).getByRole('checkbox').first().check() }, 'submitMachineLocation');
});

it('receive hardcopy: a bad e-mail is refused, then paper bills are switched on', async () => {
  await decideOpen('rec_hardcopy');
  const form = await startForm(customer, 'rec_hardcopy');
  await customer.getByText((await currentOf(customer)).customer.contactEmail, { exact: true }).first().waitFor();
  await form.getByLabel(ac('fields.hardcopyOn')).check();
  await field(form, ac('fields.ebillEmail')).fill('not-an-email');
  await badThenFixed(customer, form, { label: 'email', message: ac('validation.email'), fix: () => field(form, ac('fields.ebillEmail')).fill('accounts@harbourview.example.hk') }, 'submitReceiveHardcopy');
});

it('toner address: its own terms page, a bad phone refused, then submitted', async () => {
  await decideOpen('toner_addr');
  const form = await startForm(customer, 'toner_addr', true);
  await form.getByRole('group', { name: new RegExp(ac('fields.machines')) }).getByRole('checkbox').first().check();
  await fillAddress(customer, form);
  await fillFields(form, { contactName: 'Chan Tai Man', contactPhone: '000' });
  await badThenFixed(customer, form, { label: 'phone', message: ac('validation.phone'), fix: () => field(form, ac('fields.contactPhone')).fill('23456789') }, 'submitTonerAddress');
});

it('transfer agreement: a bad transferee e-mail is refused, then it goes with the signed agreement', async () => {
  await decideOpen('trans_agree');
  const form = await startForm(customer, 'trans_agree');
  await form.getByRole('group', { name: new RegExp(ac('fields.contracts')) }).getByRole('checkbox').first().check();
  await fillFields(form, {
    transfereeNameEn: 'Harbour View Holdings Limited',
    transfereeBrNo: '40558812',
    transfereeContactName: 'Ho Mei Ling',
    transfereeContactPhone: '25110399',
    transfereeEmail: 'nope',
    effectiveDate: hkDate(30),
  });
  await attachPdf(form, 'agreement.pdf');
  await badThenFixed(customer, form, { label: 'email', message: ac('validation.email'), fix: () => field(form, ac('fields.transfereeEmail')).fill('legal@hvholdings.example.hk') }, 'submitTransferAgreement');
});

/**
 * Submits a billing-address change for Harbour View through the API (the forms are tested above), so each review test
 * below has its own pending request whatever ran before it.
 */
async function pendingBillingChange(street: string): Promise<SubmitResult> {
  await decideOpen('bill_addr');
  return api<SubmitResult>(customer, '/api/accountChanges/submitBillingAddress', {
    address: { flat: '', floor: '3', block: '', building: '', street, district: 'eastern', region: 'hong_kong_island' },
    contactName: 'Lee Ka Yan',
    contactPhone: '23456790',
    effectiveDate: hkDate(3),
    idempotencyKey: randomUUID(),
    termsAccepted: true,
  });
}

it('staff@demo.hk approves a billing-address change; the customer’s bill then shows the new address', async () => {
  const street = '88 Hing Fat Street';
  const mine = await pendingBillingChange(street);
  const bills = await api<BillListResult>(customer, '/api/bills/listBills', { page: 1, pageSize: 1 });
  // Before the approval the bill does not go there.
  await customer.goto(url(`/my-account/manage-my-bills?bill=${bills.items[0]!.id}`));
  await customer.getByTestId('bill-to').first().waitFor();
  expect(await customer.getByTestId('bill-to').first().textContent()).not.toContain(street);

  const staff = await newPageAs('staff@demo.hk');
  await staff.goto(url(`/en${QUEUE}/${mine.id}`));
  await h1(staff, ac('detail.title', { requestNo: mine.requestNo })).waitFor({ timeout: 60_000 });
  // Old and new values side by side.
  await staff.getByText(ac('detail.current')).first().waitFor();
  await staff.getByText(street, { exact: false }).first().waitFor();
  await staff.getByRole('button', { name: /approve/i }).first().click();
  const dialog = staff.getByRole('dialog');
  const answer = nextResponse(staff, '/api/accountChanges/transition');
  await dialog.getByRole('button', { name: /approve/i }).last().click();
  expect((await dataOf<{ status: string }>(await answer)).status).toBe('approved');
  await staff.getByRole('status').filter({ hasText: ac('review.done.approved') }).waitFor();
  // Approved once: approving again is refused.
  expect(await apiError(staff, '/api/accountChanges/transition', { id: mine.id, action: 'approve', comment: '' })).toEqual({ status: 409, code: 'CHANGE_STATUS_CONFLICT' });

  await customer.goto(url(`/my-account/manage-my-bills?bill=${bills.items[0]!.id}`));
  await customer.getByTestId('bill-to').filter({ hasText: street }).waitFor();
  await staff.context().close();
}, 240_000);

it('a rejection: staff give the reason and the customer reads it in the list and the request', async () => {
  const target = await pendingBillingChange('1 Rejected Road');
  const staff = await newPageAs('staff@demo.hk');
  await staff.goto(url(`/en${QUEUE}/${target.id}`));
  await h1(staff, ac('detail.title', { requestNo: target.requestNo })).waitFor({ timeout: 60_000 });
  await staff.getByRole('button', { name: /reject/i }).first().click();
  const dialog = staff.getByRole('dialog');
  const reason = 'Please give an office address that can receive registered mail.';
  await dialog.getByRole('textbox').fill(reason);
  const answer = nextResponse(staff, '/api/accountChanges/transition');
  await dialog.getByRole('button', { name: /reject/i }).last().click();
  expect((await dataOf<{ status: string }>(await answer)).status).toBe('reject');
  await staff.context().close();

  // The list row of the request carries the reason (our comment column).
  await open(customer, BASE, ac('title'));
  await customer.getByRole('row').filter({ hasText: target.requestNo }).filter({ hasText: reason }).waitFor();
  // The request opens in a modal dialog (the page behind it is hidden from the accessibility tree).
  await customer.goto(url(`${BASE}?request=${target.id}`));
  await customer.getByRole('dialog').getByText(reason).first().waitFor();
}, 240_000);

it('credit@demo.hk (a staff user without the write code) sees a pending billing-address request but cannot act', async () => {
  const pending = await pendingBillingChange('2 Credit Control Street');
  const credit = await newPageAs('credit@demo.hk');
  await open(credit, QUEUE, ac('review.title'));
  const list = await api<ChangeListResult>(credit, '/api/accountChanges/listQueue', { page: 1, pageSize: 50 });
  expect(list.items.some((i) => i.id === pending.id)).toBe(true);
  expect(new Set(list.items.map((i) => i.type))).toEqual(new Set(['bill_addr']));
  await credit.goto(url(`/en${QUEUE}/${pending.id}`));
  await h1(credit, ac('detail.title', { requestNo: pending.requestNo })).waitFor({ timeout: 60_000 });
  await credit.getByText(ac('detail.current')).first().waitFor();
  await credit.getByText(ac('review.readOnly')).waitFor();
  expect(await credit.getByRole('button', { name: new RegExp(`approve|reject|${ac('review.start')}|${ac('review.complete')}`, 'i') }).count()).toBe(0);
  // The server refuses the step too, and the request stays pending.
  expect((await apiError(credit, '/api/accountChanges/transition', { id: pending.id, action: 'approve', comment: '' })).status).toBe(403);
  const mine = await api<ChangeListResult>(customer, '/api/accountChanges/listRequests', { page: 1, pageSize: 5, filter: { q: pending.requestNo } });
  expect(mine.items[0]).toMatchObject({ id: pending.id, status: 'pending' });
  await credit.context().close();
}, 240_000);

it('a deep link with ?ucpid= signs multi@demo.hk in for that customer and shows its requests', async () => {
  const page = await newPage();
  await page.goto(url(`${BASE}?ucpid=UCP100002`));
  await page.waitForURL((u) => portalPath(u.href) === '/weblogin');
  await signIn(page, 'multi@demo.hk');
  await page.waitForURL((u) => portalPath(u.href) === BASE);
  // multi@demo.hk prefers Traditional Chinese; the page shows Lung Cheong's requests (seeded ACR-2026-000106).
  await page.getByRole('heading', { level: 1, name: t('tc', 'accountChanges:title'), exact: true }).waitFor();
  await page.getByRole('row').filter({ hasText: 'ACR-2026-000106' }).waitFor();
  expect(await page.getByRole('row').filter({ hasText: 'ACR-2026-000101' }).count()).toBe(0);
  await page.context().close();
}, 240_000);
