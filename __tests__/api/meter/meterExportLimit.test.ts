import { sql } from 'drizzle-orm';
import { meterContract } from '@/lib/meter/contract';
import { createMember, tokenFor } from '../helpers/fixtures';
import { createMachine, createModel } from '../helpers/orderFixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';

const E = meterContract.endpoints;

/**
 * An export of more readings than the file holds (10,000) is refused with the count the filter found, on `filter`,
 * as the user export is: it was cut at 10,000 without a word, the oldest readings missing from a file that looked
 * whole. A file of its own: 10,001 readings.
 */
describeEachDb('meter readings export limit', (getHandle) => {
  const server = useTestServer(getHandle);

  it('refuses 10,001 readings with meter:errors.exportTooMany on the filter, and exports once the filter is narrowed', async () => {
    const db = getHandle().db;
    const m = await createMember(db, ['meter_history_read']);
    const machine = await createMachine(db, m.customer, await createModel(db, { isColour: false }), { installedOn: '1990-01-01' });
    await db.execute(
      sql`insert into meter_readings (machine_id, ucp_id, reading_date, mono_counter, colour_counter, source)
          select ${machine.id}, ${m.customer.ucpId}, date '1990-01-01' + g, g * 10, 0, 'automatic' from generate_series(0, 10000) g`,
    );
    const token = await tokenFor(m.user, m.customer.ucpId);
    const refused = await server.post(E.exportReadings.path, { lang: 'en' }, { token });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'VALIDATION', fields: { filter: ['meter:errors.exportTooMany|{"found":"10,001","max":"10,000"}'] } } });

    const narrowed = await server.post(E.exportReadings.path, { lang: 'en', filter: { dateFrom: '1990-01-02' } }, { token });
    expect(narrowed.status).toBe(200);
    expect(narrowed.text.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(10_001);
  }, 60_000);
});
