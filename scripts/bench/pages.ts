/**
 * `npm run bench:pages` (builds first when the build is not current): the prerendered HTML of a page against the
 * same page rendered on every request, `wrk -t1 -c20`, on the production server (fresh PGlite).
 *
 * Method: "rendered per request" is the SAME page, through the same server, CSP nonce injection and headers, asked
 * with Next's draft-mode cookie (`__prerender_bypass` = the build's `previewModeId` from
 * .next/prerender-manifest.json). In draft mode Next skips the prerendered file and runs the page's getStaticProps
 * (loading its translations) and React's server render on every request — exactly what a getServerSideProps version
 * of the page would do — so no twin page has to be built into the product. The script checks that each answer is
 * what it claims (the static one carries `x-nextjs-cache`/`s-maxage`-style caching, the drafted one `no-store`).
 *
 * `BENCH_PAGES_PATH` (default /login), `BENCH_SECONDS` (default 10). Target (issue 15): static ≥ 10× the
 * rendered req/s, static p99 ≤ 30 ms at 20 connections. Printed, never asserted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { machineLoad, requireWrk, startPortal, wrk, type WrkResult } from './portal';

const PAGE = process.env.BENCH_PAGES_PATH ?? '/login';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

async function main() {
  requireWrk();
  const portal = await startPortal();
  try {
    const manifest = JSON.parse(readFileSync(path.join(process.cwd(), '.next', 'prerender-manifest.json'), 'utf8')) as { preview: { previewModeId: string } };
    const draft = { cookie: `__prerender_bypass=${manifest.preview.previewModeId}` };
    const target = `${portal.baseUrl}${PAGE}`;
    const describe = async (headers: Record<string, string>) => {
      const res = await fetch(target, { headers });
      const html = await res.text();
      return `${res.status}, cache-control "${res.headers.get('cache-control')}", x-nextjs-cache ${res.headers.get('x-nextjs-cache') ?? '—'}, ${(html.length / 1000).toFixed(1)} kB`;
    };
    console.log(`${PAGE} static:   ${await describe({})}`);
    console.log(`${PAGE} rendered: ${await describe(draft)}`);
    // Warm both paths (JIT, translation files, chunks) before measuring, the rendered one first: when wrk stops, the
    // server still renders the requests it had in flight (up to one per connection, ≈ 0.5 s of CPU at 20), and
    // measured right after, the static run's first requests waited for them; wrk's latency correction turned that
    // one stall into the static p99 (docs/performance.md, "Static pages' tail latency"). The static warm-up takes it.
    await wrk(target, { seconds: 3, connections: CONNECTIONS, headers: draft });
    await wrk(target, { seconds: 3, connections: CONNECTIONS });
    const stat: WrkResult = await wrk(target, { seconds: SECONDS, connections: CONNECTIONS });
    const load1 = machineLoad();
    const rendered: WrkResult = await wrk(target, { seconds: SECONDS, connections: CONNECTIONS, headers: draft });
    const load2 = machineLoad();
    console.log(`\nwrk -t1 -c${CONNECTIONS} -d${SECONDS}s ${PAGE}, ${new Date().toISOString()}\n`);
    console.log('| variant | req/s | p50 ms | p99 ms | errors | time-outs | non-2xx | machine |');
    console.log('|---|---|---|---|---|---|---|---|');
    console.log(`| static HTML | ${stat.rps.toFixed(0)} | ${stat.p50.toFixed(1)} | ${stat.p99.toFixed(1)} | ${stat.errors} | ${stat.timeouts} | ${stat.non2xx} | ${load1} |`);
    console.log(`| rendered per request (draft mode) | ${rendered.rps.toFixed(0)} | ${rendered.p50.toFixed(1)} | ${rendered.p99.toFixed(1)} | ${rendered.errors} | ${rendered.timeouts} | ${rendered.non2xx} | ${load2} |`);
    console.log(`\nstatic / rendered: ${(stat.rps / rendered.rps).toFixed(1)}× (target ≥ 10×); static p99 ${stat.p99.toFixed(1)} ms (target ≤ 30 ms)`);
  } finally {
    await portal.stop();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
