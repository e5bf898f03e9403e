import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { installSafeTransactions } from './pgTransaction';
import type { Db, DbHandle } from './types';
import { queryRows } from './rows';

export const MIGRATIONS_DIR = path.resolve(process.cwd(), 'lib/server/db/migrations');

export type OpenOptions = {
  /** postgres://… → node-postgres; absent → PGlite. */
  url?: string;
  /** PGlite data folder (created if missing). Absent with no `pglite` → in-memory. */
  pgliteDir?: string;
  /** An already created PGlite instance (tests clone a migrated template into one). */
  pglite?: PGlite;
  /** PGlite's buffer pool (default PGLITE_SHARED_BUFFERS, or the variable of that name). */
  pgliteSharedBuffers?: string;
  /** Pool size for PostgreSQL. */
  poolMax?: number;
  /** Called when an idle pooled client errors (PostgreSQL restarted): logged, never fatal. */
  onPoolError?: (err: Error) => void;
};

/**
 * PGlite's start parameters with a smaller buffer pool. PostgreSQL's default `shared_buffers` (128MB) lives inside the
 * WebAssembly heap, which is set up (touched) at start and never returned: measured, it is ≈ 120 MB of the server's
 * resident memory before the first query (docs/performance.md, "Memory"). The embedded database serves one process
 * and a small data set; pages it does not hold stay in the operating system's file cache. PGLITE_SHARED_BUFFERS
 * overrides it (a PostgreSQL size: `64MB`).
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

function pgliteStartParams(sharedBuffers = process.env.PGLITE_SHARED_BUFFERS || PGLITE_SHARED_BUFFERS): string[] {
  if (!/^\d+(kB|MB|GB)$/.test(sharedBuffers)) throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 16MB (got ${sharedBuffers})`);
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

/**
 * Creates a new PGlite data folder (initdb) in a short-lived child process. initdb inside the server process took its
 * resident memory to ≈ 670 MB at once and left ≈ 110 MB of it resident for good after its WebAssembly instance was
 * freed (measured opening a folder alone: 155 MB on an existing folder, 672 MB → 230 MB on a new one); done in a
 * child, the server only ever opens an existing folder. The child exits as soon as the folder is written; the
 * server stays one long-running process.
 */
export async function initPgliteDir(dir: string): Promise<void> {
  if (existsSync(path.join(dir, 'PG_VERSION'))) return;
  mkdirSync(dir, { recursive: true });
  const script = `import { PGlite } from '@electric-sql/pglite'; const db = new PGlite(process.argv[1]); await db.waitReady; await db.close();`;
  await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, dir], { cwd: process.cwd(), timeout: 300_000 });
}

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.url) return openPostgres(opts.url, opts);
  let client = opts.pglite;
  if (!client) {
    if (opts.pgliteDir) await initPgliteDir(opts.pgliteDir);
    const options = { startParams: pgliteStartParams(opts.pgliteSharedBuffers) };
    client = opts.pgliteDir ? new PGlite(opts.pgliteDir, options) : new PGlite(options);
  }
  await client.waitReady;
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    ping: async () => {
      await pglite.query('select 1');
    },
    // One process owns the embedded database: notifications are delivered in-process and never lost.
    listen: async (channel, onMessage, onState) => {
      const stop = await pglite.listen(channel, onMessage);
      onState(true);
      return async () => {
        onState(false);
        if (!pglite.closed) await stop();
      };
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

function openPostgres(url: string, opts: OpenOptions): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolMax ?? 10,
    // A dead database must give a fast 503, not a hang (DESIGN.md known traps).
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
    query_timeout: 12_000,
    application_name: 'print-portal',
  });
  // Without this listener an idle client's error (PostgreSQL restart) would crash the process.
  pool.on('error', (err) => opts.onPoolError?.(err));
  // A client in use whose backend ends (restart, fail-over, pg_terminate_backend) emits 'error' too, and pg-pool
  // listens only while it is idle: without a listener of its own that would be an uncaught exception. Its query fails
  // with the same error (answered 503) and pg-pool drops the client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const pgDb = drizzlePg(pool, { schema });
  installSafeTransactions(pgDb, pool);
  const db = pgDb as unknown as Db;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onMessage, onState) => listenPostgres(url, channel, onMessage, onState, opts.onPoolError),
    close: async () => {
      await pool.end();
    },
  };
}

/**
 * A dedicated connection (not from the pool: LISTEN belongs to one session) that reconnects after a failure. While it is
 * down, `onState(false)` tells the caller that notifications may be missed.
 */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
  onError?: (err: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  const quoted = `"${channel.replace(/"/g, '""')}"`;

  const connect = async (): Promise<void> => {
    if (stopped) return;
    // keepAlive and a heartbeat: a connection that died without a word (a dropped network path) is noticed within
    // seconds, not at the next write, and the cache stops trusting it.
    const c = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 3_000,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
      keepAlive: true,
      application_name: 'print-portal-listen',
    });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      onState(false);
      if (err) onError?.(err);
      c.removeAllListeners();
      void c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), 1_000);
    };
    c.on('error', lost);
    c.on('end', () => lost());
    c.on('notification', (msg) => {
      if (msg.channel === channel) onMessage(msg.payload ?? '');
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${quoted}`);
      if (client === c && !stopped) {
        onState(true);
        heartbeat = setInterval(() => {
          c.query('select 1').catch((err: Error) => lost(err));
        }, HEARTBEAT_MS);
        heartbeat.unref();
      }
    } catch (err) {
      lost(err as Error);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    if (heartbeat) clearInterval(heartbeat);
    const c = client;
    client = null;
    onState(false);
    if (c) await c.end().catch(() => undefined);
  };
}

/** Applies the committed drizzle-kit migrations (idempotent). */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as Parameters<typeof migratePglite>[0], config);
  } else {
    await migratePg(handle.db as Parameters<typeof migratePg>[0], config);
  }
}

/** True when every committed migration is recorded as applied (for /readyz). */
export async function migrationsApplied(db: Db, expected: number): Promise<boolean> {
  try {
    const [first] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return (first?.n ?? 0) >= expected;
  } catch {
    return false;
  }
}
