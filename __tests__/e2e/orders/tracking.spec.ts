/**
 * Following a shipment and opening orders by link (issue 5 "Tests", docs/orders.md): the shipment list filtered by
 * status, a delivered shipment's timeline (every step with its time), courier and tracking number, the link to its
 * order; a shipment still on its way marks the steps not reached; the order page as a deep link with `?ucpid=`;
 * another customer's order or shipment, and a guessed id, show "not found" and none of its data.
 *
 * Read only: customer@demo.hk (UCP100001); the other customer's ids come from the seed (UCP100002).
 */
import type { Page } from 'playwright-core';
import type { ListResult } from '@/lib/listQuery';
import type { OrderListItem, ShipmentDetail, ShipmentListItem } from '@/lib/orders/schemas';
import { buildSeedOrders } from '@/lib/server/db/seedData/orders';
import { closeBrowser, newPageAs, url } from '../helpers/browser';
import { api, chooseFilter, dataOf, en, h1, headerStatus, nextResponse, open, openDetail, shot, tableRows, waitForRows } from './support';

afterAll(closeBrowser);

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

const TRACK = '/my-orders/track';
const PATH_STEPS = ['received', 'picked', 'dispatched', 'out_for_delivery'] as const;
const TIME = /\d{1,2}:\d{2}/;

type Shipments = ListResult<ShipmentListItem>;

/** Each step of the timeline: reached or not, and its text (label, time or "Not yet", place, note). */
async function timeline(p: Page, steps: readonly string[]): Promise<Record<string, { reached: boolean; text: string }>> {
  const out: Record<string, { reached: boolean; text: string }> = {};
  for (const step of steps) {
    const el = p.getByTestId(`timeline-${step}`);
    out[step] = { reached: (await el.getAttribute('data-reached')) === 'true', text: await el.innerText() };
  }
  return out;
}

it('follows a delivered shipment: every step with its time, courier, tracking number, and the link to its order', async () => {
  page = await newPageAs('customer@demo.hk');
  const firstAnswer = nextResponse(page, '/api/tracking/listShipments');
  await open(page, TRACK, en('orders:tracking.title'));
  await dataOf<Shipments>(await firstAnswer);

  const byStatus = nextResponse(page, '/api/tracking/listShipments', (b) => JSON.stringify((b.filter as { status?: string[] } | undefined)?.status) === '["delivered"]');
  await chooseFilter(page, en('orders:tracking.filters.status'), en('common:status.delivered'));
  const delivered = await dataOf<Shipments>(await byStatus);
  expect(delivered.items.length).toBeGreaterThan(0);
  expect(delivered.items.every((s) => s.status === 'delivered')).toBe(true);
  const rows = tableRows(page, en('orders:tracking.listLabel'));
  await waitForRows(rows, delivered.items.map((s) => s.id), 'the delivered shipments');
  await shot(page, 'tracking-list-delivered');

  const target = delivered.items[0]!;
  const shipment = await openDetail<ShipmentDetail>(page, rows.first(), {
    link: target.shipmentNo,
    pathname: `${TRACK}/${target.id}`,
    api: '/api/tracking/getShipment',
    heading: en('orders:tracking.detail.title', { shipmentNo: target.shipmentNo }),
  });
  expect(await headerStatus(page).getAttribute('data-status')).toBe('delivered');

  const header = page.locator('header', { has: h1(page, en('orders:tracking.detail.title', { shipmentNo: target.shipmentNo })) });
  const headerText = await header.innerText();
  expect(headerText).toContain(en(`orders:tracking.courier.${shipment.courier}`));
  expect(headerText).toContain(`${en('orders:tracking.detail.trackingNo')} ${shipment.trackingNo}`);

  const steps = await timeline(page, [...PATH_STEPS, 'delivered']);
  for (const [step, { reached, text }] of Object.entries(steps)) {
    expect({ step, reached }).toEqual({ step, reached: true });
    expect(text).toContain(en(`orders:tracking.steps.${step}`));
    expect(text).toMatch(TIME);
    expect(text).not.toContain(en('orders:tracking.detail.pendingStep'));
  }
  expect(await page.getByTestId('timeline-failed').count()).toBe(0);
  await shot(page, 'tracking-detail-delivered');

  // The order it belongs to.
  const orderRegion = page.getByRole('region', { name: en('orders:tracking.detail.order') });
  await orderRegion.getByRole('link', { name: en('orders:tracking.detail.openOrder', { orderNo: shipment.order.orderNo }) }).click();
  await page.waitForURL((u) => u.pathname === `/my-orders/manage/${shipment.order.id}`);
  await h1(page, en('orders:orders.detail.title', { orderNo: shipment.order.orderNo })).waitFor();
  // …whose shipments link back here.
  await page.getByRole('link', { name: en('orders:orders.detail.track', { shipmentNo: shipment.shipmentNo }) }).waitFor();
});

it('a shipment out for delivery shows the steps not reached yet', async () => {
  page = await newPageAs('customer@demo.hk');
  await page.goto(url(TRACK));
  const onTheWay = (await api<Shipments>(page, '/api/tracking/listShipments', { page: 1, pageSize: 5, filter: { status: ['out_for_delivery'] } })).items[0];
  expect(onTheWay).toBeDefined();
  await open(page, `${TRACK}/${onTheWay!.id}`, en('orders:tracking.detail.title', { shipmentNo: onTheWay!.shipmentNo }));
  const steps = await timeline(page, [...PATH_STEPS, 'delivered']);
  for (const step of PATH_STEPS) expect([step, steps[step]!.reached, TIME.test(steps[step]!.text)]).toEqual([step, true, true]);
  expect(steps.delivered).toEqual({ reached: false, text: expect.stringContaining(en('orders:tracking.detail.pendingStep')) as unknown as string });
});

it('deep links: an own order opens with ?ucpid=; another customer\'s order or shipment, or a guessed id, is "not found"', async () => {
  page = await newPageAs('customer@demo.hk');
  await page.goto(url(TRACK));
  const own = (await api<ListResult<OrderListItem>>(page, '/api/orders/listOrders', { page: 1, pageSize: 1 })).items[0]!;

  await page.goto(url(`/my-orders/manage/${own.id}?ucpid=UCP100001`));
  await h1(page, en('orders:orders.detail.title', { orderNo: own.orderNo })).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/my-orders/manage/${own.id}`);
  await page.getByRole('table', { name: en('orders:orders.detail.items') }).waitFor();

  const seed = buildSeedOrders();
  const foreignOrder = seed.orders.find((o) => o.ucpId === 'UCP100002')!;
  const foreignShipment = seed.shipments.find((s) => s.ucpId === 'UCP100002')!;
  const cases = [
    { href: `/my-orders/manage/${foreignOrder.id}?ucpid=UCP100001`, api: '/api/orders/getOrder', title: 'orders:orders.detail.notFoundTitle', body: 'orders:orders.detail.notFoundBody', secret: foreignOrder.orderNo },
    { href: `/my-orders/manage/${foreignOrder.id}`, api: '/api/orders/getOrder', title: 'orders:orders.detail.notFoundTitle', body: 'orders:orders.detail.notFoundBody', secret: foreignOrder.orderNo },
    { href: '/my-orders/manage/5eed0030-0000-4000-8000-999999999999', api: '/api/orders/getOrder', title: 'orders:orders.detail.notFoundTitle', body: 'orders:orders.detail.notFoundBody', secret: null },
    { href: `/my-orders/track/${foreignShipment.id}`, api: '/api/tracking/getShipment', title: 'orders:tracking.detail.notFoundTitle', body: 'orders:tracking.detail.notFoundBody', secret: foreignShipment.trackingNo },
  ];
  for (const c of cases) {
    const answer = nextResponse(page, c.api);
    await page.goto(url(c.href));
    const response = await answer;
    expect([c.href, response.status(), ((await response.json()) as { error?: { code?: string } }).error?.code]).toEqual([c.href, 404, 'NOT_FOUND']);
    await h1(page, en(c.title)).waitFor();
    await page.getByText(en(c.body)).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    if (c.secret) expect(await page.locator('main').innerText()).not.toContain(c.secret);
  }
  await shot(page, 'order-deeplink-foreign-shipment');
});
