/**
 * Transactions on a PostgreSQL pool whose connections die (lib/server/db/pgTransaction.ts; drizzle-orm #6023): a BEGIN
 * or ROLLBACK that fails no longer leaks or recycles the pooled client, and the error that failed the transaction is
 * the one reported. One client in the pool, so a leak shows at once as a connect time-out.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { installSafeTransactions } from '@/lib/server/db/pgTransaction';
import { createTestDb, type TestDb } from '../helpers/testDb';

const describePostgres = process.env.DATABASE_URL ? describe : describe.skip;

describePostgres('transactions on a PostgreSQL pool whose connections die', () => {
  let testDb: TestDb;
  let pool: pg.Pool;
  let db: ReturnType<typeof drizzle>;
  /** The next client the pool hands out is closed at once: its BEGIN fails, as after a backend ended. */
  let closeNextAcquired = false;

  beforeAll(async () => {
    testDb = await createTestDb('postgres');
    pool = new pg.Pool({ connectionString: testDb.url, max: 1, connectionTimeoutMillis: 1_000 });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    pool.on('acquire', (client) => {
      if (!closeNextAcquired) return;
      closeNextAcquired = false;
      void client.end();
    });
    db = drizzle(pool);
    installSafeTransactions(db, pool);
  });
  afterAll(async () => {
    await pool.end();
    await testDb.close();
  });

  const selectOne = () => db.transaction(async (tx) => (await tx.execute(sql`select 1 as n`)).rows[0]);

  it('releases the client when BEGIN fails, so the pool keeps serving (it was leaked: every later call timed out)', async () => {
    closeNextAcquired = true;
    await expect(db.transaction(async () => 'never reached')).rejects.toThrow(/begin/);
    await expect(selectOne()).resolves.toEqual({ n: 1 });
    await expect(selectOne()).resolves.toEqual({ n: 1 });
  });

  it('reports the error that failed the transaction, not the failed ROLLBACK, and drops the dead client', async () => {
    const failure = await db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
      })
      .then(
        () => null,
        (err: unknown) => err as Error & { cause?: Error },
      );
    expect(failure?.message).toMatch(/pg_terminate_backend/);
    expect(failure?.message).not.toMatch(/rollback/);
    await expect(selectOne()).resolves.toEqual({ n: 1 });
  });

  it('rolls back on an error of the work itself and keeps the healthy client', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table rolled_back (x int)`);
        throw new Error('refused by the service');
      }),
    ).rejects.toThrow('refused by the service');
    expect({ total: pool.totalCount, idle: pool.idleCount }).toEqual({ total: 1, idle: 1 });
    const { rows } = await db.execute(sql`select to_regclass('pg_temp.rolled_back')::text as t`);
    expect(rows[0]).toEqual({ t: null });
  });

  it('commits, and nests as savepoints as before', async () => {
    await db.execute(sql`create temporary table kept (x int)`);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into kept values (1)`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into kept values (2)`);
          throw new Error('inner refused');
        })
        .catch(() => undefined);
    });
    const { rows } = await db.execute(sql`select array_agg(x order by x)::text as xs from kept`);
    expect(rows[0]).toEqual({ xs: '{1}' });
  });
});
