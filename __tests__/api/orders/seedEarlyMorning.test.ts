/**
 * Demo data seeded before 09:00 in Hong Kong (a database created early in the morning, or CI just after midnight UTC)
 * is never dated ahead of the clock: the orders' and the inbox's reference moves to the previous morning
 * (`demoMorning`). The seed takes its clock when its modules load, so they are loaded afresh under a fake Date.
 */
import { demoMorning } from '@/lib/server/db/seedData/hkTime';
import { seedModulesAt, type SeedModules } from '../helpers/seedModulesAt';

/** Every instant the seeded orders, shipments and inbox messages carry. */
function seededInstants(m: SeedModules): { what: string; at: Date }[] {
  const data = m.orders.buildSeedOrders();
  return [
    ...data.orders.flatMap((o) => [{ what: `order ${o.orderNo} created`, at: o.createdAt as Date }]),
    ...data.history.map((h) => ({ what: `order history ${h.status}`, at: h.at as Date })),
    ...data.shipments.map((s) => ({ what: `shipment ${s.shipmentNo} created`, at: s.createdAt as Date })),
    ...data.events.map((e) => ({ what: `shipment event ${e.step}`, at: e.at as Date })),
    ...m.inbox.SEED_INBOX_MESSAGES.map((msg) => ({ what: `inbox ${msg.id}`, at: msg.sendTime })),
  ].filter((x) => x.at instanceof Date);
}

describe('demoMorning', () => {
  it('is 09:00 in Hong Kong on the day once it has passed, else the morning before', () => {
    expect(demoMorning('2027-03-11', Date.parse('2027-03-11T01:00:00Z')).toISOString()).toBe('2027-03-11T01:00:00.000Z');
    expect(demoMorning('2027-03-11', Date.parse('2027-03-11T06:30:00Z')).toISOString()).toBe('2027-03-11T01:00:00.000Z');
    expect(demoMorning('2027-03-11', Date.parse('2027-03-11T00:59:59Z')).toISOString()).toBe('2027-03-10T01:00:00.000Z');
    // 1 March before 09:00: the morning before is the last day of February.
    expect(demoMorning('2027-03-01', Date.parse('2027-02-28T23:30:00Z')).toISOString()).toBe('2027-02-28T01:00:00.000Z');
  });
});

describe('demo data seeded early in the morning', () => {
  // 07:30 in Hong Kong on 1 March 2027: before the orders' 09:00 reference, on a bill date.
  const NOW = '2027-02-28T23:30:00.000Z';

  it('dates no order, shipment, tracking event or inbox message after the moment of seeding', async () => {
    const m = await seedModulesAt(NOW);
    const instants = seededInstants(m);
    expect(instants.length).toBeGreaterThan(200);
    expect(instants.filter((x) => x.at.getTime() > Date.parse(NOW)).map((x) => `${x.what} at ${x.at.toISOString()}`)).toEqual([]);
    expect(m.orders.SEED_ORDERS_DATE.toISOString()).toBe('2027-02-28T01:00:00.000Z');
  });

  it('still has orders placed and parcels out for delivery within the last day', async () => {
    const m = await seedModulesAt(NOW);
    const data = m.orders.buildSeedOrders();
    const dayAgo = Date.parse(NOW) - 24 * 3_600_000;
    expect(data.events.some((e) => e.step === 'out_for_delivery' && (e.at as Date).getTime() > dayAgo)).toBe(true);
    expect(data.orders.some((o) => (o.createdAt as Date).getTime() > dayAgo)).toBe(true);
  });

  it('keeps the reference at 09:00 the same day once the morning has passed', async () => {
    const m = await seedModulesAt('2027-03-01T04:00:00.000Z');
    expect(m.orders.SEED_ORDERS_DATE.toISOString()).toBe('2027-03-01T01:00:00.000Z');
  });
});
