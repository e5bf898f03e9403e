/**
 * My machines in the browser (issue 16, docs/machines.md): the list with its site / status filters and search, a
 * machine's page with its readings chart, orders and deliveries, contract, service history and the actions its user
 * may take; in English on a desktop, in Chinese for a customer with two sites, and at a 390 px phone width.
 *
 * Writes nothing.
 */
import type { Page } from 'playwright-core';
import { MACHINE_ID, MACHINE_SERIAL, REMOVED_MACHINE_SERIAL } from '@/lib/server/db/seedData/equipment';
import { DEMO_UCP } from '@/lib/server/db/seedData/customers';
import { closeAfterEach, newPageAs, setUpBrowserSpec, url } from '../helpers/browser';
import { api, checkAccessible, chooseFilter, en, h1, open, rowIds, shot, t, tc, until } from '../orders/support';
import type { MachineListResult } from '@/lib/machines/schemas';

// A loaded machine: sign-in, axe and the chart take their time.
setUpBrowserSpec(240_000);

let page: Page;
closeAfterEach(() => page);

const rows = (p: Page, name: string) => p.getByRole('table', { name, exact: true }).locator('tbody tr[data-row-id]');
const waitForIds = (p: Page, name: string, ids: readonly string[], what: string) =>
  until(async () => ((await rowIds(rows(p, name))).sort().join() === [...ids].sort().join() ? true : undefined), what, 30_000);

it('lists the machines, filters by status, searches by serial and location, and opens a machine with everything about it', async () => {
  page = await newPageAs('customer@demo.hk');
  const title = en('machines:list.title');
  await open(page, '/my-machines', title);
  // Harbour View: three machines in service and the colour copier taken back when the old lease ended.
  await until(async () => ((await rows(page, title).count()) === 4 ? true : undefined), 'four machines', 30_000);
  expect(await rows(page, title).last().textContent()).toContain(REMOVED_MACHINE_SERIAL.hvOldColour);
  expect(await page.getByTestId('machine-picture').count()).toBe(4);
  // Each machine whose reading for this period is due or overdue carries the flag, the others none. (The demo's printer
  // starts overdue, but the meter spec may already have sent its reading in this run: the API says which is which.)
  const listed = await api<MachineListResult>(page, '/api/machines/listMachines', { page: 1, pageSize: 20 });
  for (const m of listed.items) {
    const flag = page.getByTestId(`due-${m.serialNo}`);
    if (m.dueFlag === 'due' || m.dueFlag === 'overdue') expect(await flag.textContent()).toMatch(m.dueFlag === 'overdue' ? /overdue/i : /due/i);
    else expect(await flag.count()).toBe(0);
  }
  await checkAccessible(page, 'my machines');
  await shot(page, 'machines-list-en');

  await chooseFilter(page, en('machines:columns.status'), en('machines:status.removed'));
  await until(async () => ((await rows(page, title).count()) === 1 ? true : undefined), 'only the removed machine');
  expect(page.url()).toContain('status=removed');
  await page.getByRole('button', { name: t('en', 'common:ui.filter.clear') }).click();
  await until(async () => ((await rows(page, title).count()) === 4 ? true : undefined), 'all four again');

  await page.getByRole('searchbox', { name: en('machines:list.search') }).fill('accounts');
  await waitForIds(page, title, [MACHINE_ID.hvPrinter], 'the printer found by its location');
  await page.getByRole('searchbox', { name: en('machines:list.search') }).fill(MACHINE_SERIAL.hvColour.slice(0, 5));
  await waitForIds(page, title, [MACHINE_ID.hvColour], 'the colour MFP found by its serial');

  await rows(page, title).first().getByRole('link', { name: MACHINE_SERIAL.hvColour }).click();
  await h1(page, en('machines:detail.title', { serial: MACHINE_SERIAL.hvColour })).waitFor();
  // Readings and the usage chart.
  await page.getByTestId('usage-chart').locator('svg').first().waitFor();
  await until(async () => ((await page.getByTestId('usage-table').locator('tbody tr').count()) === 12 ? true : undefined), '12 months of usage');
  // The table beside the chart names each month in the page's language.
  expect(await page.getByTestId('usage-table').locator('tbody tr').first().locator('td').first().textContent()).toMatch(/^[A-Z][a-z]{2,3} \d{4}$/);
  // The months label the chart's axis too (issue 10: the chart's own overlap check hid every label; the chart now
  // chooses them, all 12 at this width); the first month and January carry their year on a second line ("Dec" "2025").
  await until(async () => ((await page.getByTestId('usage-chart').locator('text', { hasText: /^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)(\d{4})?$/ }).count()) >= 12 ? true : undefined), 'month names on the axis');
  expect(await page.getByRole('table', { name: en('machines:detail.recentReadings') }).locator('tbody tr').count()).toBeGreaterThan(5);
  // The contract, linked to its page.
  expect(await page.getByTestId('contract-link').textContent()).toBe('CT-2024-00118');
  // Orders and deliveries, each order linked to its page.
  const orders = page.getByRole('table', { name: en('machines:detail.orders') });
  await orders.locator('tbody tr').first().waitFor();
  expect(await orders.locator('a[href*="/my-orders/manage/"]').count()).toBeGreaterThan(0);
  // Service history and the actions of a user holding every code.
  await page.getByRole('heading', { name: en('machines:detail.service') }).waitFor();
  expect(await page.getByTestId('action-fault').getAttribute('href')).toBe(`/service-requests/new?machineId=${MACHINE_ID.hvColour}`);
  expect(await page.getByTestId('action-reading').getAttribute('href')).toBe(`/my-account/meter-history/upload?machineId=${MACHINE_ID.hvColour}`);
  await checkAccessible(page, 'machine page');
  await shot(page, 'machine-page-en');

  // "Order toner" opens the order form with this machine chosen.
  await page.getByTestId('action-toner').click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await until(async () => ((await dialog.getByRole('radio', { checked: true }).getAttribute('value')) === MACHINE_ID.hvColour ? true : undefined), 'the machine preselected');

  // The contract link leads to the contract's billing schedule.
  await page.goto(url(`/my-machines/${MACHINE_ID.hvColour}`));
  await page.getByTestId('contract-link').click();
  await page.waitForURL((u) => u.pathname.startsWith('/my-account/contract-billing-schedule/'));
});

it('another customer’s machine is not found', async () => {
  page = await newPageAs('customer@demo.hk');
  await open(page, `/my-machines/${MACHINE_ID.lcColour}`, en('machines:detail.notFoundTitle'));
});

it('in Chinese: filters by site for a customer with two sites and shows a machine', async () => {
  page = await newPageAs('multi@demo.hk', { ucpId: DEMO_UCP.lungCheong, locale: 'tc' });
  const title = tc('machines:list.title');
  await open(page, '/tc/my-machines', title);
  await until(async () => ((await rows(page, title).count()) === 4 ? true : undefined), 'four machines', 30_000);
  await chooseFilter(page, tc('machines:list.site'), '新界葵涌葵豐街38號葵涌貨運中心5樓B室');
  await waitForIds(page, title, [MACHINE_ID.lcMonoWarehouse, MACHINE_ID.lcPrinter], 'the two warehouse machines');
  expect(await page.getByRole('table', { name: title }).textContent()).toContain(tc('machines:mono'));
  await rows(page, title).first().getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: /^機器 / }).waitFor();
  await page.getByTestId('usage-chart').locator('svg').first().waitFor();
  await page.getByRole('heading', { name: tc('machines:detail.service') }).waitFor();
  await page.getByRole('heading', { name: tc('machines:detail.orders') }).waitFor();
  await page.getByTestId('action-fault').waitFor();
  await shot(page, 'machine-page-tc');
});

it('on a 390 px phone: machines as cards, the machine page without sideways scrolling', async () => {
  page = await newPageAs('customer@demo.hk', { viewport: { width: 390, height: 844 } });
  await open(page, '/my-machines', en('machines:list.title'));
  await page.getByTestId('data-table-cards').locator('[data-row-id]').first().waitFor();
  expect(await page.getByTestId('data-table').getAttribute('data-layout')).toBe('cards');
  await shot(page, 'machines-list-phone');
  await page.getByTestId('data-table-cards').getByRole('link', { name: MACHINE_SERIAL.hvMono }).click();
  await h1(page, en('machines:detail.title', { serial: MACHINE_SERIAL.hvMono })).waitFor();
  await page.getByTestId('usage-chart').locator('svg').first().waitFor();
  await page.getByTestId('action-toner').waitFor();
  // Its service requests and orders as cards, not tables running off the section's edge (QA, tc at 390 px), each
  // card's text inside it.
  for (const section of ['machines:detail.service', 'machines:detail.orders']) {
    const region = page.getByRole('region', { name: en(section) });
    await region.getByRole('list', { name: en(section) }).getByRole('listitem').first().waitFor();
    expect(await region.getByRole('table').count()).toBe(0);
  }
  expect(await page.evaluate(() => [...document.querySelectorAll('[data-testid="detail-cards"] li')].filter((li) => li.scrollWidth > li.clientWidth + 1).length)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'machine-page-phone');
});
