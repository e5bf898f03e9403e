/**
 * The user list report and offers in the browser (issue 14, docs/user-list-report.md, docs/offers.md): an admin
 * (user_list_rpt_read_all) exports the filtered report as CSV; auditor@demo.hk (user_list_rpt_read, assigned
 * UCP100001 and UCP100002) sees and exports only those customers' users; an admin publishes a new offer for
 * Harbour View and customer@demo.hk finds it on its home page, while multi@demo.hk's other customer does not.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Download, Page } from 'playwright-core';
import { newPageAs, setUpBrowserSpec, trackPages, url } from '../helpers/browser';
import { en, h1, hkDate, open } from '../orders/support';

setUpBrowserSpec(240_000);

const track = trackPages();

const REPORT = '/admin-controls/user-list-report';

async function download(page: Page, trigger: () => Promise<unknown>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger()]);
  return { name: (file as Download).suggestedFilename(), bytes: await readFile(await (file as Download).path()) };
}

it('exports the filtered report: every customer for _read_all, only assigned customers for _read', async () => {
  const admin = await newPageAs('admin@demo.hk');
  track(admin);
  await open(admin, `${REPORT}?q=demo.hk`, en('userListReport:title'));
  await admin.getByTestId('report-scope').getByText(/All customers/).waitFor();
  await admin.getByRole('cell', { name: 'mfa@demo.hk' }).first().waitFor();
  const csv = await download(admin, () => admin.getByTestId('export-csv').click());
  expect(csv.name).toBe('user-list.csv');
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFFLogin ID,Name,E-mail')).toBe(true);
  for (const login of ['customer@demo.hk', 'mfa@demo.hk', 'admin@demo.hk']) expect(text).toContain(login);
  // multi@demo.hk is linked to two customers: one row each.
  expect(text.split('\r\n').filter((l) => l.startsWith('multi@demo.hk'))).toHaveLength(2);

  const auditor = await newPageAs('auditor@demo.hk');
  track(auditor);
  await open(auditor, `${REPORT}?q=demo.hk`, en('userListReport:title'));
  await auditor.getByTestId('report-scope').getByText(/Customers assigned to you/).waitFor();
  await auditor.getByRole('cell', { name: 'customer@demo.hk' }).first().waitFor();
  expect(await auditor.getByRole('cell', { name: 'mfa@demo.hk' }).count()).toBe(0);
  const xlsx = await download(auditor, () => auditor.getByTestId('export-xlsx').click());
  expect(xlsx.name).toBe('user-list.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx.bytes as never);
  const logins = wb.worksheets[0]!.getColumn(1).values.filter((v): v is string => typeof v === 'string');
  expect(logins[0]).toBe('Login ID');
  expect(logins).toContain('customer@demo.hk');
  expect(logins).toContain('viewer@demo.hk');
  expect(logins).not.toContain('mfa@demo.hk');
  // multi@demo.hk appears for Lung Cheong (assigned), not for Sunrise Dental (not assigned).
  expect(logins.filter((l) => l === 'multi@demo.hk')).toHaveLength(1);
});

it('an offer published for one customer appears on that customer’s home page only', async () => {
  const admin = await newPageAs('admin@demo.hk');
  track(admin);
  await open(admin, '/admin-controls/offer-maintenance', en('offers:title'));
  await admin.getByRole('link', { name: en('offers:add') }).click();
  await h1(admin, en('offers:addTitle')).waitFor();
  const tag = randomBytes(3).toString('hex');
  const title = `Drum unit trade-in ${tag}`;
  await admin.getByRole('textbox', { name: en('offers:fields.titleEn') }).fill(title);
  await admin.getByRole('textbox', { name: en('offers:fields.titleZh') }).fill(`感光鼓以舊換新 ${tag}`);
  await admin.getByRole('textbox', { name: en('offers:fields.descriptionEn') }).fill('Return an old drum unit and get HK$200 off a new one.');
  await admin.getByRole('textbox', { name: en('offers:fields.descriptionZh') }).fill('交回舊感光鼓，購買新感光鼓可減 HK$200。');
  await admin.getByRole('textbox', { name: en('offers:fields.validFrom') }).fill(hkDate(-1));
  await admin.getByRole('textbox', { name: en('offers:fields.validTo') }).fill(hkDate(20));
  await admin.getByRole('radio', { name: en('offers:target.selected') }).check();
  await admin.getByRole('textbox', { name: en('offers:fields.customerIds') }).fill('ucp100001');
  // Only portal paths or https: an http link is refused on its field.
  await admin.getByRole('textbox', { name: en('offers:fields.ctaUrl') }).fill('http://www.example.hk/drums');
  await admin.getByRole('textbox', { name: en('offers:fields.ctaLabelEn') }).fill('Order a drum');
  await admin.getByRole('textbox', { name: en('offers:fields.ctaLabelZh') }).fill('訂購感光鼓');
  await admin.getByRole('button', { name: en('offers:add') }).click();
  await admin.getByText(en('offers:errors.ctaUrl')).first().waitFor();
  await admin.getByRole('textbox', { name: en('offers:fields.ctaUrl') }).fill('/my-orders/manage');
  await admin.getByRole('button', { name: en('offers:add') }).click();
  await h1(admin, en('offers:viewTitle', { name: title })).waitFor();
  await admin.getByText(en('common:status.draft')).first().waitFor();

  await admin.getByRole('button', { name: en('offers:actions.publish.action') }).click();
  await admin.getByRole('dialog').getByRole('button', { name: en('offers:actions.publish.confirm') }).click();
  await admin.getByText(en('common:status.published')).first().waitFor();

  const customer = await newPageAs('customer@demo.hk');
  track(customer);
  await customer.goto(url('/'));
  const offers = customer.getByRole('region', { name: en('offers:home.title') });
  const card = offers.getByRole('article', { name: title });
  await card.waitFor();
  await card.getByRole('link', { name: 'Order a drum' }).click();
  await customer.waitForURL(/\/my-orders\/manage/);

  // Another customer's home page (multi@demo.hk acting for Sunrise Dental) does not show it; the seeded offers for
  // every customer are there.
  const other = await newPageAs('multi@demo.hk', { ucpId: 'UCP100003' });
  track(other);
  await other.goto(url('/'));
  await other.getByRole('region', { name: en('offers:home.title') }).getByRole('article', { name: 'Colour copies at black-and-white prices' }).waitFor();
  expect(await other.getByRole('article', { name: title }).count()).toBe(0);

  // Expired by the admin: gone from the customer's home page.
  await admin.getByRole('button', { name: en('offers:actions.expire.action') }).click();
  await admin.getByRole('dialog').getByRole('button', { name: en('offers:actions.expire.confirm') }).click();
  await admin.getByText(en('common:status.expired')).first().waitFor();
  await customer.goto(url('/'));
  await customer.getByRole('region', { name: en('offers:home.title') }).waitFor();
  expect(await customer.getByRole('article', { name: title }).count()).toBe(0);
});
