/**
 * Admin controls in the browser (issue 14, docs/admin.md): the landing page's cards follow the codes; a provider
 * admin adds a customer, finds it by its BR number, and deactivates it; a staff user without the customer codes sees
 * no customer area. admin@demo.hk (every admin code), staff@demo.hk (bill-address approvals only).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { closeAfterEach, newPageAs, setUpBrowserSpec, url } from '../helpers/browser';
import { en, h1, open, openAddFormFromLanding, t } from '../orders/support';

setUpBrowserSpec(180_000);

let page: Page;
closeAfterEach(() => page);

const BASE = '/admin-controls/ucp-customer-maintenance';

it('a provider admin opens customers from the landing page, adds one, finds it by BR number and deactivates it', async () => {
  page = await newPageAs('admin@demo.hk');
  await open(page, '/admin-controls', en('admin:landing.title'));
  await openAddFormFromLanding(page, 'customers', 'customers');
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const ucpId = `UCPE2E${suffix}`;
  const brNo = String(50_000_000 + Number.parseInt(suffix, 16) % 40_000_000);
  await page.getByRole('textbox', { name: en('customers:fields.ucpId') }).fill(ucpId);
  await page.getByRole('textbox', { name: en('customers:fields.nameEn') }).fill(`Tsuen Wan Copy Centre ${suffix}`);
  await page.getByRole('textbox', { name: en('customers:fields.nameZh') }).fill(`荃灣影印中心 ${suffix}`);
  await page.getByRole('textbox', { name: en('customers:fields.brNo') }).fill(brNo);
  await page.getByRole('button', { name: en('customers:add') }).click();

  await h1(page, en('customers:viewTitle', { name: `Tsuen Wan Copy Centre ${suffix}` })).waitFor();
  expect(page.url()).toContain(`${BASE}/view/${ucpId}`);
  await page.getByText(en('customers:none.users')).waitFor();

  // The same BR number again is refused on its field.
  await page.goto(url(`${BASE}/add`));
  await h1(page, en('customers:addTitle')).waitFor();
  await page.getByRole('textbox', { name: en('customers:fields.ucpId') }).fill(`${ucpId}X`);
  await page.getByRole('textbox', { name: en('customers:fields.nameEn') }).fill('Duplicate');
  await page.getByRole('textbox', { name: en('customers:fields.nameZh') }).fill('重複');
  await page.getByRole('textbox', { name: en('customers:fields.brNo') }).fill(brNo);
  await page.getByRole('button', { name: en('customers:add') }).click();
  await page.getByText(en('customers:errors.brNoTaken')).first().waitFor();

  // Found by its BR number in the list, then deactivated from its page.
  await page.goto(url(`${BASE}?q=${brNo}`));
  await page.getByRole('link', { name: ucpId, exact: true }).click();
  await page.getByRole('button', { name: en('customers:deactivate.action') }).click();
  await page.getByRole('dialog').getByRole('button', { name: en('customers:deactivate.confirm') }).click();
  await page.getByRole('button', { name: en('customers:reactivate.action') }).waitFor();
  await page.getByText(en('common:status.inactive')).first().waitFor();
});

it('a staff user without the customer codes sees no customer card and is refused the page', async () => {
  page = await newPageAs('staff@demo.hk', { locale: 'tc' });
  await open(page, '/tc/admin-controls', t('tc', 'admin:landing.title'));
  // Its approval codes open the approval queue's card (issue 14's landing counts); nothing about customers.
  await page.getByRole('link', { name: new RegExp(t('tc', 'admin:landing.areas.approvals.title')) }).waitFor();
  expect(await page.getByRole('link', { name: new RegExp(t('tc', 'admin:landing.areas.customers.title')) }).count()).toBe(0);
  await page.goto(url(`/tc${BASE}`));
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('link', { name: t('tc', 'customers:add') }).count()).toBe(0);
  expect(await h1(page, t('tc', 'customers:title')).count()).toBe(0);
});
