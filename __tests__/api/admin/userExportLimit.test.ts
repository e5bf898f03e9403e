import { sql } from 'drizzle-orm';
import { usersContract } from '@/lib/users/contract';
import { tokenForStaff } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { useTestServer } from '../helpers/testServer';

const U = usersContract.endpoints;

/**
 * An export of more than 50,000 users is refused with a translated message on `filter` naming how many the filter
 * found (the screen shows it). A file of its own: its 50,001 users would fill the other user tests' lists.
 */
describeEachDb('user export limit', (getHandle) => {
  const server = useTestServer(getHandle);
  let impexp: string;

  beforeAll(async () => {
    impexp = await tokenForStaff(getHandle().db, ['user_ac_main_impexp']);
    await getHandle().db.execute(
      sql`insert into user_accounts (login_id, email, name) select 'bulk-' || g, 'bulk-' || g || '@example.test', 'Bulk ' || g from generate_series(1, 50001) g`,
    );
  }, 120_000);

  it('refuses 50,001 users with users:export.tooMany on the filter, and exports once the filter is narrowed', async () => {
    const refused = await server.post(U.exportUsers.path, { format: 'csv', filter: { q: 'bulk-' } }, { token: impexp });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { code: 'VALIDATION', fields: { filter: ['users:export.tooMany|{"found":"50,001","max":"50,000"}'] } } });

    const narrowed = await server.post(U.exportUsers.path, { format: 'csv', filter: { q: 'bulk-5000' } }, { token: impexp });
    expect(narrowed.status).toBe(200);
    // bulk-5000, and bulk-50000 and bulk-50001.
    expect(narrowed.text.replace(/^\uFEFF/, '').trim().split('\n')).toHaveLength(4);
  }, 60_000);
});
