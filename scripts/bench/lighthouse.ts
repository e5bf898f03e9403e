/**
 * `npm run bench:lighthouse` (builds first when the build is not current): Lighthouse mobile (its default config:
 * a Moto G Power-class phone, 4× CPU slowdown, slow 4G) on the production server with a fresh seeded PGlite, signed in
 * through the real sign-in form as the demo customer. Prints the median of `BENCH_RUNS` (default 3) runs per page:
 * performance score, Total Blocking Time, Largest Contentful Paint, Cumulative Layout Shift, accessibility score.
 *
 * Browser: Debian's chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) with the flags of the browser tests
 * (__tests__/e2e/helpers/browser.ts), driven by playwright-core for the sign-in and by Lighthouse over the same
 * browser's DevTools port. `/login` is measured before signing in; the others after, with Lighthouse's storage reset
 * off so the session cookie stays. `BENCH_PAGES=/,/inbox` measures only those pages.
 * `BENCH_SAVE=<dir>` keeps each run's full report (JSON: `layout-shifts`, `long-tasks`, `bootup-time`, ...).
 * Targets (issue 15): performance ≥ 90, TBT ≤ 200 ms, CLS ≤ 0.1 — printed, never asserted.
 */
import { existsSync } from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { DEMO_CUSTOMER, machineLoad, startPortal } from './portal';
import { freePort } from '../lib/process';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** `BENCH_SAVE=<dir>`: keep each run's full Lighthouse report (JSON) there, for its audits' details. */
const SAVE_DIR = process.env.BENCH_SAVE;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const ALL_PAGES = ['/login', '/', '/my-orders/manage', '/my-account/manage-my-bills', '/inbox', '/my-account/meter-history'];
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const LIGHTHOUSE_CLI = path.join(process.cwd(), 'node_modules', 'lighthouse', 'cli', 'index.js');

type LighthouseResult = {
  finalDisplayedUrl: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
};

type Row = { page: string; perf: number; tbt: number; lcp: number; cls: number; a11y: number };

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (i: number) => s[i] ?? Number.NaN;
  return s.length % 2 ? at((s.length - 1) / 2) : (at(s.length / 2 - 1) + at(s.length / 2)) / 2;
};

async function main() {
  if (!existsSync(CHROMIUM)) {
    console.error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium fonts-noto-cjk (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  const wanted = process.env.BENCH_PAGES?.split(',').map((p) => p.trim()).filter(Boolean);
  const portal = await startPortal();
  const debugPort = await freePort();
  const profile = mkdtempSync(path.join(os.tmpdir(), 'portal-lh-'));
  // A persistent context is the browser's default context: the tabs Lighthouse opens share its cookies.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${debugPort}`],
  });
  const rows: Row[] = [];
  try {
    // Pages that exist in this build (meter history arrives with its feature branch).
    const pages: string[] = [];
    for (const p of wanted ?? ALL_PAGES) {
      const status = await fetch(`${portal.baseUrl}${p}`, { redirect: 'manual' }).then((r) => r.status);
      if (status === 404) console.log(`${p}: not in this build (404), skipped`);
      else pages.push(p);
    }
    const measure = async (page: string) => {
      const runs: Row[] = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse's CLI in a plain node process: under tsx, the functions Lighthouse sends into the page carry
        // esbuild's `__name` helper and fail there.
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [LIGHTHOUSE_CLI, `${portal.baseUrl}${page}`, `--port=${debugPort}`, '--output=json', '--quiet', '--only-categories=performance,accessibility', '--disable-storage-reset'],
          { maxBuffer: 200_000_000 },
        );
        const lhr = JSON.parse(stdout) as LighthouseResult;
        if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
        if (SAVE_DIR) {
          mkdirSync(SAVE_DIR, { recursive: true });
          writeFileSync(path.join(SAVE_DIR, `${page.replace(/\//g, '_') || '_'}-${i + 1}.json`), stdout);
        }
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        if (page !== '/login' && /\/(login|weblogin)/.test(finalPath)) throw new Error(`${page} redirected to ${finalPath}: not signed in`);
        const r: Row = {
          page,
          perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
          a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        };
        runs.push(r);
        console.log(`  ${page} run ${i + 1}: perf ${r.perf}, TBT ${r.tbt.toFixed(0)} ms, LCP ${r.lcp.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, a11y ${r.a11y}  (${machineLoad()})`);
      }
      rows.push({
        page,
        perf: median(runs.map((r) => r.perf)),
        tbt: median(runs.map((r) => r.tbt)),
        lcp: median(runs.map((r) => r.lcp)),
        cls: median(runs.map((r) => r.cls)),
        a11y: median(runs.map((r) => r.a11y)),
      });
    };

    if (pages.includes('/login')) await measure('/login');

    // The real sign-in: the form, next-auth's credentials callback, the session cookie.
    const tab = await context.newPage();
    await tab.goto(`${portal.baseUrl}/login`);
    await tab.waitForFunction(() => {
      const el = document.querySelector('[data-testid="login-submit"]');
      return el !== null && Object.keys(el).some((k) => k.startsWith('__reactFiber') || k.startsWith('__reactProps'));
    });
    await tab.getByTestId('login-id').fill(DEMO_CUSTOMER.loginId);
    await tab.getByTestId('password').fill(DEMO_CUSTOMER.password);
    await tab.getByTestId('login-submit').click();
    await tab.waitForURL((u) => !/\/(login|weblogin)$/.test(u.pathname), { timeout: 60_000 });
    console.log(`signed in as ${DEMO_CUSTOMER.loginId}: landed on ${new URL(tab.url()).pathname}`);
    await tab.close();

    for (const page of pages) if (page !== '/login') await measure(page);
  } finally {
    await context.close().catch(() => undefined);
    rmSync(profile, { recursive: true, force: true });
    await portal.stop();
  }

  console.log(`\nLighthouse ${RUNS}× per page, mobile (default config), median — ${machineLoad()}, ${new Date().toISOString()}\n`);
  console.log('| page | performance | TBT ms | LCP ms | CLS | accessibility |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| \`${r.page}\` | ${r.perf} | ${r.tbt.toFixed(0)} | ${r.lcp.toFixed(0)} | ${r.cls.toFixed(3)} | ${r.a11y} |`);
  console.log('\ntargets (issue 15): performance ≥ 90, TBT ≤ 200 ms, CLS ≤ 0.1');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
