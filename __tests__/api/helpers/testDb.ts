import { randomBytes } from 'node:crypto';
import { Blob } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type OpenOptions } from '@/lib/server/db/open';
import type { DbHandle } from '@/lib/server/db/types';
import { PGLITE_TEMPLATE_ENV, PG_TEMPLATE_ENV, quoteIdent, withDatabase } from '../templateEnv';

export type DbKind = DbHandle['kind'];

/** A DbHandle on a database of its own; for PostgreSQL, `url` and `database` name it (close() drops it). */
export type TestDb = DbHandle & { url?: string; database?: string };

/** PGlite always; PostgreSQL too when DATABASE_URL is set (and globalSetup made its template). */
export function dbKinds(): DbKind[] {
  return process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

let templateBlob: Blob | undefined;
function pgliteTemplate(): Blob {
  if (!templateBlob) {
    const file = process.env[PGLITE_TEMPLATE_ENV];
    if (!file) throw new Error(`${PGLITE_TEMPLATE_ENV} unset: run the API tests through jest's "api" project (globalSetup)`);
    templateBlob = new Blob([readFileSync(file)]);
  }
  return templateBlob;
}

export type CreateTestDbOptions = {
  /** An empty, unmigrated database (for /readyz). */
  unmigrated?: boolean;
  /** Passed to openDatabase for PostgreSQL (the outage test watches pool errors). */
  onPoolError?: OpenOptions['onPoolError'];
};

/** Unique per file and per call: test files may run in parallel workers against the same server. */
const uniqueName = () => `portal_t_${process.pid}_${randomBytes(4).toString('hex')}`;

async function adminQuery(url: string, sqlText: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(sqlText);
  } finally {
    await admin.end();
  }
}

/** A fresh database: cloned from the run's migrated template, or empty with `unmigrated`. */
export async function createTestDb(kind: DbKind, opts: CreateTestDbOptions = {}): Promise<TestDb> {
  if (kind === 'pglite') {
    // `loadDataDir` is typed for the DOM Blob; node's Blob is the same object at run time.
    const pglite = opts.unmigrated ? new PGlite() : new PGlite({ loadDataDir: pgliteTemplate() as unknown as globalThis.Blob });
    return openDatabase({ pglite });
  }
  const url = process.env.DATABASE_URL;
  const template = process.env[PG_TEMPLATE_ENV];
  if (!url || !template) throw new Error('PostgreSQL test database requested without DATABASE_URL / template');
  const database = uniqueName();
  const from = opts.unmigrated ? '' : ` TEMPLATE ${quoteIdent(template)}`;
  await adminQuery(url, `CREATE DATABASE ${quoteIdent(database)}${from}`);
  const dbUrl = withDatabase(url, database);
  const handle = await openDatabase({ url: dbUrl, poolMax: 4, onPoolError: opts.onPoolError ?? (() => undefined) });
  let closing: Promise<void> | undefined;
  return {
    ...handle,
    url: dbUrl,
    database,
    // Idempotent (a test may close the handle itself): pg's pool.end() throws when called twice.
    close: () =>
      (closing ??= (async () => {
        await handle.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
      })()),
  };
}

/**
 * One describe block per database kind, each with a fresh database for the whole block (beforeAll / afterAll).
 * Tests inside share that database, so they create their own rows (fixtures use unique ids) rather than assume an
 * empty table.
 */
export function describeEachDb(name: string, body: (getHandle: () => TestDb, kind: DbKind) => void): void {
  for (const kind of dbKinds()) {
    describe(`${name} [${kind}]`, () => {
      let handle: TestDb | undefined;
      beforeAll(async () => {
        handle = await createTestDb(kind);
      });
      afterAll(async () => {
        await handle?.close();
      });
      body(() => {
        if (!handle) throw new Error('test database not ready (beforeAll failed?)');
        return handle;
      }, kind);
    });
  }
}
