/**
 * `npm run bench:bundle` (after `next build`): the First Load JS of every page route, gzipped, from the build
 * manifests — `next build` no longer prints it.
 *
 * - shared: what every page loads — `rootMainFiles` (framework, main, runtime), the `/_app` chunks and the
 *   per-build manifests in `lowPriorityFiles` (_buildManifest.js, _ssgManifest.js).
 * - per route: the page's own chunks (those not already shared), and its total first load (shared + own).
 * Sizes are gzip level 9 of each file, each file counted once per route. `polyfillFiles` are printed apart and not
 * counted: they are `<script nomodule>`, which current browsers never download.
 * Dynamic `import()` chunks load later, on demand, so they are not first-load JS. Checked against Next 16.4 (Turbopack):
 * each prerendered page's HTML loads exactly the `/_app` chunks, the page's chunks and `lowPriorityFiles`.
 *
 * `--files` also lists every counted file with its gzip size, largest first (to see what to trim).
 *
 * `BENCH_DIST_DIR=<dir>` reads another build's output (for a before/after comparison against a build of another
 * checkout); default `.next`.
 *
 * Budgets (issue 15): shared ≤ 180 kB, every route ≤ 240 kB. Going over is marked in the table, never an exit
 * status: the exit status is non-zero only when the build is missing or broken.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const SHARED_BUDGET_KB = 180;
const ROUTE_BUDGET_KB = 240;

type BuildManifest = {
  polyfillFiles?: string[];
  rootMainFiles?: string[];
  lowPriorityFiles?: string[];
  pages: Record<string, string[]>;
};

class BrokenBuild extends Error {}

const distDir = path.resolve(process.env.BENCH_DIST_DIR ?? path.join(process.cwd(), '.next'));

function readJson<T>(file: string): T {
  const full = path.join(distDir, file);
  if (!existsSync(full)) throw new BrokenBuild(`.next/${file} is missing`);
  try {
    return JSON.parse(readFileSync(full, 'utf8')) as T;
  } catch (err) {
    throw new BrokenBuild(`.next/${file} is not valid JSON (${err instanceof Error ? err.message : String(err)})`);
  }
}

const gzipCache = new Map<string, number>();
/** gzip -9 size of a build file (path relative to .next), in bytes. */
function gzipSize(file: string): number {
  const cached = gzipCache.get(file);
  if (cached !== undefined) return cached;
  const full = path.join(distDir, file);
  if (!existsSync(full)) throw new BrokenBuild(`.next/${file} is listed in build-manifest.json but missing`);
  const size = gzipSync(readFileSync(full), { level: 9 }).length;
  gzipCache.set(file, size);
  return size;
}

const isJs = (f: string) => f.endsWith('.js');
const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gzipSize(f), 0);
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

function main(): number {
  if (!existsSync(path.join(distDir, 'BUILD_ID'))) {
    throw new BrokenBuild('no production build (.next/BUILD_ID is missing): run `npm run build` first');
  }
  const manifest = readJson<BuildManifest>('build-manifest.json');
  if (!manifest.pages || typeof manifest.pages !== 'object') throw new BrokenBuild('build-manifest.json has no "pages"');
  const appFiles = manifest.pages['/_app'];
  if (!appFiles) throw new BrokenBuild('build-manifest.json lists no /_app chunks');
  // Routes come from the server's list of pages, so a page missing from the client manifest is caught as broken.
  const serverPages = readJson<Record<string, string>>('server/pages-manifest.json');
  const locales = readJson<{ i18n?: { locales?: string[] } }>('routes-manifest.json').i18n?.locales ?? [];

  const shared = new Set([...(manifest.rootMainFiles ?? []), ...appFiles, ...(manifest.lowPriorityFiles ?? [])].filter(isJs));
  const sharedBytes = sum(shared);
  const polyfills = (manifest.polyfillFiles ?? []).filter(isJs);

  // Prerendered HTML-only entries (`/en/404` → pages/en/404.html, one per locale) run the page of the same path
  // without the locale, or `/_error` when the app has no page of its own for it (what their HTML loads).
  const withoutLocale = (route: string) => {
    const [, first, ...rest] = route.split('/');
    return first && locales.includes(first) ? `/${rest.join('/')}` : route;
  };
  const routes = new Map<string, string>();
  for (const [route, file] of Object.entries(serverPages)) {
    if (route === '/_app' || route === '/_document' || route === '/api' || route.startsWith('/api/')) continue;
    if (!file.endsWith('.html')) {
      routes.set(route, route);
      continue;
    }
    const shown = withoutLocale(route);
    if (!routes.has(shown)) routes.set(shown, manifest.pages[shown] ? shown : '/_error');
  }

  const rows = [...routes.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([route, page]) => {
      const files = manifest.pages[page];
      if (!files) throw new BrokenBuild(`build-manifest.json has no chunks for ${page} (it is in server/pages-manifest.json)`);
      const own = new Set(files.filter((f) => isJs(f) && !shared.has(f)));
      const ownBytes = sum(own);
      return { route: page === route ? route : `${route} (${page})`, own: own.size, ownBytes, total: sharedBytes + ownBytes };
    });

  const over = (bytes: number, budget: number) => (bytes > budget * 1000 ? `  over budget (${budget} kB)` : '');
  const width = Math.max(5, ...rows.map((r) => r.route.length));
  const lines = [
    `First Load JS (gzip -9, kB = 1000 bytes), build ${readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim()}`,
    '',
    `shared by all routes: ${kB(sharedBytes)} kB in ${shared.size} files${over(sharedBytes, SHARED_BUDGET_KB)}`,
    ...(polyfills.length ? [`polyfills (nomodule, old browsers only, not counted): ${kB(sum(polyfills))} kB`] : []),
    '',
    `${'route'.padEnd(width)}  ${'own files'.padStart(9)}  ${'own kB'.padStart(8)}  ${'first load kB'.padStart(13)}`,
    ...rows.map(
      (r) =>
        `${r.route.padEnd(width)}  ${String(r.own).padStart(9)}  ${kB(r.ownBytes).padStart(8)}  ${kB(r.total).padStart(13)}${over(r.total, ROUTE_BUDGET_KB)}`,
    ),
    '',
    `budgets (issue 15): shared ≤ ${SHARED_BUDGET_KB} kB, every route ≤ ${ROUTE_BUDGET_KB} kB; ` +
      `${rows.filter((r) => r.total > ROUTE_BUDGET_KB * 1000).length + (sharedBytes > SHARED_BUDGET_KB * 1000 ? 1 : 0)} over`,
  ];
  if (process.argv.includes('--files')) {
    const list = (title: string, files: Iterable<string>) => [
      '',
      `${title}:`,
      ...[...files].sort((a, b) => gzipSize(b) - gzipSize(a)).map((f) => `  ${kB(gzipSize(f)).padStart(7)} kB  ${f}`),
    ];
    lines.push(...list('shared files', shared));
    for (const [route, page] of routes) {
      const own = (manifest.pages[page] ?? []).filter((f) => isJs(f) && !shared.has(f));
      if (page === route && own.length) lines.push(...list(`${route} own files`, own));
    }
  } else {
    lines.push('(`npm run bench:bundle -- --files` lists every file with its size)');
  }
  console.log(lines.join('\n'));
  return 0;
}

try {
  process.exitCode = main();
} catch (err) {
  if (err instanceof BrokenBuild) {
    console.error(`bench:bundle: broken or missing build: ${err.message}`);
    process.exitCode = 1;
  } else {
    throw err;
  }
}
