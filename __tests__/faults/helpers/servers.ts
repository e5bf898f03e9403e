/**
 * Processes for the fault tests: the real production server (as `npm start` runs it, or as a container runs it:
 * `node .next-server/server.cjs`), nginx, and small one-off node scripts. Every child is started in its own process
 * group and recorded, so `killAllChildren()` (every file's afterAll) removes it and anything it started, even when a
 * test failed half-way. Loopback only: everything listens on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/lib/process';
import { readAnswer } from '../../api/helpers/readAnswer';

export const ROOT = path.resolve(__dirname, '../../..');
/** scripts/lib/build.mjs SERVER_BUNDLE: what `npm start` imports and a container runs. */
export const SERVER_BUNDLE = '.next-server/server.cjs';
/** The same secrets for every instance of one test (instances behind nginx must share them). */
export const SECRETS = {
  NEXTAUTH_SECRET: 'faults-nextauth-secret-0123456789abcdef0123',
  API_TOKEN_SECRET: 'faults-api-token-secret-0123456789abcdef01',
  CONTENT_API_KEY: 'faults-content-api-key-0123456789',
} as const;
export const DEMO_PASSWORD = 'Portal#Demo2026';
const OUTPUT_LIMIT = 400_000;

type Tracked = { child: ChildProcess; name: string };
const children: Tracked[] = [];
const tempDirs: string[] = [];

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** `promise`, or `fallback` after `ms` (the timer never keeps jest alive afterwards). */
export async function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `portal-faults-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

export { freePort };

export const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Pids whose parent is `pid` (Linux /proc). */
export function childPids(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

export const commandLine = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
  } catch {
    return '';
  }
};

/** Starts a tracked child in its own process group, keeping the tail of its output. */
export function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push({ child, name });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (output.length > OUTPUT_LIMIT) output = output.slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  return { child, exited, output: () => output };
}

/** SIGKILLs one child's process group (a test that failed half-way must not leave its server holding a folder). */
export function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || !isRunning(child)) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** SIGKILLs every tracked child's process group that is still there, and removes the temp folders. */
export function killAllChildren(): void {
  for (const { child } of children.splice(0)) {
    if (child.pid === undefined) continue;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
// A jest worker that dies must not leave servers behind either.
process.once('exit', killAllChildren);

export type ServerHow = 'npm-start' | 'bundle';

export type PortalServer = {
  name: string;
  how: ServerHow;
  child: ChildProcess;
  port: number;
  baseUrl: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
  /** The pid of the node process that serves (under npm: npm's one child). */
  serverPid(): number;
  /** SIGTERM and wait (at most `ms`); SIGKILL after that. Resolves with how it exited. */
  stop(ms?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type StartOptions = {
  name: string;
  how?: ServerHow;
  env: Record<string, string | undefined>;
  readyTimeoutMs?: number;
};

/**
 * The production server on a free 127.0.0.1 port. `npm-start` runs `npm start` (what a developer or a PaaS runs);
 * `bundle` runs `node .next-server/server.cjs` (what a container runs). DATABASE_URL and the secrets come only from
 * `env`, never from the test's own environment.
 */
export async function startPortal(opts: StartOptions): Promise<PortalServer> {
  const how = opts.how ?? 'bundle';
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'SEED_DEMO', 'TRUST_PROXY', 'PGLITE_DIR', ...Object.keys(SECRETS)]) delete env[key];
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    NEXTAUTH_URL: baseUrl,
    LOG_LEVEL: 'info',
    NEXT_TELEMETRY_DISABLED: '1',
    ...opts.env,
  });
  const started =
    how === 'npm-start' ? startChild(opts.name, 'npm', ['start', '--silent'], env) : startChild(opts.name, process.execPath, [SERVER_BUNDLE], env);
  const server: PortalServer = {
    name: opts.name,
    how,
    child: started.child,
    port,
    baseUrl,
    exited: started.exited,
    output: started.output,
    serverPid() {
      const pid = started.child.pid!;
      if (how === 'bundle') return pid;
      const kids = childPids(pid);
      if (kids.length !== 1) throw new Error(`npm start has ${kids.length} child processes: ${kids.map(commandLine).join(' | ')}`);
      return kids[0]!;
    },
    async stop(ms = 20_000) {
      if (!isRunning(started.child)) return started.exited;
      started.child.kill('SIGTERM');
      const timer = setTimeout(() => {
        try {
          process.kill(-started.child.pid!, 'SIGKILL');
        } catch {
          // gone
        }
      }, ms);
      const result = await started.exited;
      clearTimeout(timer);
      return result;
    },
  };
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (!isRunning(started.child)) throw new Error(`${opts.name} exited before it was ready:\n${started.output().slice(-4000)}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return server;
      last = `/readyz ${res.status}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await sleep(300);
  }
  throw new Error(`${opts.name} not ready (${last}):\n${started.output().slice(-4000)}`);
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; body: any; ms: number }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One HTTP request on its own connection, with a hard time-out (a hang fails the caller, it never waits forever). */
export function request(
  baseUrl: string,
  pathname: string,
  opts: { method?: string; headers?: Record<string, string | number>; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${pathname}`,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: false, timeout: opts.timeoutMs ?? 20_000 },
      (res) => {
        readAnswer(res).then((answer) => resolve({ ...answer, ms: Date.now() - started }), reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${pathname} within ${opts.timeoutMs ?? 20_000} ms`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** POST a JSON body to an API path. */
export function post(baseUrl: string, pathname: string, body: unknown, opts: { token?: string; headers?: Record<string, string>; timeoutMs?: number } = {}) {
  const payload = JSON.stringify(body);
  return request(baseUrl, pathname, {
    method: 'POST',
    body: payload,
    timeoutMs: opts.timeoutMs,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(payload),
      ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
  });
}

/** Signs in through the API (the door non-browser clients use) and returns the API token. */
export async function signIn(baseUrl: string, loginId: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await post(baseUrl, '/api/login/authenticate', { loginId, password });
  if (res.status !== 200) throw new Error(`sign-in of ${loginId} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.body.data.jwtToken as string;
}

/**
 * Runs a small ES module with node in the project folder (so it finds node_modules) and returns its stdout parsed
 * as JSON: used to read an embedded database while no server has it open.
 */
export async function runNodeScript(source: string, env: Record<string, string> = {}): Promise<unknown> {
  const started = startChild('script', process.execPath, ['--input-type=module', '-e', source], { ...process.env, ...env });
  const timer = setTimeout(() => started.child.kill('SIGKILL'), 60_000);
  const { code } = await started.exited;
  clearTimeout(timer);
  const out = started.output().trim();
  if (code !== 0) throw new Error(`node script failed (exit ${code}):\n${out.slice(-3000)}`);
  return JSON.parse(out.split('\n').pop()!);
}
