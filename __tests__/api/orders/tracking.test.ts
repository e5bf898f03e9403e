import type { FunctionCode } from '@/lib/permissions/codes';
import { apiRoutes } from '@/lib/server/api/routes';
import { createMember, tokenFor, type CustomerRow } from '../helpers/fixtures';
import { createMachine, createModel, createOrder, createShipment, newKey } from '../helpers/orderFixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';
import { trackingContract } from '@/lib/orders/contract';

const LIST = trackingContract.endpoints.listShipments.path;
const GET = trackingContract.endpoints.getShipment.path;

describe('tracking route table', () => {
  it('guards both endpoints with track_order_read', () => {
    for (const path of [LIST, GET]) expect(apiRoutes[path]?.permission).toEqual({ anyOf: ['track_order_read'] });
  });
});

describeEachDb('tracking API', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;
  afterAll(async () => {
  });

  type Caller = { customer: CustomerRow; token: string };
  async function caller(codes: FunctionCode[] = ['track_order_read']): Promise<Caller> {
    const m = await createMember(db(), codes);
    return { customer: m.customer, token: await tokenFor(m.user, m.customer.ucpId) };
  }
  const list = async (c: Caller, body: Record<string, unknown> = {}) => {
    const res = await server.post(LIST, { page: 1, pageSize: 100, ...body }, { token: c.token });
    expect(res.status).toBe(200);
    return res.body.data as { items: { id: string; shipmentNo: string; orderNo: string; status: string; lastEventAt: string }[]; total: number };
  };
  const numbers = async (c: Caller, filter: Record<string, unknown>) => (await list(c, { filter })).items.map((i) => i.shipmentNo).sort();

  it("lists the customer's shipments with their order, paged, filtered and sorted", async () => {
    const c = await caller();
    const stranger = await caller();
    const o1 = await createOrder(db(), c.customer, { overrides: { status: 'shipped' } });
    const o2 = await createOrder(db(), c.customer, { overrides: { status: 'delivered' } });
    const s1 = await createShipment(db(), o1, { status: 'out_for_delivery', trackingNo: 'SF100%_01', createdAt: new Date('2026-06-01T02:00:00Z') });
    const s2 = await createShipment(db(), o2, { status: 'failed', courier: 'kerry_express', trackingNo: 'KEC1000101', createdAt: new Date('2026-06-02T02:00:00Z') });
    const s3 = await createShipment(db(), o2, { status: 'delivered', courier: 'own_fleet', createdAt: new Date('2026-06-03T02:00:00Z') });
    const so = await createOrder(db(), stranger.customer, { overrides: { status: 'shipped' } });
    const theirs = await createShipment(db(), so, { status: 'dispatched' });

    const all = await list(c);
    expect(all.total).toBe(3);
    expect(all.items.map((i) => i.id)).toEqual([s3.id, s2.id, s1.id]);
    expect(all.items[2]).toMatchObject({ orderId: o1.id, orderNo: o1.orderNo, courier: 'sf_express', status: 'out_for_delivery' });
    expect(all.items[2]!.lastEventAt).toEqual(new Date(s1.createdAt.getTime() + 3 * 3_600_000).toISOString());

    const page2 = await list(c, { page: 2, pageSize: 2 });
    expect([page2.total, page2.items.map((i) => i.id)]).toEqual([3, [s1.id]]);
    expect((await list(c, { sort: { field: 'status', direction: 'asc' } })).items.map((i) => i.id)).toEqual([s1.id, s3.id, s2.id]);
    expect((await list(c, { sort: { field: 'shipmentNo', direction: 'asc' } })).items.map((i) => i.shipmentNo)).toEqual(
      [s1, s2, s3].map((s) => s.shipmentNo).sort(),
    );

    expect(await numbers(c, { status: ['failed', 'delivered'] })).toEqual([s2.shipmentNo, s3.shipmentNo].sort());
    expect(await numbers(c, { dateFrom: '2026-06-02', dateTo: '2026-06-02' })).toEqual([s2.shipmentNo]);
    expect(await numbers(c, { q: o1.orderNo })).toEqual([s1.shipmentNo]);
    expect(await numbers(c, { q: s3.shipmentNo.toLowerCase() })).toEqual([s3.shipmentNo]);
    expect(await numbers(c, { q: '100%_' })).toEqual([s1.shipmentNo]);
    expect(await numbers(c, { q: '100_' })).toEqual([]);
    expect(await numbers(c, { q: theirs.trackingNo })).toEqual([]);
    expect(JSON.stringify(all)).not.toContain(theirs.shipmentNo);

    const bad = await server.post(LIST, { page: 1, pageSize: 10, filter: { status: ['lost'] }, sort: { field: 'courier', direction: 'asc' } }, { token: c.token });
    expect(bad.status).toBe(400);
  });

  it('returns a shipment with its timeline and its order; NOT_FOUND for others and guesses', async () => {
    const c = await caller();
    const stranger = await caller();
    const model = await createModel(db());
    const machine = await createMachine(db(), c.customer, model);
    const order = await createOrder(db(), c.customer, { machine, overrides: { status: 'delivered' } });
    const s = await createShipment(db(), order, { status: 'delivered' });

    const res = await server.post(GET, { id: s.id }, { token: c.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: s.id,
      shipmentNo: s.shipmentNo,
      trackingNo: s.trackingNo,
      status: 'delivered',
      order: { id: order.id, orderNo: order.orderNo, status: 'delivered', machine: { serialNo: machine.serialNo, locationZh: '12樓接待處' }, itemCount: 0 },
    });
    expect(res.body.data.events.map((e: { step: string }) => e.step)).toEqual(['received', 'picked', 'dispatched', 'out_for_delivery', 'delivered']);

    const so = await createOrder(db(), stranger.customer);
    const theirs = await createShipment(db(), so);
    for (const id of [theirs.id, newKey(), order.id]) {
      const r = await server.post(GET, { id }, { token: c.token });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    }
    expect((await server.post(GET, { id: 'SH-1' }, { token: c.token })).status).toBe(400);
  });

  it('needs track_order_read', async () => {
    const c = await caller(['mgt_order_read', 'mgt_order_write']);
    const o = await createOrder(db(), c.customer);
    const s = await createShipment(db(), o);
    expect((await server.post(LIST, { page: 1, pageSize: 10 }, { token: c.token })).status).toBe(403);
    expect((await server.post(GET, { id: s.id }, { token: c.token })).status).toBe(403);
  });
});
