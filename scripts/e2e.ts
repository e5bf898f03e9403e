/**
 * `npm run test:e2e [jest args]`: the browser tests against the project's own production server.
 *
 * 1. Without Chromium (/usr/bin/chromium or $CHROMIUM_PATH) the suite is skipped with a loud warning (exit 0),
 *    unless E2E=required (CI), when that is a failure.
 * 2. Builds once if the production build is not current (the same check as `npm start`).
 * 3. Starts one server per jest worker (two on a machine with two cores or more, one when the run names specs or
 *    E2E_WORKERS=1), each exactly as `npm start` runs it (`node scripts/start.mjs`: the compiled server in one
 *    process) on a free port with its own fresh embedded database in a temp folder (DATABASE_URL removed, so each
 *    server migrates and seeds the demo data itself), and waits for every /readyz.
 * 4. Runs `jest --selectProjects e2e --testTimeout=180000` (`--runInBand` for one worker, else `--maxWorkers=N`) with E2E_BASE_URLS and
 *    E2E_SERVER_LOGS (one entry per worker, in worker order: the spec's helpers pick theirs by JEST_WORKER_ID; the log
 *    is the server's output so far, at warn level, for specs that check what it logged), passing extra args through
 *    (file filters, `--json --outputFile=…` from scripts/test.ts). A spec file runs whole on one worker, so it sees
 *    one server and one database from start to end.
 * 5. Stops the servers with SIGTERM, waits for them, removes the temp folder, and exits with jest's status.
 *
 * Why two: a browser spec waits far more than it computes (the run used about a quarter of two cores with one
 * worker), so a second worker with its own server and database nearly halves the step on two cores.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, appendFileSync, constants as fsConstants, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild } from './lib/build.mjs';
import { workerCount } from './lib/e2eWorkers';
import { bin, freePort, run, runMain, waitForExit } from './lib/process';

const READY_TIMEOUT_MS = 300_000;
const STOP_TIMEOUT_MS = 20_000;
const E2E_TEST_TIMEOUT_MS = 180_000;
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

/** `logFile`: the server's whole output, for specs that check what it logged (E2E_SERVER_LOGS). */
function startServer(baseUrl: string, pgliteDir: string, logFile: string): Server {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: new URL(baseUrl).port,
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

/** One worker's server: its address and the file with its whole output. */
type Instance = { name: string; baseUrl: string; log: string; server: Server };

function printServerOutput({ name, server }: Instance): void {
  const text = server.output().trim();
  console.error(`\n----- ${name} output (${text ? 'tail' : 'empty'}) -----\n${text}\n----- end of ${name} output -----\n`);
}


async function main(): Promise<number> {
  if (!isExecutable(chromiumPath)) {
    warnNoChromium();
    return isRequired ? 1 : 0;
  }

  const built = await ensureBuild(process.cwd(), 'e2e');
  if (built !== 0) return built;

  const args = process.argv.slice(2);
  const workers = workerCount(args);
  const tempDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const instances: Instance[] = [];
  for (let i = 1; i <= workers; i += 1) {
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    const log = path.join(tempDir, `server-${i}.log`);
    instances.push({ name: `server ${i}`, baseUrl, log, server: startServer(baseUrl, path.join(tempDir, `pglite-${i}`), log) });
  }
  const hasExited = ({ server }: Instance) => server.child.exitCode !== null || server.child.signalCode !== null;

  // Stopping this script (Ctrl-C, a CI time-out) must not leave a server running.
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    for (const { server } of instances) server.child.kill('SIGTERM');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const started = Date.now();
    console.log(`[e2e] starting ${workers} server(s) on ${instances.map((i) => i.baseUrl).join(', ')} (fresh embedded databases in ${tempDir})`);
    const ready = await Promise.all(
      instances.map((instance) =>
        waitUntilReady(instance.server, instance.baseUrl).then(
          () => true,
          (err: unknown) => {
            console.error(`[e2e] ${instance.name}: ${err instanceof Error ? err.message : String(err)}`);
            printServerOutput(instance);
            return false;
          },
        ),
      ),
    );
    if (ready.includes(false)) return 1;
    console.log(`[e2e] ready in ${((Date.now() - started) / 1000).toFixed(1)} s; running the browser specs on ${workers} worker(s)`);

    const parallel = workers === 1 ? ['--runInBand'] : [`--maxWorkers=${workers}`];
    // A browser test's default budget: jest.config.js's 60 s is the API tests'; a multi-page browser test took longer
    // than that on a loaded two-core CI machine (paymentSlip.spec.ts, CI of 225acac). A spec's own jest.setTimeout
    // (setUpBrowserSpec) and a --testTimeout in args still win.
    const status = await run(bin('jest'), ['--selectProjects', 'e2e', `--testTimeout=${E2E_TEST_TIMEOUT_MS}`, ...parallel, ...args], {
      env: {
        ...process.env,
        E2E_BASE_URLS: instances.map((i) => i.baseUrl).join(','),
        E2E_SERVER_LOGS: instances.map((i) => i.log).join(','),
        CHROMIUM_PATH: chromiumPath,
      },
    });
    if (interrupted) return 130;
    const gone = instances.filter(hasExited);
    for (const instance of gone) {
      console.error(`[e2e] ${instance.name} stopped during the tests`);
      printServerOutput(instance);
    }
    if (gone.length > 0) return status || 1;
    if (status !== 0) instances.forEach(printServerOutput);
    return status;
  } finally {
    await Promise.all(instances.map((i) => stopServer(i.server)));
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    rmSync(tempDir, { recursive: true, force: true });
  }
}

runMain('e2e', main);
