import { eq, sql } from 'drizzle-orm';
import * as clientLists from '@/lib/orders/schemas';
import { seedDemo } from '@/lib/server/db/seed';
import { DEMO_UCP, PROVIDER_UCP_ID, SEED_USERS } from '@/lib/server/db/seedData';
import { addDays } from '@/lib/dates/hongKong';
import { CONTRACT_ID, MACHINE_ID, SEED_CONTRACTS, SEED_DAY, SEED_MACHINES, SEED_PRODUCTS, SEED_REMOVED_MACHINES } from '@/lib/server/db/seedData/equipment';
import { buildSeedOrders, SEED_ORDERS_DATE } from '@/lib/server/db/seedData/orders';
import * as schema from '@/lib/server/db/schema';
import { tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';
import { ordersContract } from '@/lib/orders/contract';
import { nextInSequence, queryRows, type ReferenceSequence } from '@/lib/server/db/rows';

const DEMO = [DEMO_UCP.harbourView, DEMO_UCP.lungCheong, DEMO_UCP.sunrise];

describe('demo equipment and order data (in memory)', () => {
  const data = buildSeedOrders();

  it('is deterministic', () => {
    expect(JSON.stringify(buildSeedOrders())).toEqual(JSON.stringify(data));
  });

  it('gives every demo customer 1–3 contracts, one ending within 90 days of the seed day, and 2–4 machines', () => {
    for (const ucp of DEMO) {
      const contracts = SEED_CONTRACTS.filter((c) => c.ucpId === ucp && c.status === 'active');
      expect(contracts.length).toBeGreaterThanOrEqual(1);
      expect(contracts.length).toBeLessThanOrEqual(3);
      expect(contracts.some((c) => c.endDate > SEED_DAY && c.endDate <= addDays(SEED_DAY, 91))).toBe(true);
      const machines = SEED_MACHINES.filter((m) => m.ucpId === ucp);
      expect(machines.length).toBeGreaterThanOrEqual(2);
      expect(machines.length).toBeLessThanOrEqual(4);
      for (const m of machines) {
        expect(SEED_CONTRACTS.find((c) => c.id === m.contractId)?.ucpId).toBe(ucp);
        expect(m.locationEn && m.locationZh && m.tonerAddressEn && m.tonerAddressZh).toBeTruthy();
        expect(m.tonerContactPhone).toMatch(clientLists.HK_PHONE_PATTERN);
      }
    }
    expect(SEED_CONTRACTS.some((c) => c.ucpId === PROVIDER_UCP_ID)).toBe(false);
    expect(new Set(Object.values(CONTRACT_ID)).size).toBe(SEED_CONTRACTS.length);
    expect(new Set(Object.values(MACHINE_ID)).size).toBe(SEED_MACHINES.length);
  });

  it('gives every demo customer 25–40 orders over 18 months in every status, with items that fit the machine', () => {
    for (const ucp of DEMO) {
      const own = data.orders.filter((o) => o.ucpId === ucp);
      expect(own.length).toBeGreaterThanOrEqual(25);
      expect(own.length).toBeLessThanOrEqual(40);
      expect(new Set(own.map((o) => o.status))).toEqual(new Set(clientLists.ORDER_STATUSES));
      expect(new Set(own.map((o) => o.orderType))).toEqual(new Set(clientLists.ORDER_TYPES));
      const oldest = Math.min(...own.map((o) => (o.createdAt as Date).getTime()));
      expect(SEED_ORDERS_DATE.getTime() - oldest).toBeGreaterThan(500 * 86_400_000);
    }
    for (const o of data.orders) {
      expect(o.orderNo).toMatch(/^SO-20\d\d-00\d{4}$/);
      expect(Number(o.orderNo!.slice(-6))).toBeLessThan(5001);
      const model = SEED_MACHINES.find((m) => m.id === o.machineId)!.modelCode;
      const items = data.items.filter((i) => i.orderId === o.id);
      expect(items.length).toBeGreaterThan(0);
      for (const i of items) {
        const p = SEED_PRODUCTS.find((x) => x.productCode === i.productCode)!;
        expect(p.fits.length === 0 || p.fits.includes(model as never)).toBe(true);
        expect(i.quantity).toBeLessThanOrEqual(p.maxOrderQty!);
      }
      const history = data.history.filter((h) => h.orderId === o.id);
      expect(history[0]!.status).toBe('pending');
      expect(history[history.length - 1]!.status).toBe(o.status);
      for (const t of [...history.map((h) => h.at as Date), o.createdAt as Date]) expect(t.getTime()).toBeLessThanOrEqual(SEED_ORDERS_DATE.getTime());
    }
  });

  it('ships what left the warehouse, with a timeline per shipment, in every step', () => {
    expect(new Set(data.shipments.map((s) => s.status))).toEqual(new Set(['out_for_delivery', 'delivered', 'failed']));
    expect(new Set(data.shipments.map((s) => s.courier))).toEqual(new Set(clientLists.COURIERS));
    for (const s of data.shipments) {
      const order = data.orders.find((o) => o.id === s.orderId)!;
      expect(['shipped', 'delivered', 'completed']).toContain(order.status);
      expect(s.ucpId).toBe(order.ucpId);
      const events = data.events.filter((e) => e.shipmentId === s.id);
      expect(events[0]!.step).toBe('received');
      expect(events[events.length - 1]!.step).toBe(s.status);
      const times = events.map((e) => (e.at as Date).getTime());
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(events.every((e) => e.locationEn && e.locationZh)).toBe(true);
    }
  });
});

describeEachDb('demo orders seed', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;
  beforeAll(async () => {
    await seedDemo(db(), { passwordHash: 'not-used-in-these-tests' });
  });

  it('loads the catalogue, contracts, machines, orders and shipments; a second run inserts nothing', async () => {
    const count = async (table: string) => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
    const tables = ['machine_models', 'products', 'product_compatibility', 'contracts', 'machines', 'orders', 'order_items', 'order_status_history', 'shipments', 'shipment_events'];
    const before = await Promise.all(tables.map(count));
    const data = buildSeedOrders();
    expect(before.slice(3)).toEqual([
      SEED_CONTRACTS.length,
      SEED_MACHINES.length + SEED_REMOVED_MACHINES.length,
      data.orders.length,
      data.items.length,
      data.history.length,
      data.shipments.length,
      data.events.length,
    ]);
    await seedDemo(db(), { passwordHash: 'not-used-in-these-tests' });
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('shows each demo user its own orders through the API, and the order number sequence starts above them', async () => {
    const user = SEED_USERS.find((u) => u.loginId === 'customer@demo.hk')!;
    const [row] = await db().select().from(schema.userAccounts).where(eq(schema.userAccounts.userAcUuid, user.userAcUuid));
    const token = await tokenFor(row!, DEMO_UCP.harbourView);
    const res = await server.post(ordersContract.endpoints.listOrders.path, { page: 1, pageSize: 100 }, { token });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(buildSeedOrders().orders.filter((o) => o.ucpId === DEMO_UCP.harbourView).length);
    const summary = await server.post(ordersContract.endpoints.getOrderSummary.path, {}, { token });
    expect(summary.body.data.openOrders).toBeGreaterThan(0);
    expect(summary.body.data.inTransit).toBeGreaterThan(0);
    const machines = await server.post(ordersContract.endpoints.listOrderableMachines.path, {}, { token });
    expect(machines.body.data.map((m: { id: string }) => m.id).sort()).toEqual([MACHINE_ID.hvColour, MACHINE_ID.hvMono, MACHINE_ID.hvPrinter].sort());
    const products = await server.post(ordersContract.endpoints.listProductsForMachine.path, { machineId: MACHINE_ID.hvColour }, { token });
    expect(products.body.data.filter((p: { productType: string }) => p.productType === 'toner')).toHaveLength(4);
  });

  it('new order and slip numbers continue right after the highest demo number (issue 10)', async () => {
    const suffix = (no: string) => Number(/(\d+)$/.exec(no)![1]);
    const orderNos = (await db().select({ no: schema.orders.orderNo }).from(schema.orders)).map((r) => suffix(r.no));
    const slipNos = (await db().select({ no: schema.paymentSlips.slipNo }).from(schema.paymentSlips)).map((r) => suffix(r.no));
    const next = (seq: ReferenceSequence) => nextInSequence(db(), seq);
    expect(await next('order_no_seq')).toBe(Math.max(...orderNos) + 1);
    expect(await next('payment_slip_no_seq')).toBe(Math.max(...slipNos) + 1);
  });
});
