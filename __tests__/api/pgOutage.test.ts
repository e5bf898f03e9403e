import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineHandler } from '@/lib/server/api/defineHandler';
import { apiRoutes } from '@/lib/server/api/routes';
import { openDatabase } from '@/lib/server/db/open';
import type { DbHandle } from '@/lib/server/db/types';
import { createMember, tokenFor } from './helpers/fixtures';
import { startTcpProxy, type TcpProxy } from './helpers/tcpProxy';
import { createTestDb, type TestDb } from './helpers/testDb';
import { startTestServer, type TestResponse, type TestServer } from './helpers/testServer';
import { withDatabase } from './templateEnv';
import { systemParamContract } from '@/lib/systemParam/contract';

const PATH = systemParamContract.endpoints.getUploadFileSize.path;

/**
 * PostgreSQL going away and coming back under a running server: the pool's connections are cut by a TCP proxy, so
 * no other test (or helper) sharing the PostgreSQL server is disturbed.
 */
(process.env.DATABASE_URL ? describe : describe.skip)('PostgreSQL outage', () => {
  let direct: TestDb;
  let proxy: TcpProxy;
  let viaProxy: DbHandle;
  let server: TestServer;
  let token: string;
  const poolErrors: Error[] = [];

  beforeAll(async () => {
    direct = await createTestDb('postgres');
    const target = new URL(process.env.DATABASE_URL!);
    proxy = await startTcpProxy({ host: target.hostname || '127.0.0.1', port: Number(target.port || 5432) });
    const proxied = new URL(withDatabase(process.env.DATABASE_URL!, direct.database!));
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    viaProxy = await openDatabase({ url: proxied.toString(), poolMax: 4, onPoolError: (err) => poolErrors.push(err) });
    server = await startTestServer(viaProxy, {
      routes: {
        ...apiRoutes,
        // A query still running when the connection is cut (not an idle client).
        '/api/test/slow': defineHandler({
          summary: 'sleeps in the database',
          permission: 'public',
          body: z.strictObject({}),
          handler: async ({ db }) => {
            await db.execute(sql`select pg_sleep(2)`);
            return { slept: true };
          },
        }),
      },
    });
    const { user, customer } = await createMember(direct.db, []);
    token = await tokenFor(user, customer.ucpId);
  });
  afterAll(async () => {
    await server?.close();
    await viaProxy?.close();
    await proxy?.close();
    await direct?.close();
  });

  const call = async (): Promise<{ res: TestResponse; ms: number }> => {
    const started = Date.now();
    const res = await server.post(PATH, {}, { token });
    return { res, ms: Date.now() - started };
  };

  const expectUnavailable = ({ res, ms }: { res: TestResponse; ms: number }) => {
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.traceId).toBe(res.headers['x-trace-id']);
    expect(ms).toBeLessThan(5_000);
  };

  it('answers through the proxy', async () => {
    const { res } = await call();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ paramValue: 1 });
    // Several calls at once fill the pool with idle clients that the outage will kill.
    const answers = await Promise.all([call(), call(), call()]);
    expect(answers.map((a) => a.res.status)).toEqual([200, 200, 200]);
  });

  it('answers 503 fast while the database is down, without crashing on the idle clients’ errors', async () => {
    await proxy.stop();
    // Idle pooled clients see their connection cut: the pool emits 'error', which must reach our listener.
    await new Promise((r) => setTimeout(r, 100));
    expect(poolErrors.length).toBeGreaterThan(0);
    for (let i = 0; i < 3; i += 1) expectUnavailable(await call());
    const ready = await server.request('/readyz', { method: 'GET' });
    expect(ready.status).toBe(503);
  });

  it('answers 503 when the connection is cut during a query', async () => {
    await proxy.start();
    const started = Date.now();
    const pending = server.post('/api/test/slow', {});
    await new Promise((r) => setTimeout(r, 300));
    await proxy.stop();
    const res = await pending;
    expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it('answers 503 within the connection time-out when the database accepts but never answers', async () => {
    await proxy.blackhole();
    expectUnavailable(await call());
  });

  it('works again once the database is back, on the same handle', async () => {
    await proxy.start();
    const { res } = await call();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ paramValue: 1 });
    const answers = await Promise.all([call(), call(), call(), call(), call()]);
    expect(answers.map((a) => a.res.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await server.request('/readyz', { method: 'GET' })).status).toBe(200);
  });
});
