// @ts-check
/**
 * The production build: Next's (`.next/`) and the server bundle (`.next-server/server.cjs`, server.ts and the
 * lib/server code it imports compiled by esbuild; node_modules stay external). Plain JavaScript, so that `npm start`
 * runs on `node` alone: no tsx, no TypeScript, nothing that `npm install --omit=dev` drops (esbuild and next are
 * dependencies). Types for the TypeScript scripts that import it: ./build.d.mts.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';

/** Everything `next build` reads. The Next build is current when `.next/BUILD_ID` is newer than all of these. */
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
];

/** Everything the server bundle is compiled from (server.ts imports only lib/ of the project's own code). */
export const SERVER_INPUTS = ['server.ts', 'lib', 'package-lock.json', 'tsconfig.json', 'scripts/lib/build.mjs'];

/** The compiled server, relative to the project root: what `npm start` runs, and what a container runs directly. */
export const SERVER_BUNDLE = '.next-server/server.cjs';

/** Files a usable production build must have besides BUILD_ID (a build stopped half-way may lack them). */
const BUILD_OUTPUTS = ['build-manifest.json', 'prerender-manifest.json', 'routes-manifest.json'];

const SKIPPED_DIRS = new Set(['node_modules', '.next', '.next-server', '.git']);

/** @param {string} p @returns {{ mtimeMs: number; file: string }} newest modification time under `p` (0: missing) */
function newestMtime(p) {
  let st;
  try {
    st = statSync(p);
  } catch {
    return { mtimeMs: 0, file: p };
  }
  if (!st.isDirectory()) return { mtimeMs: st.mtimeMs, file: p };
  // A folder's own mtime changes when a file is deleted or renamed inside it, which also makes the build stale.
  let newest = { mtimeMs: st.mtimeMs, file: p };
  for (const entry of readdirSync(p, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    const found = newestMtime(path.join(p, entry.name));
    if (found.mtimeMs > newest.mtimeMs) newest = found;
  }
  return newest;
}

/**
 * @param {string} root
 * @param {string} output the built file whose mtime marks the build
 * @param {readonly string[]} inputs
 * @returns {string | undefined} why `output` is older than one of `inputs`, or undefined when it is not
 */
function changedSince(root, output, inputs) {
  const builtAt = statSync(path.join(root, output)).mtimeMs;
  for (const input of inputs) {
    const newest = newestMtime(path.join(root, input));
    if (newest.mtimeMs > builtAt) return `${path.relative(root, newest.file)} changed after the last build`;
  }
  return undefined;
}

/** @param {string} [root] @returns {import('./build.d.mts').BuildState} whether `.next/` is current */
export function buildState(root = process.cwd()) {
  const distDir = path.join(root, '.next');
  if (!existsSync(path.join(distDir, 'BUILD_ID'))) return { isCurrent: false, reason: 'no production build (.next/BUILD_ID is missing)' };
  const missing = BUILD_OUTPUTS.filter((f) => !existsSync(path.join(distDir, f)));
  if (missing.length) return { isCurrent: false, reason: `the build is incomplete (.next/${missing.join(', .next/')} missing)` };
  const reason = changedSince(root, '.next/BUILD_ID', BUILD_INPUTS);
  return reason ? { isCurrent: false, reason } : { isCurrent: true };
}

/** @param {string} [root] @returns {import('./build.d.mts').BuildState} whether the server bundle is current */
export function serverBundleState(root = process.cwd()) {
  if (!existsSync(path.join(root, SERVER_BUNDLE))) return { isCurrent: false, reason: `no server bundle (${SERVER_BUNDLE} is missing)` };
  const reason = changedSince(root, SERVER_BUNDLE, SERVER_INPUTS);
  return reason ? { isCurrent: false, reason } : { isCurrent: true };
}

/** @param {number | null} code @param {NodeJS.Signals | null} signal exit status as a shell reports it */
function exitStatus(code, signal) {
  if (code !== null) return code;
  return 128 + (signal ? (constants.signals[signal] ?? 1) : 1);
}

/**
 * Runs a command with inherited stdio, passing SIGTERM/SIGINT/SIGHUP on to it while it runs (a container stopped
 * during a build stops the build), and resolves with its exit status.
 * @param {string} command @param {string[]} args @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<number>}
 */
function runForwardingSignals(command, args, options = {}) {
  const child = spawn(command, args, { stdio: 'inherit', ...options });
  /** @param {NodeJS.Signals} signal */
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const signals = /** @type {const} */ (['SIGTERM', 'SIGINT', 'SIGHUP']);
  for (const s of signals) process.on(s, forward);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      for (const s of signals) process.off(s, forward);
      resolve(exitStatus(code, signal));
    });
  });
}

/** @param {string} root @param {string} label @returns {Promise<number>} `next build`'s exit status */
export async function buildNext(root, label) {
  const started = Date.now();
  console.log(`[${label}] running next build (a few minutes on two cores)`);
  const status = await runForwardingSignals(path.join(root, 'node_modules', '.bin', 'next'), ['build'], {
    cwd: root,
    // next build wants NODE_ENV=production (jest or a shell may have set 'test'); there is no internet for telemetry.
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? '1' },
  });
  if (status === 0) console.log(`[${label}] next build finished in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  else console.error(`[${label}] next build failed (exit ${status})`);
  return status;
}

/**
 * Compiles server.ts and the project code it imports into one CommonJS file. Packages stay external (loaded from
 * node_modules exactly as under tsx, so next-auth's bundled route and the server share one copy of pg, PGlite and
 * drizzle). The bundle sets NODE_ENV=production before anything is loaded when nothing set it: it is the
 * production server (development runs `tsx server.ts --dev`).
 * @param {string} root @param {string} label @returns {Promise<number>} 0 when built
 */
export async function buildServer(root, label) {
  const started = Date.now();
  const esbuild = await import('esbuild');
  const outfile = path.join(root, SERVER_BUNDLE);
  mkdirSync(path.dirname(outfile), { recursive: true });
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: ['server.ts'],
      outfile,
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      packages: 'external',
      tsconfig: 'tsconfig.json',
      sourcemap: true,
      legalComments: 'none',
      logLevel: 'warning',
      // 'use strict' first: esbuild's own directive comes after the banner, where it no longer counts.
      banner: { js: "'use strict';\nif (!process.env.NODE_ENV) process.env.NODE_ENV = 'production';" },
    });
  } catch (err) {
    console.error(`[${label}] the server bundle failed to build:`, err instanceof Error ? err.message : err);
    return 1;
  } finally {
    // esbuild's API keeps its service binary running as a child process: stop it, so that `npm start`, which goes
    // on to serve in this process, leaves no child behind.
    await esbuild.stop();
  }
  console.log(`[${label}] server bundle ${SERVER_BUNDLE} built in ${Date.now() - started} ms`);
  return 0;
}

/**
 * Builds whatever is not current: `next build` when `.next/` is stale, the server bundle when it is. Returns 0
 * when both are current afterwards, else the failing step's status. `force` rebuilds both (`npm run build`).
 * @param {string} [root] @param {string} [label] @param {{ force?: boolean }} [opts] @returns {Promise<number>}
 */
export async function ensureBuild(root = process.cwd(), label = 'build', opts = {}) {
  const next = opts.force ? { isCurrent: false, reason: 'npm run build' } : buildState(root);
  if (next.isCurrent) console.log(`[${label}] Next production build is current: not rebuilding`);
  else {
    if (!opts.force) console.log(`[${label}] ${next.reason}`);
    const status = await buildNext(root, label);
    if (status !== 0) return status;
  }
  const server = opts.force ? { isCurrent: false, reason: 'npm run build' } : serverBundleState(root);
  if (server.isCurrent) {
    console.log(`[${label}] server bundle is current: not rebuilding`);
    return 0;
  }
  if (!opts.force) console.log(`[${label}] ${server.reason}`);
  return buildServer(root, label);
}
