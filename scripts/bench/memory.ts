/**
 * `npm run bench:memory` (builds first when the build is not current): the resident memory (VmRSS) of the ONE server
 * process `npm start` runs (node scripts/start.mjs with the compiled server loaded in it — no wrapper processes) on a
 * fresh seeded PGlite:
 *   1. after start-up;
 *   2. after an API benchmark (authenticated `inbox/getEmailUnreadCount`, wrk -c50) and a page benchmark (static
 *      `/login` and `/` HTML, wrk -c20);
 *   3. over a steady mixed load (API + pages, wrk -c10 in rounds) for `--minutes N` (default 1; `--minutes 10` for the
 *      issue's 10-minute check), sampled every 15 s, with the growth from the first to the last third.
 * Budgets (issue 15): ≤ 400 MB on PGlite after the benchmarks, flat under steady load. Printed, never asserted.
 */
import { apiToken, machineLoad, requireWrk, rssMb, startNodeFlags, startPortal, wrk } from './portal';

const arg = process.argv.indexOf('--minutes');
const MINUTES = arg > 0 ? Number(process.argv[arg + 1]) : Number(process.env.BENCH_MINUTES ?? 1);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUND_SECONDS = 15;
/** `--postgres [url]` (or BENCH_DATABASE_URL): on a fresh PostgreSQL database instead of PGlite (budget ≤ 300 MB). */
const pgArg = process.argv.indexOf('--postgres');
const DATABASE_URL =
  pgArg > 0
    ? (process.argv[pgArg + 1]?.startsWith('postgres') ? process.argv[pgArg + 1] : process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
    : process.env.BENCH_DATABASE_URL;

async function main() {
  requireWrk();
  const portal = await startPortal({ databaseUrl: DATABASE_URL });
  console.log(`database: ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; node ${startNodeFlags().join(' ') || '(V8 defaults)'}`);
  const mb = () => rssMb(portal.pid).toFixed(0);
  /** The server's own breakdown (SIGUSR2, server.ts): V8 heap, external memory, PGlite's WebAssembly heap. */
  const breakdown = async (label: string) => {
    if (process.argv.includes('--no-breakdown')) return; // a server built before it answered SIGUSR2 would stop
    const before = portal.log().length;
    process.kill(portal.pid, 'SIGUSR2');
    for (let i = 0; i < 50; i++) {
      const line = /\{"msg":"memory \(MB\)","memory":(\{[^}]*\})\}/.exec(portal.log().slice(Math.max(0, before - 10)));
      if (line) {
        const m = JSON.parse(line[1]!) as Record<string, number | null>;
        console.log(`  ${label}: ${Object.entries(m).map(([k, v]) => `${k} ${v}`).join(', ')}`);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    const token = await apiToken(portal.baseUrl);
    const api = `${portal.baseUrl}/api/inbox/getEmailUnreadCount`;
    const apiOpts = { method: 'POST', body: '{}', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: portal.baseUrl } };
    const check = await fetch(api, { method: 'POST', headers: apiOpts.headers, body: '{}' });
    if (check.status !== 200) throw new Error(`${api} answered ${check.status}: ${await check.text()}`);
    console.log(`server pid ${portal.pid}; RSS after start-up: ${mb()} MB (${machineLoad()})`);
    await breakdown('after start-up');

    const a = await wrk(api, { ...apiOpts, seconds: SECONDS, connections: 50 });
    console.log(`API benchmark: ${a.rps.toFixed(0)} req/s, p99 ${a.p99.toFixed(1)} ms, ${a.errors} errors, ${a.timeouts} time-outs (> 2 s), ${a.non2xx} non-2xx; RSS ${mb()} MB`);
    for (const page of ['/login', '/']) {
      const p = await wrk(`${portal.baseUrl}${page}`, { seconds: SECONDS, connections: 20 });
      console.log(`page benchmark ${page}: ${p.rps.toFixed(0)} req/s, p99 ${p.p99.toFixed(1)} ms; RSS ${mb()} MB`);
    }
    const afterBench = rssMb(portal.pid);
    await breakdown('after the benchmarks');
    console.log(`RSS after the API and page benchmarks: ${afterBench.toFixed(0)} MB (budget ${DATABASE_URL ? 'on PostgreSQL ≤ 300' : 'on PGlite ≤ 400'} MB) — ${machineLoad()}`);

    console.log(`\nsteady load for ${MINUTES} min (rounds of ${ROUND_SECONDS} s: API, /login, / at 10 connections each in turn):`);
    const samples: number[] = [];
    const start = Date.now();
    let round = 0;
    while (Date.now() - start < MINUTES * 60_000) {
      const target = [api, `${portal.baseUrl}/login`, `${portal.baseUrl}/`][round % 3] ?? api;
      const r = await wrk(target, { ...(target === api ? apiOpts : {}), seconds: ROUND_SECONDS, connections: 10 });
      round++;
      samples.push(rssMb(portal.pid));
      console.log(`  ${((Date.now() - start) / 1000).toFixed(0).padStart(4)} s  RSS ${mb()} MB  (${new URL(target).pathname}: ${r.rps.toFixed(0)} req/s, p99 ${r.p99.toFixed(1)} ms; ${machineLoad()})`);
    }
    const third = Math.max(1, Math.floor(samples.length / 3));
    const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    const first = avg(samples.slice(0, third));
    const last = avg(samples.slice(-third));
    await breakdown('after the steady load');
    console.log(`\nRSS min ${Math.min(...samples).toFixed(0)} / max ${Math.max(...samples).toFixed(0)} MB; first third ${first.toFixed(0)} MB → last third ${last.toFixed(0)} MB (${(last - first >= 0 ? '+' : '') + (last - first).toFixed(0)} MB over ${MINUTES} min)`);
  } finally {
    await portal.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
