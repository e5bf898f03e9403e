/**
 * User groups in the browser (issue 14, docs/user-groups.md): a provider admin creates a staff group with one code,
 * gives it to credit@demo.hk for the provider party, and credit's menu gains the area (its API calls are allowed at
 * once, its menu at its next page load or navigation, without a new sign-in); a group in use cannot be deleted; emptied, it can. The group is removed at the
 * end, so credit@demo.hk is as seeded for every other spec.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { newPageAs, setUpBrowserSpec, trackPages, url } from '../helpers/browser';
import { apiError, en, h1, open, until } from '../orders/support';

// Long: two users, a group made through the form, and the menu read after each change, on a loaded machine.
setUpBrowserSpec(480_000);

const track = trackPages();

const BASE = '/admin-controls/user-group-maintenance';
const PHONE = { width: 390, height: 844 };

/** The phone drawer's links (every section's items, as the route table allows). */
async function menuLinks(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: en('common:nav.open') }).click();
  const nav = page.getByRole('navigation', { name: en('common:nav.label') });
  await nav.waitFor();
  const names = await nav.getByRole('link').allInnerTexts();
  await page.keyboard.press('Escape');
  return names.map((n) => n.trim());
}

it('a group given to a user changes what it may do at its next request and its menu at its next page load, without signing in again; in use it cannot be deleted', async () => {
  const admin = await newPageAs('admin@demo.hk');
  track(admin);
  const credit = await newPageAs('credit@demo.hk', { viewport: PHONE });
  track(credit);
  await open(credit, '/admin-controls', en('admin:landing.title'));
  expect(await menuLinks(credit)).not.toContain(en('common:nav.customers'));
  expect((await apiError(credit, '/api/customers/listCustomers', { page: 1, pageSize: 1 })).status).toBe(403);

  // The admin adds a staff group holding "See customers (UCPs)".
  await open(admin, BASE, en('userGroups:title'));
  await admin.getByRole('link', { name: en('userGroups:add') }).click();
  await h1(admin, en('userGroups:addTitle')).waitFor();
  const code = `E2E_${randomBytes(3).toString('hex').toUpperCase()}`;
  const name = `Customer lookup ${code}`;
  await admin.getByRole('textbox', { name: en('userGroups:fields.code') }).fill(code);
  await admin.getByRole('textbox', { name: en('userGroups:fields.nameEn') }).fill(name);
  await admin.getByRole('textbox', { name: en('userGroups:fields.nameZh') }).fill(`客戶查詢 ${code}`);
  await admin.getByRole('radio', { name: en('userGroups:kind.provider') }).check();
  // Staff codes are offered only once the group is a staff group.
  await admin.getByRole('checkbox', { name: new RegExp(en('userGroups:codes.ucp_cust_main_read').replace(/[()]/g, '\\$&')) }).check();
  await admin.getByRole('button', { name: en('userGroups:add') }).click();
  await h1(admin, en('userGroups:viewTitle', { name })).waitFor();
  await admin.getByText('(ucp_cust_main_read)').waitFor();

  // Given to credit@demo.hk for the provider party.
  await admin.getByRole('button', { name: en('userGroups:members.add') }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('textbox', { name: en('userGroups:fields.loginId') }).fill('credit@demo.hk');
  await dialog.getByRole('textbox', { name: en('userGroups:fields.ucpId') }).fill('PROVIDER');
  await dialog.getByRole('button', { name: en('userGroups:members.add') }).click();
  await dialog.waitFor({ state: 'hidden' });
  const members = admin.getByRole('table', { name: en('userGroups:sections.members') });
  await members.getByRole('cell', { name: 'credit@demo.hk', exact: true }).waitFor();

  // In use: deleting is refused, the dialog says why and offers no delete.
  await admin.getByRole('button', { name: en('userGroups:delete.action') }).click();
  await admin.getByRole('dialog').getByText(en('userGroups:delete.inUse', { count: 1 })).waitFor();
  expect(await admin.getByRole('dialog').getByRole('button', { name: en('userGroups:delete.confirm') }).count()).toBe(0);
  await admin.getByRole('dialog').getByRole('button', { name: en('common:ui.form.cancel') }).click();

  // credit's very next request with the same session is allowed, and its next page load brings the menu entry:
  // no new sign-in (the session follows the codes the API answers, components/auth/SessionBootstrap.tsx).
  expect((await apiError(credit, '/api/customers/listCustomers', { page: 1, pageSize: 1 })).status).toBe(200);
  await open(credit, '/admin-controls', en('admin:landing.title'));
  await until(async () => ((await menuLinks(credit)).includes(en('common:nav.customers')) ? true : undefined), 'the customers entry in credit’s menu');
  // A navigation inside the app (no page load) reaches the new area.
  await credit.getByRole('button', { name: en('common:nav.open') }).click();
  await credit.getByRole('navigation', { name: en('common:nav.label') }).getByRole('link', { name: en('common:nav.customers') }).click();
  await h1(credit, en('customers:title')).waitFor();
  expect(await credit.getByRole('link', { name: en('customers:add') }).count()).toBe(0);

  // Emptied, the group can be deleted; credit loses the area at its next request.
  await admin.getByRole('button', { name: en('userGroups:members.removeLabel', { loginId: 'credit@demo.hk', ucpId: 'PROVIDER' }) }).click();
  await admin.getByRole('dialog').getByRole('button', { name: en('userGroups:members.remove') }).click();
  await admin.getByText(en('userGroups:none.members')).waitFor();
  expect((await apiError(credit, '/api/customers/listCustomers', { page: 1, pageSize: 1 })).status).toBe(403);
  // ... and the menu entry at its next navigation, again without signing out.
  await open(credit, '/admin-controls', en('admin:landing.title'));
  await until(async () => (!(await menuLinks(credit)).includes(en('common:nav.customers')) ? true : undefined), 'the customers entry gone from credit’s menu');
  await admin.getByRole('button', { name: en('userGroups:delete.action') }).click();
  await admin.getByRole('dialog').getByRole('button', { name: en('userGroups:delete.confirm') }).click();
  await h1(admin, en('userGroups:title')).waitFor();
  await admin.goto(url(`${BASE}?q=${code}`));
  await admin.getByText(en('userGroups:emptyFiltered')).waitFor();
});

it('a staff user with read-only codes sees no add, edit or delete controls (groups, customers, offers) and gets 403 from the write endpoints', async () => {
  const page = await newPageAs('auditor@demo.hk');
  track(page);
  await open(page, BASE, en('userGroups:title'));
  await page.getByRole('link', { name: 'CUST_VIEWER', exact: true }).waitFor();
  expect(await page.getByRole('link', { name: en('userGroups:add') }).count()).toBe(0);
  await page.getByRole('link', { name: 'CUST_VIEWER', exact: true }).click();
  await h1(page, en('userGroups:viewTitle', { name: 'Customer viewer (read only)' })).waitFor();
  await page.getByRole('table', { name: en('userGroups:sections.members') }).getByRole('cell', { name: 'viewer@demo.hk', exact: true }).waitFor();
  for (const label of [en('userGroups:edit'), en('userGroups:delete.action'), en('userGroups:disable.action'), en('userGroups:members.add'), en('userGroups:members.remove')]) {
    expect(await page.getByRole('button', { name: label }).or(page.getByRole('link', { name: label })).count()).toBe(0);
  }

  await open(page, '/admin-controls/offer-maintenance', en('offers:title'));
  await page.getByRole('table').locator('tbody tr[data-row-id]').first().waitFor();
  expect(await page.getByRole('link', { name: en('offers:add') }).count()).toBe(0);
  await page.getByRole('table').locator('tbody tr[data-row-id] a').first().click();
  await page.getByRole('heading', { level: 2, name: en('offers:sections.image') }).waitFor();
  for (const label of [en('offers:edit'), en('offers:actions.publish.action'), en('offers:actions.expire.action'), en('offers:uploadImage'), en('offers:replaceImage')]) {
    expect(await page.getByRole('button', { name: label }).or(page.getByRole('link', { name: label })).count()).toBe(0);
  }
  await page.goto(url(`${BASE}/add`));
  await page.waitForLoadState('networkidle');
  expect(await h1(page, en('userGroups:addTitle')).count()).toBe(0);

  // Customers (ucp_cust_main_read only): the list and a customer's page, without add, edit or deactivate.
  await open(page, '/admin-controls/ucp-customer-maintenance', en('customers:title'));
  await page.getByRole('link', { name: 'UCP100001', exact: true }).waitFor();
  expect(await page.getByRole('link', { name: en('customers:add') }).count()).toBe(0);
  await page.getByRole('link', { name: 'UCP100001', exact: true }).click();
  // The view: customer numbers per product line, contracts, machines and linked users (Harbour View has all of them).
  for (const section of ['customerNumbers', 'contracts', 'machines', 'users']) {
    await page.getByRole('heading', { level: 2, name: en(`customers:sections.${section}`) }).waitFor();
  }
  await page.getByRole('table', { name: en('customers:sections.users') }).getByRole('cell', { name: 'customer@demo.hk' }).first().waitFor();
  expect(await page.getByText(en('customers:none.contracts')).count()).toBe(0);
  for (const label of [en('customers:edit'), en('customers:deactivate.action')]) {
    expect(await page.getByRole('button', { name: label }).or(page.getByRole('link', { name: label })).count()).toBe(0);
  }

  const groups = { page: 1, pageSize: 1 };
  expect((await apiError(page, '/api/userGroups/listGroups', groups)).status).toBe(200);
  const refusals = [
    ['/api/userGroups/createGroup', { code: 'NOPE_GROUP', nameEn: 'x', nameZh: 'x', description: '', kind: 'customer', codes: [] }],
    ['/api/userGroups/deleteGroup', { id: '5eed0003-0000-4000-8000-000000000002' }],
    ['/api/userGroups/setGroupStatus', { id: '5eed0003-0000-4000-8000-000000000002', status: 'inactive' }],
    ['/api/userGroups/addGroupMember', { id: '5eed0003-0000-4000-8000-000000000002', loginId: 'auditor@demo.hk', ucpId: 'PROVIDER' }],
    ['/api/offers/setOfferStatus', { id: '5eed0011-0000-4000-8000-000000000004', status: 'published' }],
    ['/api/customers/setCustomerStatus', { id: 'UCP100001', status: 'inactive' }],
    ['/api/customers/updateCustomer', { id: 'UCP100001', version: '2026-01-01T00:00:00.000Z', nameEn: 'x', nameZh: 'x', brNo: '12345678', billingAddressEn: '', billingAddressZh: '', contactName: '', contactPhone: '', contactEmail: '', receiveHardcopyBill: false }],
    ['/api/offers/createOffer', { titleEn: 'x', titleZh: 'x', descriptionEn: '', descriptionZh: '', validFrom: '2030-01-01', validTo: '2030-01-02', target: 'all', customerIds: [], ctaUrl: '', ctaLabelEn: '', ctaLabelZh: '' }],
  ] as const;
  for (const [path, body] of refusals) expect([path, (await apiError(page, path, body)).status]).toEqual([path, 403]);
});
