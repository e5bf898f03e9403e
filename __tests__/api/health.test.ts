import { sql } from 'drizzle-orm';
import { createTestDb, dbKinds, describeEachDb, type TestDb } from './helpers/testDb';
import { startTestServer, type TestServer } from './helpers/testServer';
import { queryRows } from '@/lib/server/db/rows';

const get = (server: TestServer, path: string) => server.request(path, { method: 'GET' });

describeEachDb('health endpoints', (getHandle, kind) => {
  let server: TestServer;
  let shuttingDown = false;

  beforeAll(async () => {
    server = await startTestServer(getHandle(), { routes: {}, isShuttingDown: () => shuttingDown });
  });
  afterAll(async () => {
    await server.close();
  });

  it('/healthz answers 200 with the security headers and no caching', async () => {
    const res = await get(server, '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('/readyz answers 200 on a reachable, migrated database', async () => {
    const res = await get(server, '/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready', database: kind });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 503 while shutting down, and 200 again if not', async () => {
    shuttingDown = true;
    try {
      const res = await get(server, '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'shutting-down' });
    } finally {
      shuttingDown = false;
    }
    expect((await get(server, '/readyz')).status).toBe(200);
  });

  it('/readyz answers 503 when a migration is not recorded as applied', async () => {
    const db = getHandle().db;
    const [saved] = await queryRows<{ id: number; hash: string; created_at: string }>(
      db,
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
    );
    const row = saved!;
    try {
      const res = await get(server, '/readyz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'migrations-pending', database: kind });
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    expect((await get(server, '/readyz')).status).toBe(200);
  });
});

describe.each(dbKinds())('/readyz on other databases [%s]', (kind) => {
  let handle: TestDb | undefined;
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    await handle?.close();
    server = undefined;
    handle = undefined;
  });

  it('answers 503 migrations-pending on a fresh, unmigrated database, while /healthz still answers 200', async () => {
    handle = await createTestDb(kind, { unmigrated: true });
    server = await startTestServer(handle, { routes: {} });
    const res = await get(server, '/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'migrations-pending', database: kind });
    expect((await get(server, '/healthz')).status).toBe(200);
  });

  it('answers 503 database-unreachable once the database is closed', async () => {
    handle = await createTestDb(kind);
    server = await startTestServer(handle, { routes: {} });
    expect((await get(server, '/readyz')).status).toBe(200);
    await handle.close();
    const res = await get(server, '/readyz');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'database-unreachable', database: kind });
    // The process is up: liveness does not depend on the database.
    expect((await get(server, '/healthz')).status).toBe(200);
  });
});
