/**
 * Shared by the page, memory and Lighthouse benchmarks: the production server exactly as `npm start` runs it
 * (`node scripts/start.mjs`, one process, the compiled server in it) on a free port with a fresh embedded database
 * (PGlite, migrated and seeded with the demo data by the server itself), and `wrk`.
 */
import { randomBytes } from 'node:crypto';
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ensureBuild } from '../lib/build.mjs';
import { freePort, waitForExit } from '../lib/process';

/** Exits with a clear message when wrk is missing (wrk prints its version and exits 1: only ENOENT is a problem). */
export function requireWrk(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      console.error('wrk is not installed: apt-get install wrk');
      process.exit(1);
    }
  }
}

export const DEMO_CUSTOMER = { loginId: 'customer@demo.hk', password: 'Portal#Demo2026' };

export type Portal = { baseUrl: string; pid: number; child: ChildProcess; log: () => string; stop: () => Promise<void> };

/**
 * The V8 flags `npm start` runs the server with (package.json `start`: `exec node <flags> scripts/start.mjs`), so the
 * benchmarks measure the process as production runs it. `BENCH_NODE_FLAGS` replaces them (`''`: V8's defaults).
 */
export function startNodeFlags(): string[] {
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const start = (JSON.parse(readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start ?? '';
  const m = /\bnode\s+((?:--\S+\s+)*)scripts\/start\.mjs/.exec(start);
  return m?.[1]?.split(/\s+/).filter(Boolean) ?? [];
}

/** Builds when the build is not current (the same check `npm start` makes), then starts the server and waits for /readyz. */
/**
 * `databaseUrl`: run on PostgreSQL instead of a fresh PGlite: a fresh database is created on that server (seeded with
 * the demo data) and dropped at stop.
 */
export async function startPortal(opts: { databaseUrl?: string } = {}): Promise<Portal> {
  const status = await ensureBuild(process.cwd(), 'bench');
  if (status !== 0) throw new Error(`the build failed (${status})`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PGLITE_DIR: path.join(dir, 'pglite'),
    NEXTAUTH_URL: baseUrl,
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  for (const key of ['DATABASE_URL', 'SEED_DEMO', 'NEXTAUTH_SECRET', 'API_TOKEN_SECRET', 'CONTENT_API_KEY']) delete env[key];
  let dropDatabase = async () => undefined as void;
  if (opts.databaseUrl) {
    const name = `portal_bench_${Date.now()}`;
    const admin = async (sqlText: string) => {
      const client = new pg.Client({ connectionString: opts.databaseUrl });
      await client.connect();
      try {
        await client.query(sqlText);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${name}`);
    const u = new URL(opts.databaseUrl);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    env.SEED_DEMO = '1';
    // A real deployment's secrets are never generated on PostgreSQL: the bench makes its own.
    for (const key of ['NEXTAUTH_SECRET', 'API_TOKEN_SECRET', 'CONTENT_API_KEY']) env[key] = randomBytes(32).toString('base64url');
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
  }
  const child = spawn(process.execPath, [...startNodeFlags(), 'scripts/start.mjs'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-100_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = waitForExit(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
    await dropDatabase();
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`the server exited before it was ready:\n${output.slice(-3000)}`);
    }
    const ok = await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready after 180 s:\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseUrl, pid: child.pid!, child, log: () => output, stop };
}

/** Resident memory of a process in MB (VmRSS), or NaN when it is gone. */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** The API token of the demo customer, through the public sign-in endpoint. */
export async function apiToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/login/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  const body = (await res.json().catch(() => null)) as { data?: { jwtToken?: string } } | null;
  const token = body?.data?.jwtToken;
  if (!token) throw new Error(`sign-in through /api/login/authenticate failed: ${res.status} ${JSON.stringify(body)?.slice(0, 300)}`);
  return token;
}

/**
 * `errors`: connections that failed (connect, read, write); `timeouts`: requests with no answer within wrk's 2 s (the
 * server was slow, not failing: counted apart so a slow run is not read as a broken one); `non2xx`: answers ≥ 300.
 */
export type WrkResult = { rps: number; p50: number; p99: number; errors: number; timeouts: number; non2xx: number };

const wrkScript = (method: string, body?: string) =>
  `wrk.method = "${method}"\n${body ? `wrk.body = ${JSON.stringify(body)}\n` : ''}` +
  'done = function(summary, latency, requests)\n' +
  '  io.write(string.format("RESULT %f %f %f %d %d %d\\n", summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.connect + summary.errors.read + summary.errors.write, summary.errors.timeout, summary.errors.status))\n' +
  'end\n';

/** `wrk -t1 -c<connections> -d<seconds>s`; latencies in ms. */
export async function wrk(
  target: string,
  { seconds, connections, headers = {}, method = 'GET', body }: { seconds: number; connections: number; headers?: Record<string, string>; method?: string; body?: string },
): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-wrk-'));
  const script = path.join(dir, 'report.lua');
  const { writeFileSync } = await import('node:fs');
  writeFileSync(script, wrkScript(method, body));
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(target);
  try {
    const { stdout } = await promisify(execFile)('wrk', args, { maxBuffer: 10_000_000 });
    const m = /RESULT (\S+) (\S+) (\S+) (\d+) (\d+) (\d+)/.exec(stdout);
    if (!m) throw new Error(`wrk printed no result:\n${stdout}`);
    return { rps: Number(m[1]), p50: Number(m[2]), p99: Number(m[3]), errors: Number(m[4]), timeouts: Number(m[5]), non2xx: Number(m[6]) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const machineLoad = () => `load average ${os.loadavg().map((n) => n.toFixed(2)).join(', ')} on ${os.cpus().length} cores`;
