import { sql } from 'drizzle-orm';
import { customers } from '@/lib/server/db/schema';
import { createMember } from './helpers/fixtures';
import { describeEachDb } from './helpers/testDb';
import { queryRows } from '@/lib/server/db/rows';

describeEachDb('test harness', (getHandle, kind) => {
  it('gives a migrated database of the requested kind', async () => {
    const handle = getHandle();
    expect(handle.kind).toBe(kind);
    const [migrations] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(migrations!.n).toBeGreaterThan(0);
  });

  it('fixtures insert linked rows', async () => {
    const { customer } = await createMember(getHandle().db, ['home']);
    const rows = await getHandle().db.select().from(customers);
    expect(rows.map((r) => r.ucpId)).toContain(customer.ucpId);
  });
});
