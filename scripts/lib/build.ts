import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { bin, run } from './process';

/**
 * Everything `next build` reads. A build is current when `.next/BUILD_ID` is newer than all of these; `npm start`
 * and the e2e harness build only when it is not, so a fresh clone just works and an unchanged tree starts at once.
 */
export const BUILD_INPUTS = [
  'pages',
  'components',
  'layouts',
  'lib',
  'store',
  'public',
  'styles',
  'next.config.js',
  'next-i18next.config.js',
  'package-lock.json',
  'tsconfig.json',
] as const;

/** Files a usable production build must have besides BUILD_ID (a build stopped half-way may lack them). */
const BUILD_OUTPUTS = ['build-manifest.json', 'prerender-manifest.json', 'routes-manifest.json'];

const SKIPPED_DIRS = new Set(['node_modules', '.next', '.git']);

export type BuildState = { isCurrent: true } | { isCurrent: false; reason: string };

/** Newest modification time under `p` (a file or a folder, walked recursively); 0 when it does not exist. */
function newestMtime(p: string): { mtimeMs: number; file: string } {
  let newest = { mtimeMs: 0, file: p };
  let st;
  try {
    st = statSync(p);
  } catch {
    return newest;
  }
  if (!st.isDirectory()) return { mtimeMs: st.mtimeMs, file: p };
  // A folder's own mtime changes when a file is deleted or renamed inside it, which also makes the build stale.
  newest = { mtimeMs: st.mtimeMs, file: p };
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    const found = newestMtime(path.join(p, entry.name));
    if (found.mtimeMs > newest.mtimeMs) newest = found;
  }
  return newest;
}

export function buildState(root = process.cwd()): BuildState {
  const distDir = path.join(root, '.next');
  const buildIdFile = path.join(distDir, 'BUILD_ID');
  if (!existsSync(buildIdFile)) return { isCurrent: false, reason: 'no production build (.next/BUILD_ID is missing)' };
  const missing = BUILD_OUTPUTS.filter((f) => !existsSync(path.join(distDir, f)));
  if (missing.length) return { isCurrent: false, reason: `the build is incomplete (.next/${missing.join(', .next/')} missing)` };
  const builtAt = statSync(buildIdFile).mtimeMs;
  for (const input of BUILD_INPUTS) {
    const newest = newestMtime(path.join(root, input));
    if (newest.mtimeMs > builtAt) {
      return { isCurrent: false, reason: `${path.relative(root, newest.file)} changed after the last build` };
    }
  }
  return { isCurrent: true };
}

/**
 * Runs `next build` when the build is not current. Returns `next build`'s exit status (0 when nothing had to be done).
 * Uses only runtime dependencies (next, typescript), so it works after `npm install --omit=dev`.
 */
export async function ensureBuild(root = process.cwd(), label = 'build'): Promise<number> {
  const state = buildState(root);
  if (state.isCurrent) {
    console.log(`[${label}] production build is current: not rebuilding`);
    return 0;
  }
  console.log(`[${label}] ${state.reason}: running next build (a few minutes on two cores)`);
  const started = Date.now();
  const status = await run(bin('next', root), ['build'], {
    cwd: root,
    // next build wants NODE_ENV=production (jest or a shell may have set 'test'); there is no internet for telemetry.
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1' },
  });
  if (status === 0) console.log(`[${label}] next build finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  else console.error(`[${label}] next build failed (exit ${status})`);
  return status;
}
