import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { defineHandler } from '@/lib/server/api/defineHandler';
import { createRequestListener } from '@/lib/server/app';
import { gracefulShutdown } from '@/lib/server/lifecycle';
import { createLogger } from '@/lib/server/log';
import { createTestDb, type TestDb } from './helpers/testDb';
import { testConfig } from './helpers/testServer';

/** A slow endpoint: calls `onEnter` when the handler starts, answers after `ms` milliseconds. */
const slowRoutes = (ms: number, onEnter: () => void) => ({
  '/api/test/slow': defineHandler({
    summary: 'answers late',
    permission: 'public',
    body: z.strictObject({}),
    handler: () => {
      onEnter();
      return new Promise((resolve) => setTimeout(() => resolve({ done: true }), ms));
    },
  }),
});

function post(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method: 'POST', headers: { 'Content-Type': 'application/json', Connection: 'close' } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end('{}');
  });
}

describe('graceful shutdown (SIGTERM)', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb('pglite');
  });
  afterAll(async () => db.close());

  async function start(slowMs: number, graceMs: number) {
    const log = createLogger('silent');
    let closed = 0;
    let entered!: () => void;
    /** Resolves once the slow request is inside its handler: really in flight. */
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    const server = http.createServer(
      createRequestListener({ config: testConfig(), log, dbHandle: db, routes: slowRoutes(slowMs, () => entered()), isShuttingDown: () => lifecycle.isShuttingDown() }),
    );
    const lifecycle = gracefulShutdown(server, log, async () => {
      closed += 1;
    }, graceMs);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, lifecycle, inHandler, port: (server.address() as AddressInfo).port, closedCount: () => closed };
  }

  it('lets a request in flight finish, refuses new connections, then closes the pool once', async () => {
    const { lifecycle, inHandler, port, closedCount } = await start(400, 5_000);
    const inFlight = post(port, '/api/test/slow');
    await inHandler;
    const stopping = lifecycle.shutdown('SIGTERM');
    expect(lifecycle.isShuttingDown()).toBe(true);
    await expect(post(port, '/healthz')).rejects.toThrow(/ECONNREFUSED|ECONNRESET/);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data).toEqual({ done: true });
    await stopping;
    expect(closedCount()).toBe(1);
    await lifecycle.shutdown('SIGTERM again');
    expect(closedCount()).toBe(1);
  });

  it('cuts requests still running after the grace period', async () => {
    const { lifecycle, inHandler, port, closedCount } = await start(10_000, 200);
    const inFlight = post(port, '/api/test/slow').then(
      () => 'answered',
      () => 'cut',
    );
    // Only once the request is in its handler does 'cut' mean cut (not a refused connection).
    await inHandler;
    const started = Date.now();
    await lifecycle.shutdown('SIGTERM');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await inFlight).toBe('cut');
    expect(closedCount()).toBe(1);
  });

  it('answers /readyz 503 while shutting down', async () => {
    const log = createLogger('silent');
    const server = http.createServer(createRequestListener({ config: testConfig(), log, dbHandle: db, routes: {}, isShuttingDown: () => true }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
    expect(res.status).toBe(503);
    server.close();
  });
});
