/**
 * Service requests in the browser (docs/service-requests.md): a customer reports a fault with a photo, staff assign
 * an engineer, the customer sees the engineer and ETA in its inbox and on the request, staff record the visit and the
 * fix, and the customer confirms the resolution and rates the visit — in English, in Chinese, and on a phone.
 *
 * The report starts on the machine's page (`/my-machines/<id>`, docs/machines.md): its "Report a fault" action opens the
 * form for that machine (`/service-requests/new?machineId=…`). customer@demo.hk (UCP100001, Harbour View), admin@demo.hk
 * (desk codes).
 */
import type { Page } from 'playwright-core';
import { MACHINE_ID, MACHINE_SERIAL } from '@/lib/server/db/seedData/equipment';
import { expectAccessible, newPageAs, type PortalLocale, screenshot, setUpBrowserSpec, url } from '../helpers/browser';
import { asUpload, pngBytes } from '../bills/files';
import { h1, open, selectOption, t } from '../orders/support';

setUpBrowserSpec(300_000);

const PHONE = { width: 390, height: 844 };
const pages: Page[] = [];
afterEach(async () => {
  while (pages.length) await pages.pop()!.context().close();
});

const at = (locale: PortalLocale, path: string) => (locale === 'tc' ? `/tc${path}` : path);

async function journey(locale: PortalLocale, viewport?: { width: number; height: number }) {
  const tr = (key: string, vars?: Record<string, string>) => t(locale, key, vars);
  const en = (key: string, vars?: Record<string, string>) => t('en', key, vars);
  const tag = `${locale}${viewport ? '-phone' : ''}`;
  const customer = await newPageAs('customer@demo.hk', { ...(locale === 'tc' ? { locale: 'tc' } : {}), ...(viewport ? { viewport } : {}) });
  pages.push(customer);

  // 1. From the Harbour View printer's page, report a fault with a photo.
  await open(customer, at(locale, `/my-machines/${MACHINE_ID.hvPrinter}`), tr('machines:detail.title', { serial: MACHINE_SERIAL.hvPrinter }));
  await customer.getByRole('link', { name: tr('machines:actions.reportFault') }).click();
  await customer.waitForURL((u) => u.pathname.endsWith('/service-requests/new') && u.searchParams.get('machineId') === MACHINE_ID.hvPrinter);
  await h1(customer, tr('serviceRequests:form.title')).waitFor();
  const form = customer.getByRole('form', { name: tr('serviceRequests:form.title') });
  await selectOption(customer, form.getByRole('combobox', { name: tr('serviceRequests:form.category') }), tr('serviceRequests:category.error_code'));
  // "Error code on screen" needs the code: the form says so before anything is sent.
  await form.getByRole('textbox', { name: tr('serviceRequests:form.description') }).fill(`Stops with an error after warming up (${tag}).`);
  await form.getByRole('button', { name: tr('serviceRequests:form.submit') }).click();
  await customer.getByText(tr('serviceRequests:form.errorCodeRequired')).first().waitFor();
  await form.getByRole('textbox', { name: tr('serviceRequests:form.errorCode') }).fill('SC542');
  await customer.locator('input[type="file"]').setInputFiles(asUpload('panel.png', pngBytes()));
  await customer.getByText(tr('serviceRequests:form.photoAttached')).waitFor();
  // The contact on site comes filled in from the machine.
  expect(await form.getByRole('textbox', { name: tr('serviceRequests:form.contactName') }).inputValue()).not.toBe('');
  await screenshot(customer, `service-request-form-${tag}`);
  await form.getByRole('button', { name: tr('serviceRequests:form.submit') }).click();

  // 2. The request page: reference, submitted, due by, photo.
  const title = customer.getByRole('heading', { level: 1, name: /SR-\d{4}-\d{6}/ });
  await title.waitFor();
  const reference = /SR-\d{4}-\d{6}/.exec((await title.textContent()) ?? '')![0];
  const id = new URL(customer.url()).pathname.split('/').pop()!;
  await customer.getByText(tr('common:status.submitted')).first().waitFor();
  await customer.getByText(tr('serviceRequests:engineer.none')).waitFor();
  await customer.getByRole('img', { name: tr('serviceRequests:fields.photoAlt', { reference }) }).waitFor();

  // 3. Staff find it in the desk's queue and assign an engineer with an ETA.
  const staff = await newPageAs('admin@demo.hk');
  pages.push(staff);
  await open(staff, `/admin-controls/service-desk?q=${reference}`, en('serviceDesk:title'));
  await staff.getByRole('link', { name: reference }).first().click();
  await h1(staff, reference).waitFor();
  const engineer = `Lam Chi Keung ${tag}`;
  await staff.getByRole('button', { name: en('serviceDesk:actions.assign.button') }).click();
  const assign = staff.getByRole('dialog', { name: en('serviceDesk:actions.assign.title', { reference }) });
  await assign.getByRole('textbox', { name: en('serviceDesk:actions.engineerName'), exact: true }).fill(engineer);
  await assign.getByRole('button', { name: en('serviceDesk:actions.assign.submit') }).click();
  await staff.getByText(en('serviceDesk:actions.assign.done')).waitFor();

  // 4. The customer reads it in the inbox, and sees the engineer and ETA on the request.
  await open(customer, at(locale, '/inbox'), tr('inbox:inbox.title'));
  const assignedTitle = locale === 'tc' ? `已為 ${reference} 指派工程師` : `Engineer assigned to ${reference}`;
  await customer.getByTestId('inbox-item').filter({ hasText: assignedTitle }).first().waitFor();
  await customer.goto(url(at(locale, `/service-requests/${id}`)));
  await h1(customer, tr('serviceRequests:detail.title', { reference })).waitFor();
  await customer.getByText(engineer).first().waitFor();
  await customer.getByText(tr('serviceRequests:engineer.eta')).first().waitFor();
  await customer.getByText(tr('common:status.engineer_assigned')).first().waitFor();
  await screenshot(customer, `service-request-assigned-${tag}`);

  // 5. Staff record the visit and the fix.
  await staff.getByRole('button', { name: en('serviceDesk:actions.onSite.button') }).click();
  await staff.getByRole('dialog', { name: en('serviceDesk:actions.onSite.title', { reference }) }).getByRole('button', { name: en('serviceDesk:actions.onSite.submit') }).click();
  await staff.getByText(en('serviceDesk:actions.onSite.done')).waitFor();
  await staff.getByRole('button', { name: en('serviceDesk:actions.resolve.button') }).click();
  const resolve = staff.getByRole('dialog', { name: en('serviceDesk:actions.resolve.title', { reference }) });
  await resolve.getByRole('textbox', { name: en('serviceDesk:actions.resolutionNotes') }).fill('Replaced the fuser unit and ran test prints.');
  await resolve.getByRole('button', { name: en('serviceDesk:actions.resolve.submit') }).click();
  await staff.getByText(en('serviceDesk:actions.resolve.done')).waitFor();

  // 6. The customer confirms the repair and rates the visit: the request is closed with the rating.
  await customer.reload();
  await h1(customer, tr('serviceRequests:detail.title', { reference })).waitFor();
  await customer.getByText('Replaced the fuser unit and ran test prints.').first().waitFor();
  await customer.getByRole('button', { name: tr('serviceRequests:actions.confirm.button') }).click();
  const confirm = customer.getByRole('dialog', { name: tr('serviceRequests:actions.confirm.title', { reference }) });
  await confirm.getByRole('radio', { name: tr('serviceRequests:rating.5') }).check();
  await confirm.getByRole('textbox', { name: tr('serviceRequests:actions.comment') }).fill('Quick and tidy');
  await confirm.getByRole('button', { name: tr('serviceRequests:actions.confirm.submit') }).click();
  await customer.getByText(tr('serviceRequests:actions.confirm.done')).waitFor();
  await customer.getByText(tr('common:status.closed')).first().waitFor();
  await customer.getByText(`${tr('serviceRequests:rating.5')} · Quick and tidy`).waitFor();
  await customer.getByText(tr('serviceRequests:sla.state.met')).first().waitFor();
  await screenshot(customer, `service-request-closed-${tag}`);
}

it('reports a fault with a photo, follows the engineer and confirms with a rating (English)', async () => {
  await journey('en');
});

it('does the same in Chinese', async () => {
  await journey('tc');
});

it('does the same on a phone', async () => {
  await journey('en', PHONE);
});

it('staff see the demo requests with the breached one first, and the admin landing page counts it', async () => {
  const staff = await newPageAs('admin@demo.hk');
  pages.push(staff);
  await open(staff, '/admin-controls', t('en', 'admin:landing.title'));
  await staff.getByText(/requests? breached or at risk of breaching/).waitFor();
  await open(staff, '/admin-controls/service-desk', t('en', 'serviceDesk:title'));
  const firstRow = staff.getByRole('table', { name: t('en', 'serviceDesk:title') }).locator('tbody tr[data-row-id]').first();
  await firstRow.getByText(t('en', 'serviceRequests:sla.state.breached')).waitFor();
});

it('the desk records a black rainstorm as a clock suspension, sees it listed, and removes it again (tc)', async () => {
  const staff = await newPageAs('admin@demo.hk', { locale: 'tc' });
  pages.push(staff);
  const tc = (key: string) => t('tc', key);
  await open(staff, '/tc/admin-controls/service-desk', tc('serviceDesk:title'));
  const panel = staff.getByRole('region', { name: tc('serviceDesk:suspensions.title') });
  // The demo typhoon of 30 days ago is listed.
  await panel.getByText(tc('serviceRequests:suspension.kinds.typhoon_8')).first().waitFor();

  await panel.getByRole('button', { name: tc('serviceDesk:suspensions.add') }).click();
  const dialog = staff.getByRole('dialog', { name: tc('serviceDesk:suspensions.addTitle') });
  await dialog.getByRole('radio', { name: tc('serviceRequests:suspension.kinds.black_rainstorm') }).check();
  // 10:00 to 11:30 Hong Kong time 25 days ago: after the demo typhoon (30 days) and before every demo request's clock
  // (the oldest is 20 days old), so no due time moves while it is recorded.
  const day = new Date(Date.now() + 8 * 3600_000 - 25 * 86_400_000).toISOString().slice(0, 10);
  await dialog.locator('input[name="startsAt"]').fill(`${day}T10:00`);
  await dialog.locator('input[name="endsAt"]').fill(`${day}T11:30`);
  await dialog.getByRole('textbox', { name: tc('serviceDesk:suspensions.note') }).fill('黑雨 10:00 至 11:30');
  await dialog.getByRole('button', { name: tc('serviceDesk:suspensions.save') }).click();
  await panel.getByRole('status').getByText(tc('serviceDesk:suspensions.recorded_zero')).waitFor();
  const item = panel.getByRole('listitem').filter({ hasText: '黑雨 10:00 至 11:30' });
  await item.getByText(tc('serviceRequests:suspension.kinds.black_rainstorm')).waitFor();
  await item.getByText(/上午10:00 至 上午11:30/).waitFor();
  await expectAccessible(staff);

  await item.getByRole('button', { name: tc('serviceDesk:suspensions.remove') }).click();
  const confirm = staff.getByRole('dialog', { name: tc('serviceDesk:suspensions.removeTitle') });
  await confirm.getByRole('button', { name: tc('serviceDesk:suspensions.remove') }).click();
  await panel.getByRole('status').getByText(tc('serviceDesk:suspensions.removed_zero')).waitFor();
  expect(await panel.getByRole('listitem').filter({ hasText: '黑雨 10:00 至 11:30' }).count()).toBe(0);
});
