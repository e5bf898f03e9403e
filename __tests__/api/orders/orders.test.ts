import { and, eq, sql } from 'drizzle-orm';
import type { FunctionCode } from '@/lib/permissions/codes';
import { ordersContract } from '@/lib/orders/contract';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { ORDER_STATUSES } from '@/lib/orders/schemas';
import { apiRoutes } from '@/lib/server/api/routes';
import { machines, orders, orderStatusHistory } from '@/lib/server/db/schema';
import { createMember, tokenFor, type CustomerRow, type UserRow } from '../helpers/fixtures';
import {
  createMachine,
  createModel,
  createOrder,
  createProduct,
  createShipment,
  newKey,
  type MachineRow,
  type ModelRow,
  type ProductRow,
} from '../helpers/orderFixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';

const { listOrders, getOrder, getOrderSummary, listOrderableMachines, listProductsForMachine, placeTonerOrder, cancelOrder } = ordersContract.endpoints;

const READ: FunctionCode[] = ['mgt_order_read'];
const WRITE: FunctionCode[] = ['mgt_order_read', 'mgt_order_write'];

describe('orders route table', () => {
  it('guards reads with mgt_order_read and writes with mgt_order_write', () => {
    for (const path of [listOrders.path, getOrder.path, getOrderSummary.path]) expect(apiRoutes[path]?.permission).toEqual({ anyOf: ['mgt_order_read'] });
    for (const path of [listOrderableMachines.path, listProductsForMachine.path, placeTonerOrder.path, cancelOrder.path]) expect(apiRoutes[path]?.permission).toEqual({ anyOf: ['mgt_order_write'] });
    expect(apiRoutes[getOrderSummary.path]!.silent).toBe(true);
  });
});

describeEachDb('orders API', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;

  /** A model, a machine-specific toner, a product for another model, a generic supply and a service item. */
  type World = {
    model: ModelRow;
    otherModel: ModelRow;
    toner: ProductRow;
    cyan: ProductRow;
    foreignToner: ProductRow;
    paper: ProductRow;
    service: ProductRow;
    inactive: ProductRow;
  };
  let world: World;

  beforeAll(async () => {
    const model = await createModel(db());
    const otherModel = await createModel(db(), { isColour: false });
    world = {
      model,
      otherModel,
      toner: await createProduct(db(), [model], { unitPriceCents: 62_000, maxOrderQty: 4 }),
      cyan: await createProduct(db(), [model], { colour: 'cyan', descriptionEn: 'Cyan toner', descriptionZh: '青色碳粉', unitPriceCents: 115_000, maxOrderQty: 2 }),
      foreignToner: await createProduct(db(), [otherModel]),
      paper: await createProduct(db(), [], { productType: 'paper', colour: null, descriptionEn: 'A4 paper box', descriptionZh: 'A4 紙', unitPriceCents: 19_500, maxOrderQty: 20 }),
      service: await createProduct(db(), [], { productType: 'service', colour: null, unitPriceCents: 88_000, maxOrderQty: 1 }),
      inactive: await createProduct(db(), [model], { isActive: false }),
    };
  });

  type Caller = { user: UserRow; customer: CustomerRow; token: string; machine: MachineRow };
  async function caller(codes: FunctionCode[] = WRITE): Promise<Caller> {
    const m = await createMember(db(), codes);
    const machine = await createMachine(db(), m.customer, world.model);
    return { user: m.user, customer: m.customer, token: await tokenFor(m.user, m.customer.ucpId), machine };
  }

  const post = (path: string, token: string, body: unknown) => server.post(path, body, { token });
  const list = async (c: Caller, body: Record<string, unknown> = {}) => {
    const res = await post(listOrders.path, c.token, { page: 1, pageSize: 100, ...body });
    expect(res.status).toBe(200);
    return res.body.data as { items: { id: string; orderNo: string; status: string; totalCents: number; itemCount: number }[]; total: number };
  };
  const orderNosOf = async (c: Caller, filter: Record<string, unknown>) => (await list(c, { filter })).items.map((i) => i.orderNo).sort();
  const orderBody = (c: Caller, overrides: Record<string, unknown> = {}) => ({
    idempotencyKey: newKey(),
    machineId: c.machine.id,
    items: [{ productCode: world.toner.productCode, quantity: 2 }],
    contactName: 'Chan Tai Man',
    contactPhone: '+852 2345 6789',
    ...overrides,
  });
  const countOrders = async (ucpId: string) => {
    const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.ucpId, ucpId));
    return row!.n;
  };

  describe('listOrders', () => {
    it('pages in SQL with a stable order and an exact total', async () => {
      const c = await caller(READ);
      for (let i = 0; i < 25; i += 1) {
        await createOrder(db(), c.customer, { overrides: { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) } });
      }
      const p1 = await list(c, { page: 1, pageSize: 10 });
      const p3 = await list(c, { page: 3, pageSize: 10 });
      expect(p1.total).toBe(25);
      expect(p1.items).toHaveLength(10);
      expect(p3.items).toHaveLength(5);
      const all = [...p1.items, ...(await list(c, { page: 2, pageSize: 10 })).items, ...p3.items].map((i) => i.id);
      expect(new Set(all).size).toBe(25);
      // Newest first by default.
      const times = (await list(c)).items.map((i) => (i as unknown as { createdAt: string }).createdAt);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('sorts by an allow-listed field in either direction and rejects any other', async () => {
      const c = await caller(READ);
      const a = await createOrder(db(), c.customer, { overrides: { status: 'completed', requestedDate: '2026-03-01' } });
      const b = await createOrder(db(), c.customer, { overrides: { status: 'pending', requestedDate: '2026-01-01' } });
      const d = await createOrder(db(), c.customer, { overrides: { status: 'shipped', requestedDate: null } });
      const ids = async (field: string, direction: string) => (await list(c, { sort: { field, direction } })).items.map((i) => i.id);
      expect(await ids('orderNo', 'asc')).toEqual([a.id, b.id, d.id]);
      expect(await ids('orderNo', 'desc')).toEqual([d.id, b.id, a.id]);
      // Status sorts in lifecycle order, not alphabetically.
      expect(await ids('status', 'asc')).toEqual([b.id, d.id, a.id]);
      // Orders without a requested date come last either way.
      expect(await ids('requestedDate', 'asc')).toEqual([b.id, a.id, d.id]);
      expect(await ids('requestedDate', 'desc')).toEqual([a.id, b.id, d.id]);

      // The amount column sorts (issue 10 minor): by the order's total, the sum of its lines.
      const p = world;
      const big = await createOrder(db(), c.customer, { lines: [{ product: p.cyan, quantity: 2 }] });
      const small = await createOrder(db(), c.customer, { lines: [{ product: p.paper, quantity: 1 }] });
      const mid = await createOrder(db(), c.customer, { lines: [{ product: p.toner, quantity: 1 }] });
      const byTotal = async (direction: string) => (await ids('total', direction)).filter((id) => [big.id, small.id, mid.id].includes(id));
      expect(await byTotal('asc')).toEqual([small.id, mid.id, big.id]);
      expect(await byTotal('desc')).toEqual([big.id, mid.id, small.id]);

      for (const sort of [{ field: 'ucp_id', direction: 'asc' }, { field: 'orderNo', direction: 'up' }]) {
        const res = await post(listOrders.path, c.token, { page: 1, pageSize: 10, sort });
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION');
      }
      expect((await post(listOrders.path, c.token, { page: 1, pageSize: 101 })).status).toBe(400);
      expect((await post(listOrders.path, c.token, { page: 1, pageSize: 10, filter: { ucpId: 'UCP100001' } })).status).toBe(400);
    });

    it('filters by status, type and Hong Kong created date', async () => {
      const c = await caller(READ);
      const pending = await createOrder(db(), c.customer, { overrides: { status: 'pending', createdAt: new Date('2026-05-31T16:30:00Z') } }); // 1 Jun 00:30 HKT
      const shipped = await createOrder(db(), c.customer, { overrides: { status: 'shipped', orderType: 'supplies', createdAt: new Date('2026-05-31T15:30:00Z') } }); // 31 May 23:30 HKT
      const service = await createOrder(db(), c.customer, { overrides: { status: 'completed', orderType: 'service', createdAt: new Date('2026-06-30T15:59:00Z') } }); // 30 Jun 23:59 HKT
      const sorted = (...o: { orderNo: string }[]) => o.map((x) => x.orderNo).sort();

      expect(await orderNosOf(c, { status: ['pending', 'shipped'] })).toEqual(sorted(pending, shipped));
      expect(await orderNosOf(c, { type: ['supplies', 'service'] })).toEqual(sorted(shipped, service));
      expect(await orderNosOf(c, { status: ['pending'], type: ['service'] })).toEqual([]);
      // The group `open` (the home card's count, QA: the card opened the unfiltered list), alone or with a status.
      expect(await orderNosOf(c, { status: ['open'] })).toEqual(sorted(pending, shipped));
      expect(await orderNosOf(c, { status: ['open', 'completed'] })).toEqual(sorted(pending, shipped, service));
      expect(await orderNosOf(c, { status: ['open', 'pending'] })).toEqual(sorted(pending, shipped));
      expect(await orderNosOf(c, { dateFrom: '2026-06-01' })).toEqual(sorted(pending, service));
      expect(await orderNosOf(c, { dateTo: '2026-05-31' })).toEqual(sorted(shipped));
      expect(await orderNosOf(c, { dateFrom: '2026-06-01', dateTo: '2026-06-30' })).toEqual(sorted(pending, service));
      expect(await orderNosOf(c, { dateFrom: '2026-07-01' })).toEqual([]);

      const bad = await post(listOrders.path, c.token, { page: 1, pageSize: 10, filter: { status: ['lost'], dateFrom: '2026-02-30' } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields).sort()).toEqual(['filter.dateFrom', 'filter.status.0']);
    });

    it('searches order number, serial, item code and description literally (LIKE wildcards escaped)', async () => {
      const c = await caller(READ);
      const special = await createProduct(db(), [world.model], { descriptionEn: 'Toner 100%_pure', descriptionZh: '特級碳粉' });
      const plain = await createProduct(db(), [world.model], { descriptionEn: 'Toner 1000 pure', descriptionZh: '普通碳粉' });
      const other = await createMachine(db(), c.customer, world.model, { serialNo: `XQ-${newKey().slice(0, 8)}` });
      const o1 = await createOrder(db(), c.customer, { machine: c.machine, lines: [{ product: special, quantity: 1 }] });
      const o2 = await createOrder(db(), c.customer, { machine: other, lines: [{ product: plain, quantity: 1 }] });
      const o3 = await createOrder(db(), c.customer, { lines: [{ product: world.paper, quantity: 3 }] });

      expect(await orderNosOf(c, { q: '100%' })).toEqual([o1.orderNo]);
      expect(await orderNosOf(c, { q: '%_' })).toEqual([o1.orderNo]);
      expect(await orderNosOf(c, { q: '0_p' })).toEqual([]);
      expect(await orderNosOf(c, { q: '\\' })).toEqual([]);
      expect(await orderNosOf(c, { q: 'toner 1' })).toEqual([o1.orderNo, o2.orderNo].sort());
      expect(await orderNosOf(c, { q: '普通' })).toEqual([o2.orderNo]);
      expect(await orderNosOf(c, { q: other.serialNo.toLowerCase() })).toEqual([o2.orderNo]);
      expect(await orderNosOf(c, { q: world.paper.productCode })).toEqual([o3.orderNo]);
      expect(await orderNosOf(c, { q: o3.orderNo })).toEqual([o3.orderNo]);
      expect(await orderNosOf(c, { q: '   ' })).toHaveLength(3);
      expect((await post(listOrders.path, c.token, { page: 1, pageSize: 10, filter: { q: 'x'.repeat(101) } })).status).toBe(400);
    });

    it("never lists another customer's orders, whatever the filter", async () => {
      const c = await caller(READ);
      const stranger = await caller(READ);
      const theirs = await createOrder(db(), stranger.customer, { machine: stranger.machine, lines: [{ product: world.toner, quantity: 1 }] });
      const mine = await createOrder(db(), c.customer, { lines: [{ product: world.toner, quantity: 1 }] });
      expect((await list(c)).items.map((i) => i.id)).toEqual([mine.id]);
      expect(await orderNosOf(c, { q: theirs.orderNo })).toEqual([]);
      expect(await orderNosOf(c, { q: stranger.machine.serialNo })).toEqual([]);
    });

    it('answers totals in cents and an item summary', async () => {
      const c = await caller(READ);
      await createOrder(db(), c.customer, {
        machine: c.machine,
        lines: [
          { product: world.toner, quantity: 3 },
          { product: world.cyan, quantity: 1 },
        ],
      });
      const [item] = (await list(c)).items as unknown as Record<string, unknown>[];
      expect(item).toMatchObject({
        totalCents: 3 * 62_000 + 115_000,
        itemCount: 2,
        firstItemEn: world.toner.descriptionEn,
        firstItemZh: world.toner.descriptionZh,
        machine: { serialNo: c.machine.serialNo },
      });
      expect(Object.keys(item!).sort()).toEqual(
        ['createdAt', 'firstItemEn', 'firstItemZh', 'id', 'itemCount', 'machine', 'orderNo', 'orderType', 'requestedDate', 'status', 'totalCents'].sort(),
      );
    });

    it('needs mgt_order_read', async () => {
      const c = await caller(['track_order_read']);
      const res = await post(listOrders.path, c.token, { page: 1, pageSize: 10 });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect((await server.post(listOrders.path, { page: 1, pageSize: 10 })).status).toBe(401);
    });
  });

  describe('getOrder', () => {
    it('returns items, totals, history, machine and shipments', async () => {
      const c = await caller(READ);
      const order = await createOrder(db(), c.customer, {
        machine: c.machine,
        lines: [
          { product: world.toner, quantity: 2 },
          { product: world.paper, quantity: 5 },
        ],
        overrides: { status: 'shipped', createdBy: c.user.userAcUuid },
      });
      await db().insert(orderStatusHistory).values({ orderId: order.id, status: 'shipped', at: new Date(order.createdAt.getTime() + 60_000), noteEn: 'Shipped', noteZh: '已寄出' });
      const shipment = await createShipment(db(), order, { status: 'out_for_delivery' });

      const res = await post(getOrder.path, c.token, { id: order.id });
      expect(res.status).toBe(200);
      const data = res.body.data;
      expect(data).toMatchObject({
        id: order.id,
        orderNo: order.orderNo,
        status: 'shipped',
        totalCents: 2 * 62_000 + 5 * 19_500,
        createdByName: c.user.name,
        canCancel: false,
        machine: { id: c.machine.id, serialNo: c.machine.serialNo, modelNameEn: world.model.nameEn, locationZh: '12樓接待處' },
      });
      expect(data.items).toEqual([
        expect.objectContaining({ lineNo: 1, productCode: world.toner.productCode, quantity: 2, unitPriceCents: 62_000, lineTotalCents: 124_000 }),
        expect.objectContaining({ lineNo: 2, productCode: world.paper.productCode, quantity: 5, lineTotalCents: 97_500 }),
      ]);
      expect(data.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'shipped']);
      expect(data.shipments).toEqual([expect.objectContaining({ id: shipment.id, shipmentNo: shipment.shipmentNo, status: 'out_for_delivery' })]);
    });

    it("is NOT_FOUND for another customer's order and for a guessed id; VALIDATION for a non-uuid", async () => {
      const c = await caller(READ);
      const stranger = await caller(READ);
      const theirs = await createOrder(db(), stranger.customer);
      for (const id of [theirs.id, newKey()]) {
        const res = await post(getOrder.path, c.token, { id });
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('NOT_FOUND');
      }
      expect((await post(getOrder.path, c.token, { id: 'SO-2026-000001' })).status).toBe(400);
      expect((await post(getOrder.path, stranger.token, { id: theirs.id })).status).toBe(200);
    });
  });

  describe('listOrderableMachines and listProductsForMachine', () => {
    it("lists the customer's active machines with their toner delivery details", async () => {
      const c = await caller();
      await createMachine(db(), c.customer, world.model, { status: 'removed' });
      const stranger = await caller();
      const res = await post(listOrderableMachines.path, c.token, {});
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        expect.objectContaining({
          id: c.machine.id,
          serialNo: c.machine.serialNo,
          modelNameEn: world.model.nameEn,
          tonerAddressEn: c.machine.tonerAddressEn,
          tonerContactPhone: '+852 2345 6789',
        }),
      ]);
      expect(JSON.stringify(res.body.data)).not.toContain(stranger.machine.serialNo);
    });

    it('offers only products that fit the model, plus generic supplies; never equipment, services or inactive items', async () => {
      const c = await caller();
      const res = await post(listProductsForMachine.path, c.token, { machineId: c.machine.id });
      expect(res.status).toBe(200);
      const codes = (res.body.data as { productCode: string; maxOrderQty: number }[]).map((p) => p.productCode);
      expect(codes).toEqual(expect.arrayContaining([world.toner.productCode, world.cyan.productCode, world.paper.productCode]));
      expect(codes).not.toContain(world.foreignToner.productCode);
      expect(codes).not.toContain(world.service.productCode);
      expect(codes).not.toContain(world.inactive.productCode);
      expect(res.body.data.find((p: { productCode: string }) => p.productCode === world.cyan.productCode)).toMatchObject({ maxOrderQty: 2, unitPriceCents: 115_000 });
    });

    it("is NOT_FOUND for another customer's machine or a removed one, and needs mgt_order_write", async () => {
      const c = await caller();
      const stranger = await caller();
      const removed = await createMachine(db(), c.customer, world.model, { status: 'removed' });
      for (const machineId of [stranger.machine.id, removed.id, newKey()]) {
        expect((await post(listProductsForMachine.path, c.token, { machineId })).status).toBe(404);
      }
      const reader = await caller(READ);
      expect((await post(listProductsForMachine.path, reader.token, { machineId: reader.machine.id })).status).toBe(403);
      expect((await post(listOrderableMachines.path, reader.token, {})).status).toBe(403);
    });
  });

  describe('placeTonerOrder', () => {
    it('places an order with copied prices, a first history row and a sequence number', async () => {
      const c = await caller();
      const requestedDate = addDays(hkToday(), 3);
      const res = await post(placeTonerOrder.path, c.token, orderBody(c, {
        items: [
          { productCode: world.toner.productCode, quantity: 4 },
          { productCode: world.paper.productCode, quantity: 10 },
        ],
        requestedDate,
        remarks: 'Please call before delivery.',
      }));
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ created: true });
      expect(res.body.data.orderNo).toMatch(new RegExp(`^SO-${hkToday().slice(0, 4)}-\\d{6}$`));
      expect(Number(res.body.data.orderNo.slice(-6))).toBeGreaterThanOrEqual(5001);

      const detail = (await post(getOrder.path, c.token, { id: res.body.data.id })).body.data;
      expect(detail).toMatchObject({
        status: 'pending',
        orderType: 'toner',
        requestedDate,
        deliveryAddress: c.machine.tonerAddressEn,
        contactPhone: '+852 2345 6789',
        remarks: 'Please call before delivery.',
        totalCents: 4 * 62_000 + 10 * 19_500,
        createdByName: c.user.name,
        canCancel: true,
        machine: { id: c.machine.id },
      });
      expect(detail.items.map((i: { descriptionZh: string }) => i.descriptionZh)).toEqual([world.toner.descriptionZh, world.paper.descriptionZh]);
      expect(detail.history).toEqual([expect.objectContaining({ status: 'pending', changedByName: c.user.name })]);
    });

    it('makes a paper-only order a supplies order and keeps a given delivery address', async () => {
      const c = await caller();
      const res = await post(placeTonerOrder.path, c.token, orderBody(c, { items: [{ productCode: world.paper.productCode, quantity: 1 }], deliveryAddress: '  G/F Loading bay  ' }));
      expect(res.status).toBe(200);
      const detail = (await post(getOrder.path, c.token, { id: res.body.data.id })).body.data;
      expect(detail).toMatchObject({ orderType: 'supplies', deliveryAddress: 'G/F Loading bay' });
    });

    it("without a delivery address nor a toner address the order goes to the machine's site address, which the machine list gives the form to show", async () => {
      const c = await caller();
      await db().update(machines).set({ tonerAddressEn: '  ', tonerAddressZh: '' }).where(eq(machines.id, c.machine.id));
      const listed = (await post(listOrderableMachines.path, c.token, {})).body.data as { id: string; addressEn: string; addressZh: string }[];
      expect(listed).toEqual([expect.objectContaining({ id: c.machine.id, addressEn: c.machine.addressEn, addressZh: c.machine.addressZh })]);
      const res = await post(placeTonerOrder.path, c.token, orderBody(c, { deliveryAddress: '   ' }));
      expect(res.status).toBe(200);
      const detail = (await post(getOrder.path, c.token, { id: res.body.data.id })).body.data;
      expect(detail.deliveryAddress).toBe(c.machine.addressEn);
    });

    it('refuses products that do not fit the machine and quantities over the limit, writing nothing', async () => {
      const c = await caller();
      const cases: [Record<string, unknown>, string][] = [
        [{ items: [{ productCode: world.foreignToner.productCode, quantity: 1 }] }, 'items.0.productCode'],
        [{ items: [{ productCode: world.toner.productCode, quantity: 1 }, { productCode: world.service.productCode, quantity: 1 }] }, 'items.1.productCode'],
        [{ items: [{ productCode: world.inactive.productCode, quantity: 1 }] }, 'items.0.productCode'],
        [{ items: [{ productCode: 'NO-SUCH-CODE', quantity: 1 }] }, 'items.0.productCode'],
        [{ items: [{ productCode: world.cyan.productCode, quantity: 3 }] }, 'items.0.quantity'],
      ];
      for (const [overrides, field] of cases) {
        const res = await post(placeTonerOrder.path, c.token, orderBody(c, overrides));
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('VALIDATION');
        expect(Object.keys(res.body.error.fields)).toEqual([field]);
      }
      expect(await countOrders(c.customer.ucpId)).toBe(0);
    });

    it('validates the body: lines, duplicates, dates, phone, lengths', async () => {
      const c = await caller();
      const today = hkToday();
      const bad: [Record<string, unknown>, string][] = [
        [{ items: [] }, 'items'],
        [{ items: Array.from({ length: 11 }, (_, i) => ({ productCode: `X${i}`, quantity: 1 })) }, 'items'],
        [{ items: [{ productCode: world.toner.productCode, quantity: 1 }, { productCode: world.toner.productCode, quantity: 1 }] }, 'items.1.productCode'],
        [{ items: [{ productCode: world.toner.productCode, quantity: 0 }] }, 'items.0.quantity'],
        [{ items: [{ productCode: world.toner.productCode, quantity: 1.5 }] }, 'items.0.quantity'],
        [{ requestedDate: today }, 'requestedDate'],
        [{ requestedDate: addDays(today, 61) }, 'requestedDate'],
        [{ requestedDate: '2026-02-30' }, 'requestedDate'],
        [{ contactPhone: '12345' }, 'contactPhone'],
        [{ contactPhone: '+852 1234 5678' }, 'contactPhone'],
        [{ contactName: '  ' }, 'contactName'],
        [{ remarks: 'x'.repeat(501) }, 'remarks'],
        [{ idempotencyKey: 'not-a-uuid' }, 'idempotencyKey'],
        [{ ucpId: 'UCP100001' }, 'ucpId'],
      ];
      for (const [overrides, field] of bad) {
        const res = await post(placeTonerOrder.path, c.token, orderBody(c, overrides));
        expect([res.status, field, Object.keys(res.body.error?.fields ?? {})]).toEqual([400, field, [field]]);
      }
      for (const ok of [{ requestedDate: addDays(today, 1) }, { requestedDate: addDays(today, 60) }, { contactPhone: '9123-4567' }, { contactPhone: '+85221234567' }]) {
        expect((await post(placeTonerOrder.path, c.token, orderBody(c, ok))).status).toBe(200);
      }
    });

    it("is NOT_FOUND for another customer's machine", async () => {
      const c = await caller();
      const stranger = await caller();
      const res = await post(placeTonerOrder.path, c.token, orderBody(c, { machineId: stranger.machine.id }));
      expect(res.status).toBe(404);
      expect(await countOrders(c.customer.ucpId)).toBe(0);
      expect(await countOrders(stranger.customer.ucpId)).toBe(0);
    });

    it('places one order for one idempotency key, also when the requests race', async () => {
      const c = await caller();
      const body = orderBody(c);
      const first = await post(placeTonerOrder.path, c.token, body);
      const again = await post(placeTonerOrder.path, c.token, body);
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual({ ...first.body.data, created: false });

      const raced = orderBody(c);
      const results = await Promise.all(Array.from({ length: 5 }, () => post(placeTonerOrder.path, c.token, raced)));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      expect(results.filter((r) => r.body.data.created)).toHaveLength(1);
      expect(await countOrders(c.customer.ucpId)).toBe(2);
      const [{ n }] = (await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, results[0]!.body.data.id))) as [{ n: number }];
      expect(n).toBe(1);
    });

    it('keeps idempotency keys per customer', async () => {
      const a = await caller();
      const b = await caller();
      const key = newKey();
      const ra = await post(placeTonerOrder.path, a.token, orderBody(a, { idempotencyKey: key }));
      const rb = await post(placeTonerOrder.path, b.token, orderBody(b, { idempotencyKey: key }));
      expect(ra.body.data.created).toBe(true);
      expect(rb.body.data.created).toBe(true);
      expect(ra.body.data.id).not.toBe(rb.body.data.id);
    });

    it('gives concurrent orders distinct numbers', async () => {
      const c = await caller();
      const results = await Promise.all(Array.from({ length: 6 }, () => post(placeTonerOrder.path, c.token, orderBody(c))));
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
      expect(new Set(results.map((r) => r.body.data.orderNo)).size).toBe(6);
    });

    it('needs mgt_order_write', async () => {
      const c = await caller(READ);
      const res = await post(placeTonerOrder.path, c.token, orderBody(c));
      expect(res.status).toBe(403);
      expect(await countOrders(c.customer.ucpId)).toBe(0);
    });
  });

  describe('cancelOrder', () => {
    it('cancels a pending order once, with a history row; a second cancel is CONFLICT', async () => {
      const c = await caller();
      const placed = (await post(placeTonerOrder.path, c.token, orderBody(c))).body.data;
      const res = await post(cancelOrder.path, c.token, { id: placed.id, reason: 'Found spare toner' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id: placed.id, status: 'cancelled' });
      const detail = (await post(getOrder.path, c.token, { id: placed.id })).body.data;
      expect(detail).toMatchObject({ status: 'cancelled', cancelReason: 'Found spare toner', canCancel: false });
      expect(detail.cancelledAt).toEqual(expect.any(String));
      expect(detail.history.map((h: { status: string }) => h.status)).toEqual(['pending', 'cancelled']);

      const again = await post(cancelOrder.path, c.token, { id: placed.id });
      expect(again.status).toBe(409);
      expect(again.body.error.code).toBe('CONFLICT');
    });

    it('is CONFLICT for an order past pending, and lets only one of two racing cancels win', async () => {
      const c = await caller();
      for (const status of ['confirmed', 'shipped', 'delivered', 'completed'] as const) {
        const o = await createOrder(db(), c.customer, { overrides: { status } });
        const res = await post(cancelOrder.path, c.token, { id: o.id });
        expect([status, res.status]).toEqual([status, 409]);
        const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, o.id));
        expect(row!.status).toBe(status);
      }
      const o = await createOrder(db(), c.customer);
      const both = await Promise.all([post(cancelOrder.path, c.token, { id: o.id }), post(cancelOrder.path, c.token, { id: o.id })]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const rows = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, o.id), eq(orderStatusHistory.status, 'cancelled')));
      expect(rows[0]!.n).toBe(1);
    });

    it("is NOT_FOUND for another customer's order, and needs mgt_order_write", async () => {
      const c = await caller();
      const stranger = await caller();
      const theirs = await createOrder(db(), stranger.customer);
      expect((await post(cancelOrder.path, c.token, { id: theirs.id })).status).toBe(404);
      expect((await post(cancelOrder.path, c.token, { id: newKey() })).status).toBe(404);
      const reader = await caller(READ);
      const mine = await createOrder(db(), reader.customer);
      expect((await post(cancelOrder.path, reader.token, { id: mine.id })).status).toBe(403);
      const [row] = await db().select({ status: orders.status }).from(orders).where(eq(orders.id, theirs.id));
      expect(row!.status).toBe('pending');
    });
  });

  describe('getOrderSummary', () => {
    it("counts the customer's open orders and shipments in transit", async () => {
      const c = await caller(READ);
      const stranger = await caller(READ);
      for (const status of ORDER_STATUSES) {
        await createOrder(db(), c.customer, { overrides: { status } });
      }
      const o = await createOrder(db(), c.customer, { overrides: { status: 'shipped' } });
      await createShipment(db(), o, { status: 'out_for_delivery' });
      await createShipment(db(), o, { status: 'failed' });
      await createShipment(db(), o, { status: 'delivered' });
      const so = await createOrder(db(), stranger.customer, { overrides: { status: 'pending' } });
      await createShipment(db(), so, { status: 'dispatched' });
      const res = await post(getOrderSummary.path, c.token, {});
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ openOrders: 5, inTransit: 1 });
      // The card opens the list filtered to `open`: the same orders.
      const list = await post(listOrders.path, c.token, { page: 1, pageSize: 10, filter: { status: ['open'] } });
      expect(list.body.data.total).toBe(5);
    });
  });
});
