/**
 * API throughput and latency (DESIGN.md budgets), printed, never asserted: `npm run bench:api`.
 *
 * On a fresh PostgreSQL database (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres) with the
 * demo seed, it drives `POST /api/inbox/getEmailUnreadCount` — authenticated (token verified, token version, customer
 * link and function codes read from the database), permission-checked, validated, enveloped, logged — with
 * `wrk -t1 -c50`, and compares it with a bare node:http server running the same unread-count query with no checks
 * (as a named prepared statement, like the portal's, so the comparison is the checks and the framework only).
 * Then it grows the inbox tables 100× (other users' deliveries) and runs both again: the indexed queries should stay
 * flat. Budgets: ≥ 60 % of the bare server's req/s, p99 ≤ 30 ms at 50 connections.
 * (The other comparison of DESIGN.md, a plain Next API route, needs an extra route in the app: not built into the
 * product; see docs/performance.md for the figures measured when the design was made.)
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiRoutes } from '@/lib/server/api/routes';
import { createRequestListener } from '@/lib/server/app';
import { startIdentityCache } from '@/lib/server/auth/identityCache';
import { signApiToken } from '@/lib/server/auth/token';
import { loadConfig } from '@/lib/server/config';
import { requireWrk } from './portal';
import { migrateDatabase, openDatabase } from '@/lib/server/db/open';
import { seedDemo } from '@/lib/server/db/seed';
import { createLogger } from '@/lib/server/log';

const DURATION = process.env.BENCH_SECONDS ?? '10';
const CONNECTIONS = process.env.BENCH_CONNECTIONS ?? '50';
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

type Result = { rps: number; p50: number; p99: number; errors: number };

/** Async: the servers under test run in this process, so blocking here would starve them. */
async function wrk(url: string, token: string | null): Promise<Result> {
  const script = path.join(os.tmpdir(), `bench-${process.pid}.lua`);
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      'wrk.body = "{}"',
      'wrk.headers["Content-Type"] = "application/json"',
      token ? `wrk.headers["Authorization"] = "Bearer ${token}"` : '',
      'done = function(summary, latency, requests)',
      '  io.write(string.format("RESULT %f %f %f %d\\n", summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.timeout))',
      'end',
    ].join('\n'),
  );
  const { stdout: out } = await promisify(execFile)('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${DURATION}s`, '-s', script, url], { encoding: 'utf8' });
  if (process.env.BENCH_DEBUG) console.error(out);
  const m = /RESULT ([\d.]+) ([\d.]+) ([\d.]+) (\d+)/.exec(out);
  if (!m) throw new Error(`wrk output not understood:\n${out}`);
  return { rps: Number(m[1]), p50: Number(m[2]), p99: Number(m[3]), errors: Number(m[4]) };
}

const listen = (server: Server) =>
  new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => {
    const a = server.address();
    resolve(`http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`);
  }));

async function main() {
  requireWrk();
  const dbName = `portal_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = withDb(base, dbName);
  const secret = randomBytes(32).toString('base64url');
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: url,
    NEXTAUTH_SECRET: secret,
    API_TOKEN_SECRET: secret,
    CONTENT_API_KEY: secret,
    LOG_LEVEL: 'silent',
  });
  const handle = await openDatabase({ url, poolMax: 10 });
  const bare = new pg.Pool({ connectionString: url, max: 10 });
  bare.on('error', () => undefined);
  try {
    await migrateDatabase(handle);
    await seedDemo(handle.db);
    const { rows } = await bare.query<{ user_ac_uuid: string; ucp_id: string; token_version: number }>(
      `select u.user_ac_uuid, uc.ucp_id, u.token_version from user_accounts u join user_customers uc using (user_ac_uuid)
       where u.login_id = 'customer@demo.hk' limit 1`,
    );
    const user = rows[0]!;
    const token = await signApiToken({ sub: user.user_ac_uuid, ucp: user.ucp_id, ver: user.token_version }, secret, 3600);

    const portal = createServer(createRequestListener({ config, log: createLogger('silent'), dbHandle: handle, routes: apiRoutes }));
    const portalUrl = `${await listen(portal)}${process.env.BENCH_PATH ?? '/api/inbox/getEmailUnreadCount'}`;
    const unreadSql = `select count(*)::int as n from inbox_deliveries d join inbox_messages m on m.id = d.message_id
      where d.user_ac_uuid = $1 and d.ucp_id = $2 and d.send_time <= now() and m.status = 'sent' and d.is_read = false`;
    const bareServer = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        void bare.query<{ n: number }>({ name: 'bare_unread', text: unreadSql, values: [user.user_ac_uuid, user.ucp_id] }).then((r) => {
          const body = JSON.stringify({ status: 'success', data: r.rows[0]?.n ?? 0 });
          res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
          res.end(body);
        });
      });
    });
    const bareUrl = await listen(bareServer);

    const check = await fetch(portalUrl, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    if (check.status !== 200) throw new Error(`portal endpoint answered ${check.status}: ${await check.text()}`);

    // Side by side in one run: the portal reading the caller's identity from the database on every call (before),
    // with the per-process identity cache kept live by LISTEN/NOTIFY (after), and the bare server.
    const runs: Record<string, Result> = {};
    const round = async (label: string) => {
      await wrk(portalUrl, token); // warm-up (JIT, pool)
      runs[`uncached ${label}`] = await wrk(portalUrl, token);
      const cache = await startIdentityCache(handle);
      await wrk(portalUrl, token);
      runs[`portal ${label}`] = await wrk(portalUrl, token);
      await cache.close();
      runs[`bare ${label}`] = await wrk(bareUrl, null);
    };
    await round('seed');

    // 100× the deliveries, for other users: the user's own queries must stay index-bound.
    const { rows: sizeRows } = await bare.query<{ n: number }>('select count(*)::int as n from inbox_deliveries');
    const current = sizeRows[0]!.n;
    const { rows: msgRows } = await bare.query<{ n: number }>(`select count(*)::int as n from inbox_messages where status = 'sent'`);
    // One delivery per (message, user, customer): 100× the rows means that many more users.
    const extraUsers = Math.ceil((current * 99) / Math.max(1, msgRows[0]!.n));
    await bare.query(
      `insert into user_accounts (login_id, email, name, status) select 'bench' || g || '@example.test', 'bench' || g || '@example.test', 'Bench ' || g, 'active'
       from generate_series(1, ${extraUsers}) g`,
    );
    await bare.query(
      `insert into user_customers (user_ac_uuid, ucp_id) select u.user_ac_uuid, $1 from user_accounts u where u.login_id like 'bench%@example.test'`,
      [user.ucp_id],
    );
    await bare.query(
      `insert into inbox_deliveries (message_id, user_ac_uuid, ucp_id, is_read, read_at, send_time)
       select m.id, u.user_ac_uuid, $1, r.is_read, case when r.is_read then m.send_time end, m.send_time
       from user_accounts u cross join inbox_messages m cross join lateral (select random() < 0.5 as is_read) r
       where u.login_id like 'bench%@example.test' and m.status = 'sent'`,
      [user.ucp_id],
    );
    await bare.query('analyze');
    const { rows: grown } = await bare.query<{ n: number }>('select count(*)::int as n from inbox_deliveries');
    await round(`×${Math.round(grown[0]!.n / current)}`);

    console.log(`\nPOST unread count, wrk -t1 -c${CONNECTIONS} -d${DURATION}s, PostgreSQL, ${os.cpus().length} cores`);
    console.log(`deliveries: ${current} → ${grown[0]!.n}\n`);
    console.log('run                      req/s     p50 ms   p99 ms   errors');
    for (const [label, r] of Object.entries(runs)) {
      console.log(`${label.padEnd(22)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(2).padStart(9)} ${r.p99.toFixed(2).padStart(8)} ${String(r.errors).padStart(8)}`);
    }
    for (const label of Object.keys(runs).filter((k) => k.startsWith('portal ')).map((k) => k.slice(7))) {
      const p = runs[`portal ${label}`]!;
      const b = runs[`bare ${label}`]!;
      const u = runs[`uncached ${label}`]!;
      console.log(`${label}: without the identity cache ${((100 * u.rps) / b.rps).toFixed(0)} % of bare, p99 ${u.p99.toFixed(1)} ms`);
      const share = (100 * p.rps) / b.rps;
      console.log(
        `${label}: portal = ${share.toFixed(0)} % of bare (budget ≥ 60 %)${share < 60 ? '  BELOW' : ''}; p99 ${p.p99.toFixed(1)} ms (budget ≤ 30)${p.p99 > 30 ? '  OVER' : ''}`,
      );
    }
    portal.close();
    bareServer.close();
  } catch (err) {
    console.error('benchmark failed:', err);
    process.exitCode = 1;
  } finally {
    await handle.close();
    await bare.end();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
