import { addDays, hkToday } from '@/lib/dates/hongKong';
import { machinesContract } from '@/lib/machines/contract';
import type { MachineDetail, MachineListItem } from '@/lib/machines/schemas';
import { meterReadings, serviceRequests } from '@/lib/server/db/schema';
import type { ServiceStatus } from '@/lib/serviceRequests/constants';
import { createContract } from '../bills/billFixtures';
import { memberWithToken, uniq } from '../helpers/fixtures';
import { createMachine, createModel, createOrder, createProduct, createShipment } from '../helpers/orderFixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer } from '../helpers/testServer';

const M = machinesContract.endpoints;
const today = hkToday();
const ALL = ['machine_read', 'meter_history_read', 'mgt_order_read', 'service_req_read'] as const;

describeEachDb('my machines: list, filters, search, machine page, tenancy', (getHandle) => {
  const server = useTestServer(getHandle);
  const db = () => getHandle().db;

  /**
   * A customer with two sites: a colour MFP (contract, monthly readings, a toner order with a shipment, one open and
   * one closed service request) and a mono printer at the head office, a removed mono copier at the warehouse.
   */
  async function customer(codes: readonly (typeof ALL)[number][] = ALL) {
    const m = await memberWithToken(db(), [...codes]);
    const ucpId = m.customer.ucpId;
    const contract = await createContract(db(), ucpId, { startDate: addDays(today, -400), endDate: addDays(today, 900) });
    const colourModel = await createModel(db(), { isColour: true, category: 'mfp' });
    const monoModel = await createModel(db(), { isColour: false, category: 'printer' });
    const copierModel = await createModel(db(), { isColour: false, category: 'copier' });
    const office = { addressEn: `Head office ${uniq()}, 6 Wing Yip Street`, addressZh: '觀塘榮業街6號總辦事處' };
    const warehouse = { addressEn: `Warehouse ${uniq()}, 38 Kwai Fung Crescent`, addressZh: '葵涌葵豐街38號貨倉' };
    const colour = await createMachine(db(), m.customer, colourModel, { ...office, contractId: contract.id, locationEn: '12/F Reception', locationZh: '12樓接待處', installedOn: addDays(today, -400) });
    const mono = await createMachine(db(), m.customer, monoModel, { ...office, locationEn: 'Accounts department', locationZh: '會計部', installedOn: addDays(today, -400) });
    const removed = await createMachine(db(), m.customer, copierModel, { ...warehouse, locationEn: 'Loading bay', locationZh: '上落貨區', status: 'removed', installedOn: '2019-01-10' });
    const rows: (typeof meterReadings.$inferInsert)[] = [];
    for (let k = 12; k >= 1; k -= 1) {
      rows.push({ machineId: colour.id, ucpId, readingDate: addDays(today, -30 * k), monoCounter: 10_000 + (12 - k) * 3000, colourCounter: 2000 + (12 - k) * 600, source: 'automatic' });
    }
    await db().insert(meterReadings).values(rows);
    const toner = await createProduct(db(), [colourModel]);
    const order = await createOrder(db(), m.customer, { machine: colour, lines: [{ product: toner, quantity: 2 }] });
    const shipment = await createShipment(db(), order);
    const request = (status: ServiceStatus, no: string): typeof serviceRequests.$inferInsert => ({
      requestNo: no,
      ucpId,
      machineId: colour.id,
      contractId: contract.id,
      category: 'paper_jam',
      description: 'Jams in tray 2',
      contactName: 'Chan Tai Man',
      contactPhone: '+852 2345 6789',
      status,
      responseHours: 8,
      slaDueAt: new Date(Date.now() + 3_600_000),
    });
    await db().insert(serviceRequests).values([request('acknowledged', `SR-T-${uniq()}`), request('closed', `SR-T-${uniq()}`)]);
    return { ...m, contract, colour, mono, removed, order, shipment, office, warehouse };
  }

  const list = async (token: string, filter: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => {
    const res = await callEndpoint(server, M.listMachines, { page: 1, pageSize: 20, filter, ...extra }, { token });
    expect(res.status).toBe(200);
    if (res.body.status !== 'success') throw new Error('expected success');
    return res.body.data;
  };
  const serials = (items: MachineListItem[]) => items.map((i) => i.serialNo);

  it('lists the customer’s machines, in service first, with contract, reading state, last toner order and open requests', async () => {
    const c = await customer();
    const data = await list(c.token);
    expect(data.total).toBe(3);
    expect(serials(data.items).at(-1)).toBe(c.removed.serialNo);
    const colour = data.items.find((i) => i.id === c.colour.id)!;
    expect(colour).toMatchObject({
      isColour: true,
      category: 'mfp',
      status: 'active',
      siteEn: c.office.addressEn,
      contract: { id: c.contract.id, contractNo: c.contract.contractNo, endDate: c.contract.endDate },
      lastReading: { readingDate: addDays(today, -30), monoCounter: 43_000, colourCounter: 8600 },
      lastTonerOrder: { id: c.order.id, orderNo: c.order.orderNo },
      openServiceRequests: 1,
    });
    expect(['ok', 'due', 'overdue']).toContain(colour.dueFlag);
    // No reading at all since its installation 400 days ago: overdue.
    expect(data.items.find((i) => i.id === c.mono.id)).toMatchObject({ isColour: false, lastReading: null, dueFlag: 'overdue', contract: null, lastTonerOrder: null, openServiceRequests: 0 });
    // A removed machine has no reading due.
    expect(data.items.find((i) => i.id === c.removed.id)).toMatchObject({ status: 'removed', dueFlag: null, readingDueOn: null });
  });

  it('filters by site and status, and searches serial, location and site (either language)', async () => {
    const c = await customer();
    const sites = await callEndpoint(server, M.listSites, {}, { token: c.token });
    if (sites.body.status !== 'success') throw new Error('expected success');
    expect(sites.body.data.items.map((s) => [s.addressEn, s.machineCount])).toEqual([
      [c.office.addressEn, 2],
      [c.warehouse.addressEn, 1],
    ]);
    const [office, warehouse] = sites.body.data.items;
    expect(serials((await list(c.token, { site: office!.key })).items).sort()).toEqual([c.colour.serialNo, c.mono.serialNo].sort());
    expect(serials((await list(c.token, { site: warehouse!.key })).items)).toEqual([c.removed.serialNo]);
    expect(serials((await list(c.token, { status: ['removed'] })).items)).toEqual([c.removed.serialNo]);
    expect((await list(c.token, { status: ['active'] })).total).toBe(2);
    expect((await list(c.token, { site: warehouse!.key, status: ['active'] })).total).toBe(0);
    expect(serials((await list(c.token, { q: c.mono.serialNo.toLowerCase() })).items)).toEqual([c.mono.serialNo]);
    expect(serials((await list(c.token, { q: 'accounts' })).items)).toEqual([c.mono.serialNo]);
    expect(serials((await list(c.token, { q: '上落貨' })).items)).toEqual([c.removed.serialNo]);
    expect(serials((await list(c.token, { q: 'Kwai Fung' })).items)).toEqual([c.removed.serialNo]);
    // LIKE wildcards are text, not patterns.
    expect((await list(c.token, { q: '%' })).total).toBe(0);
  });

  it('sorts by location and pages', async () => {
    const c = await customer();
    const byLocation = await list(c.token, {}, { sort: { field: 'location', direction: 'asc' } });
    // In service first, then by location: "12/F Reception" before "Accounts department".
    expect(serials(byLocation.items)).toEqual([c.colour.serialNo, c.mono.serialNo, c.removed.serialNo]);
    const page2 = await callEndpoint(server, M.listMachines, { page: 2, pageSize: 2, sort: { field: 'location', direction: 'asc' } }, { token: c.token });
    if (page2.body.status !== 'success') throw new Error('expected success');
    expect(page2.body.data).toMatchObject({ total: 3, items: [{ id: c.removed.id }] });
  });

  it('the machine page gathers readings, usage, orders with deliveries, contract and service history', async () => {
    const c = await customer();
    const res = await callEndpoint(server, M.getMachine, { id: c.colour.id }, { token: c.token });
    expect(res.status).toBe(200);
    if (res.body.status !== 'success') throw new Error('expected success');
    const m: MachineDetail = res.body.data;
    expect(m.contract).toMatchObject({ id: c.contract.id, contractType: 'rental', status: 'active' });
    expect(m.readings![0]).toMatchObject({ readingDate: addDays(today, -30), monoCounter: 43_000, monoPages: 3000, colourPages: 600 });
    expect(m.readings).toHaveLength(12);
    expect(m.readings!.at(-1)!.monoPages).toBeNull();
    expect(m.usage).toHaveLength(12);
    expect(m.usage!.reduce((s, u) => s + (u.mono ?? 0), 0)).toBe(33_000);
    // The pages up to a reading count in the month of the day before it: no reading closes this month yet (null, shown "–").
    expect(m.usage!.at(-1)).toEqual({ month: today.slice(0, 7), mono: null, colour: null });
    expect(m.usualMonthly!.mono).toBeGreaterThan(2900);
    expect(m.orders).toEqual([
      expect.objectContaining({ id: c.order.id, orderNo: c.order.orderNo, itemCount: 1, totalCents: 124_000, shipments: [{ id: c.shipment.id, shipmentNo: c.shipment.shipmentNo, status: 'dispatched' }] }),
    ]);
    expect(m.serviceRequests!.map((r) => r.status).sort()).toEqual(['acknowledged', 'closed']);
    expect(m.serviceRequests![0]).toMatchObject({ category: 'paper_jam' });
  });

  it('leaves out the sections whose codes the user lacks', async () => {
    const c = await customer(['machine_read']);
    const res = await callEndpoint(server, M.getMachine, { id: c.colour.id }, { token: c.token });
    if (res.body.status !== 'success') throw new Error('expected success');
    expect(res.body.data).toMatchObject({ readings: null, usage: null, orders: null, serviceRequests: null, usualMonthly: null, openServiceRequests: null });
    expect(res.body.data.contract?.id).toBe(c.contract.id);
    expect((await list(c.token)).items.every((i) => i.openServiceRequests === null)).toBe(true);
  });

  it('another customer’s machine is not found, and never listed', async () => {
    const a = await customer();
    const b = await customer();
    const res = await callEndpoint(server, M.getMachine, { id: b.colour.id }, { token: a.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'error', error: { code: 'NOT_FOUND' } });
    expect(serials((await list(a.token, { q: b.colour.serialNo })).items)).toEqual([]);
    // Another customer's site key finds nothing either.
    const sitesB = await callEndpoint(server, M.listSites, {}, { token: b.token });
    if (sitesB.body.status !== 'success') throw new Error('expected success');
    expect((await list(a.token, { site: sitesB.body.data.items[0]!.key })).total).toBe(0);
  });

  it('refuses a user without machine_read (403) and an id that is not a uuid (400)', async () => {
    const c = await customer(['meter_history_read', 'mgt_order_read']);
    expect((await callEndpoint(server, M.listMachines, { page: 1, pageSize: 20 }, { token: c.token })).status).toBe(403);
    expect((await callEndpoint(server, M.getMachine, { id: c.colour.id }, { token: c.token })).status).toBe(403);
    expect((await callEndpoint(server, M.listSites, {}, { token: c.token })).status).toBe(403);
    const ok = await memberWithToken(db(), ['machine_read']);
    expect((await callEndpoint(server, M.getMachine, { id: 'not-a-uuid' }, { token: ok.token })).status).toBe(400);
  });
});
