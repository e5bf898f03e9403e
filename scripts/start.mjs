// @ts-check
/**
 * `npm start`: builds what is not current (scripts/lib/build.mjs: `next build` and/or the server bundle), then runs
 * the compiled server (.next-server/server.cjs) IN THIS PROCESS. There is no wrapper left around the server: the
 * node process npm starts (package.json: `exec node <V8 flags> scripts/start.mjs`) is the server, so SIGTERM from a container
 * stop or a rolling deploy reaches its graceful shutdown directly. A container can skip this file and run
 * `node .next-server/server.cjs` after `npm run build` (README, "Running in a container").
 * Needs only node and runtime dependencies (next, esbuild), so it works after `npm install --omit=dev`.
 *
 * V8 flags (`--max-semi-space-size=8 --max-old-space-size=512`) are on the node command line in package.json, not
 * here: V8 sizes its heap when the process starts, and setting them from this file would need a second process.
 * The benchmarks read them from package.json; a container passes them in its CMD (README, docs/performance.md
 * "Pages and memory").
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuild, SERVER_BUNDLE } from './lib/build.mjs';

const root = process.cwd();
const status = await ensureBuild(root, 'start');
if (status !== 0) process.exit(status);

process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';
// The bundle starts the server when loaded; from here on its own SIGTERM/SIGINT handlers own the process.
await import(pathToFileURL(path.join(root, SERVER_BUNDLE)).href);
