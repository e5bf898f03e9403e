/**
 * Two instances behind nginx on one PostgreSQL (DESIGN.md "Scale-out": nothing per instance that another would
 * need). nginx (Debian's nginx-light) runs as a non-daemon child with a generated configuration in a temp folder,
 * round-robin over two production servers started with TRUST_PROXY=1 and the same secrets. Checked: a token signed
 * in on one instance works on the other; the account lock-out and the per-address sign-in limit count attempts on
 * both; a client's own X-Forwarded-For cannot get around the per-address limit; HSTS only for https.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createDatabase, describePostgres, dropDatabase, isCi } from './helpers/postgres';
import {
  DEMO_PASSWORD,
  SECRETS,
  freePort,
  killAllChildren,
  post,
  request,
  signIn,
  sleep,
  startChild,
  startPortal,
  tempDir,
  type PortalServer,
} from './helpers/servers';

const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
/** docs/auth.md: sign-in attempts per client address per 15 minutes. */
const PER_ADDRESS_LIMIT = 20;

jest.setTimeout(240_000);

function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const isRoot = process.getuid?.() === 0;
  return `
${isRoot ? 'user root;' : ''}
daemon off;
master_process on;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  log_format upstream '$remote_addr "$request" $status upstream=$upstream_addr';
  access_log ${dir}/access.log upstream;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream portal {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
    }
  }
}
`;
}

const hasNginx = existsSync(NGINX);
if (!hasNginx && !isCi) console.warn(`[faults] SKIPPED "two instances behind nginx": no nginx at ${NGINX} (apt-get install -y nginx-light)`);
const describeNginx = hasNginx || isCi ? describePostgres : (name: string, fn: () => void) => describe.skip(name, fn);

describeNginx('two instances behind nginx on one PostgreSQL', () => {
  let database: { name: string; url: string } | undefined;
  let a: PortalServer;
  let b: PortalServer;
  let proxyUrl: string;
  let dir: string;
  /** Sign-in attempts from 127.0.0.1 (nginx's address for the client) that the per-address counter kept. */
  let addressHits = 0;

  beforeAll(async () => {
    if (!existsSync(NGINX)) throw new Error(`no nginx at ${NGINX}: the nginx fault test is required in CI (apt-get install -y nginx-light)`);
    database = await createDatabase('nginx');
    dir = tempDir('nginx');
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const env = { DATABASE_URL: database.url, TRUST_PROXY: '1', NEXTAUTH_URL: proxyUrl, LOG_LEVEL: 'info', ...SECRETS };
    // The first seeds the demo data; the second starts on the seeded database (both migrate: idempotent).
    a = await startPortal({ name: 'instance A', env: { ...env, SEED_DEMO: '1' } });
    b = await startPortal({ name: 'instance B', env });
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(dir, proxyPort, [a.port, b.port]));
    const nginx = startChild('nginx', NGINX, ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', conf], process.env);
    for (let i = 0; i < 50; i++) {
      const ok = await request(proxyUrl, '/healthz', { timeoutMs: 2_000 }).then((r) => r.status === 200, () => false);
      if (ok) return;
      if (nginx.child.exitCode !== null) break;
      await sleep(200);
    }
    throw new Error(`nginx did not start:\n${nginx.output()}\n${existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`);
  });
  afterAll(async () => {
    killAllChildren();
    await dropDatabase(database?.name);
  });

  /** Upstreams that served the requests logged since `from` (a line count of nginx's access log). */
  const accessLog = () => readFileSync(path.join(dir, 'access.log'), 'utf8').trim().split('\n');
  const upstreamsSince = (from: number) => new Set(accessLog().slice(from).map((l) => /upstream=(\S+)/.exec(l)?.[1]));
  const both = () => new Set([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);

  const attempt = (loginId: string, password: string, headers: Record<string, string> = {}) =>
    post(proxyUrl, '/api/login/authenticate', { loginId, password }, { headers });

  it('a token signed in on one instance works on the other, and through nginx', async () => {
    const token = await signIn(a.baseUrl, 'customer@demo.hk');
    for (const target of [b.baseUrl, a.baseUrl, proxyUrl, proxyUrl]) {
      const res = await post(target, '/api/inbox/getEmailUnreadCount', {}, { token });
      expect({ target, status: res.status }).toEqual({ target, status: 200 });
    }
    // Signed out on B (every token of the user revoked): refused on A as well.
    expect((await post(b.baseUrl, '/api/login/logout', {}, { token })).status).toBe(200);
    expect((await post(a.baseUrl, '/api/inbox/getEmailUnreadCount', {}, { token })).status).toBe(401);
  });

  it('locks an account after 5 failures counted on both instances', async () => {
    const from = accessLog().length;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt('staff@demo.hk', `wrong-${i}`)).status);
    addressHits += 5;
    expect(statuses).toEqual([401, 401, 401, 401, 423]);
    // Even the right password, on either instance, is refused while locked.
    const right = [await attempt('staff@demo.hk', DEMO_PASSWORD), await attempt('staff@demo.hk', DEMO_PASSWORD)];
    addressHits += 2;
    expect(right.map((r) => [r.status, r.body?.error?.code])).toEqual([
      [423, 'ACCOUNT_LOCKED'],
      [423, 'ACCOUNT_LOCKED'],
    ]);
    expect(upstreamsSince(from)).toEqual(both());
  });

  it(`holds the per-address sign-in limit (${PER_ADDRESS_LIMIT} per 15 min) across both instances`, async () => {
    const from = accessLog().length;
    const statuses: number[] = [];
    // Unknown login ids, one each, so only the per-address counter can stop them. Bounded.
    for (let i = 0; i < 2 * PER_ADDRESS_LIMIT && !statuses.includes(429); i++) {
      statuses.push((await attempt(`nobody-${i}-${Date.now()}@example.com`, 'wrong')).status);
    }
    const refusedAt = addressHits + statuses.indexOf(429) + 1;
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    // The first attempt over the limit is refused, although each instance alone has seen about half of them.
    expect(refusedAt).toBe(PER_ADDRESS_LIMIT + 1);
    expect(upstreamsSince(from)).toEqual(both());
    const after = await attempt('customer@demo.hk', DEMO_PASSWORD);
    expect([after.status, after.body?.error?.code]).toEqual([429, 'TOO_MANY_REQUESTS']);
    expect(after.headers['retry-after']).toMatch(/^\d+$/);
  });

  // Depends on lib/server/http.ts clientIp taking the right-most X-Forwarded-For entry (the one nginx appended),
  // the change on branch sec-api: until both are merged, this one fails.
  it('a client-sent X-Forwarded-For does not get around the per-address limit', async () => {
    for (const spoofed of ['1.2.3.4', '1.2.3.4, 5.6.7.8', '203.0.113.9']) {
      const res = await attempt(`nobody-spoof-${Date.now()}@example.com`, 'wrong', { 'X-Forwarded-For': spoofed });
      expect({ spoofed, status: res.status }).toEqual({ spoofed, status: 429 });
    }
  });

  it('sends HSTS only for https: not through this plain-http nginx, even when the client claims https', async () => {
    for (const pathname of ['/login', '/healthz']) {
      const plain = await request(proxyUrl, pathname);
      const claimed = await request(proxyUrl, pathname, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect([plain.status, plain.headers['strict-transport-security']]).toEqual([200, undefined]);
      expect([claimed.status, claimed.headers['strict-transport-security']]).toEqual([200, undefined]);
    }
    // What a TLS-terminating proxy in front of an instance would send: pages and API answers then carry it.
    for (const pathname of ['/login', '/healthz']) {
      const viaTls = await request(a.baseUrl, pathname, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect([viaTls.status, viaTls.headers['strict-transport-security']]).toEqual([200, 'max-age=31536000; includeSubDomains']);
    }
  });
});
