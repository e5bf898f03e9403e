/**
 * SIGTERM under load: a container stop or a rolling deploy must let every in-flight request finish. The real
 * production server (the compiled bundle) on the embedded database, N requests in flight (their bodies half sent,
 * so they are surely inside the server when the signal arrives), then SIGTERM: to the `npm start` process, to the
 * server process under it, and to `node .next-server/server.cjs` run directly as a container would.
 * Every request must finish with 200, new connections must be refused, the "shutting down" line must be logged,
 * and the process must exit 0.
 */
import { utimesSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  ROOT,
  SERVER_BUNDLE,
  childPids,
  commandLine,
  killAllChildren,
  killGroup,
  signIn,
  sleep,
  startPortal,
  tempDir,
  within,
  type PortalServer,
} from './helpers/servers';

const IN_FLIGHT = 16;
/** Sent with each request, the first half before the signal and the rest this long after it. */
const AFTER_SIGNAL_MS = 1_000;
const READS = ['/api/inbox/getEmailUnreadCount', '/api/orders/getOrderSummary', '/api/checkToken/checkTokenExpiration', '/api/login/getPreferenceInfo'];

type Pending = { path: string; finish(): void; answer: Promise<{ status: number; body: string } | { error: string }> };

/** Opens a POST whose JSON body is only half written: the server is inside the request, reading its body. */
function halfSent(baseUrl: string, pathname: string, token: string): Pending {
  const payload = Buffer.from(JSON.stringify({}).padEnd(64, ' '));
  let req!: http.ClientRequest;
  const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    req = http.request(
      `${baseUrl}${pathname}`,
      {
        method: 'POST',
        agent: false,
        timeout: 20_000,
        headers: { 'Content-Type': 'application/json', 'Content-Length': payload.length, Authorization: `Bearer ${token}` },
      },
      (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', (err) => resolve({ error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', (err) => resolve({ error: err.message }));
    req.write(payload.subarray(0, 32));
  });
  return { path: pathname, finish: () => req.end(payload.subarray(32)), answer };
}

async function connectionRefused(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(3_000) });
    return false;
  } catch (err) {
    return /ECONNREFUSED/.test(String((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message));
  }
}

// Servers start, stop and restart here: far beyond the 60 s default of one test.
jest.setTimeout(240_000);

describe('SIGTERM under load', () => {
  let pgliteDir: string;
  beforeAll(() => {
    pgliteDir = path.join(tempDir('sigterm'), 'pglite');
  });
  afterAll(killAllChildren);
  /** The server of the running test: killed after it even when the test failed, so the next can open the folder. */
  let current: PortalServer | undefined;
  afterEach(async () => {
    if (current) {
      killGroup(current.child);
      await within(current.exited, 10_000, undefined);
    }
    current = undefined;
  });

  async function underLoad(server: PortalServer, signal: () => void) {
    const token = await signIn(server.baseUrl, 'customer@demo.hk');
    const pending = Array.from({ length: IN_FLIGHT }, (_, i) => halfSent(server.baseUrl, READS[i % READS.length]!, token));
    // Loopback: the headers and half bodies are in the server well within this.
    await sleep(500);
    signal();
    await sleep(AFTER_SIGNAL_MS / 2);
    const refused = await connectionRefused(server.baseUrl);
    await sleep(AFTER_SIGNAL_MS / 2);
    for (const p of pending) p.finish();
    const answers = await Promise.all(pending.map((p) => p.answer));
    const exit = await within(server.exited, 20_000, 'still running after 20 s');
    const finished = answers.filter((a) => 'status' in a && a.status === 200).length;
    console.log(`[faults] ${server.name}: ${finished} of ${IN_FLIGHT} in-flight requests finished with 200 after SIGTERM; exit ${JSON.stringify(exit)}`);
    expect(answers.map((a, i) => ('status' in a ? `${pending[i]!.path} ${a.status}` : `${pending[i]!.path} ${a.error}`))).toEqual(
      pending.map((p) => `${p.path} 200`),
    );
    for (const a of answers) expect(JSON.parse((a as { body: string }).body).status).toBe('success');
    expect(refused).toBe(true);
    expect(server.output()).toMatch(/"reason":"SIGTERM".*shutting down: finishing in-flight requests/);
    expect(server.output()).toMatch(/"msg":"stopped"/);
    expect(exit).toEqual({ code: 0, signal: null });
  }

  it('npm start: SIGTERM to the npm process reaches the server (one node process, no wrapper)', async () => {
    // A stale server bundle: npm start compiles it first (esbuild runs a helper process), then serves alone.
    utimesSync(path.join(ROOT, SERVER_BUNDLE), new Date(0), new Date(0));
    const server = (current = await startPortal({ name: 'npm start', how: 'npm-start', env: { PGLITE_DIR: pgliteDir } }));
    expect(server.output()).toContain(`server bundle ${SERVER_BUNDLE} built`);
    // npm → exactly one node process (scripts/start.mjs, which imported the compiled server), with no child of its own.
    const serverPid = server.serverPid();
    expect(commandLine(serverPid)).toMatch(/^node .*scripts\/start\.mjs$|^\S*node scripts\/start\.mjs$/);
    expect(childPids(serverPid)).toEqual([]);
    await underLoad(server, () => server.child.kill('SIGTERM'));
  });

  it('npm start: SIGTERM to the server process itself', async () => {
    const server = (current = await startPortal({ name: 'npm start (server pid)', how: 'npm-start', env: { PGLITE_DIR: pgliteDir } }));
    const serverPid = server.serverPid();
    await underLoad(server, () => process.kill(serverPid, 'SIGTERM'));
  });

  it('node .next-server/server.cjs (a container): SIGTERM to it', async () => {
    const server = (current = await startPortal({ name: 'node .next-server/server.cjs', how: 'bundle', env: { PGLITE_DIR: pgliteDir } }));
    expect(childPids(server.child.pid!)).toEqual([]);
    await underLoad(server, () => server.child.kill('SIGTERM'));
  });
});
