/**
 * `npm run test:e2e [jest args]`: the browser tests against the project's own production server.
 *
 * 1. Without Chromium (/usr/bin/chromium or $CHROMIUM_PATH) the suite is skipped with a loud warning (exit 0),
 *    unless E2E=required (CI), when that is a failure.
 * 2. Builds once if the production build is not current (the same check as `npm start`).
 * 3. Starts the server exactly as `npm start` runs it (`node scripts/start.mjs`: the compiled server in one process)
 *    on a free port with a fresh embedded database in a temp folder (DATABASE_URL removed, so the server migrates
 *    and seeds the demo data itself), and waits for /readyz.
 * 4. Runs `jest --selectProjects e2e --runInBand` with E2E_BASE_URL and E2E_SERVER_LOG (the server's output so far,
 *    at warn level, for specs that check what it logged), passing extra args through (file filters,
 *    `--json --outputFile=…` from scripts/test.ts).
 * 5. Stops the server with SIGTERM, waits for it, removes the temp folder, and exits with jest's status.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, appendFileSync, constants as fsConstants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild } from './lib/build.mjs';
import { bin, freePort, run, runMain, waitForExit } from './lib/process';

const READY_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 20_000;
/** Keep the tail of the server's output to show when it fails; a whole log would drown the reason. */
const OUTPUT_LIMIT = 200_000;

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const isRequired = process.env.E2E === 'required';

function isExecutable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function warnNoChromium(): void {
  const bar = '!'.repeat(78);
  console.error(
    [
      '',
      bar,
      '!!',
      `!!  BROWSER TESTS ${isRequired ? 'CANNOT RUN' : 'SKIPPED'}: no Chromium at ${chromiumPath}`,
      '!!',
      '!!  None of the Playwright specs in __tests__/e2e ran, so nothing a user sees in a browser was checked.',
      '!!  Install it (Debian):  apt-get install -y chromium fonts-noto-cjk',
      '!!  or point CHROMIUM_PATH at a Chromium binary.',
      isRequired ? '!!  E2E=required is set: this is a failure.' : '!!  Set E2E=required to make this a failure (CI does).',
      '!!',
      bar,
      '',
    ].join('\n'),
  );
}

type Server = { child: ChildProcess; output: () => string };

/** `logFile`: the server's whole output, for specs that check what it logged (E2E_SERVER_LOG). */
function startServer(port: number, pgliteDir: string, baseUrl: string, logFile: string): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PGLITE_DIR: pgliteDir,
    NEXTAUTH_URL: baseUrl,
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  // The browser tests always run on a fresh embedded database seeded with the demo data, even when CI sets
  // DATABASE_URL for the API tests; the secrets are generated next to that temp database.
  for (const key of ['DATABASE_URL', 'SEED_DEMO', 'NEXTAUTH_SECRET', 'API_TOKEN_SECRET', 'CONTENT_API_KEY']) delete env[key];

  // What `npm start` runs (package.json: `exec node scripts/start.mjs`), minus npm itself.
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    appendFileSync(logFile, chunk);
    output += chunk.toString('utf8');
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

async function waitUntilReady(server: Server, baseUrl: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`the server exited (status ${server.child.exitCode ?? server.child.signalCode}) before it was ready`);
    }
    try {
      const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return;
      last = `/readyz answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      last = `/readyz: ${err instanceof Error ? err.message : String(err)}`;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server was not ready after ${READY_TIMEOUT_MS / 1000} s (${last})`);
}

async function stopServer(server: Server): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = waitForExit(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    console.error(`[e2e] the server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM: killing it`);
    child.kill('SIGKILL');
  }, STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function printServerOutput(server: Server): void {
  const text = server.output().trim();
  console.error(`\n----- server output (${text ? 'tail' : 'empty'}) -----\n${text}\n----- end of server output -----\n`);
}

async function main(): Promise<number> {
  if (!isExecutable(chromiumPath)) {
    warnNoChromium();
    return isRequired ? 1 : 0;
  }

  const built = await ensureBuild(process.cwd(), 'e2e');
  if (built !== 0) return built;

  const tempDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverLog = path.join(tempDir, 'server.log');
  const server = startServer(port, path.join(tempDir, 'pglite'), baseUrl, serverLog);

  // Stopping this script (Ctrl-C, a CI time-out) must not leave the server running.
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    server.child.kill('SIGTERM');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const started = Date.now();
    console.log(`[e2e] starting the server on ${baseUrl} (fresh embedded database in ${tempDir})`);
    try {
      await waitUntilReady(server, baseUrl);
    } catch (err) {
      console.error(`[e2e] ${err instanceof Error ? err.message : String(err)}`);
      printServerOutput(server);
      return 1;
    }
    console.log(`[e2e] server ready in ${((Date.now() - started) / 1000).toFixed(1)} s; running the browser specs`);

    const status = await run(bin('jest'), ['--selectProjects', 'e2e', '--runInBand', ...process.argv.slice(2)], {
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_SERVER_LOG: serverLog, CHROMIUM_PATH: chromiumPath },
    });
    if (interrupted) return 130;
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      console.error('[e2e] the server stopped during the tests');
      printServerOutput(server);
      return status || 1;
    }
    if (status !== 0) printServerOutput(server);
    return status;
  } finally {
    await stopServer(server);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    rmSync(tempDir, { recursive: true, force: true });
  }
}

runMain('e2e', main);
