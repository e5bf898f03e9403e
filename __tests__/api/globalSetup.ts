import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
// Relative imports: jest's moduleNameMapper (`@/…`) does not apply to globalSetup.
import { migrateDatabase, openDatabase } from '../../lib/server/db/open';
import { PGLITE_TEMPLATE_ENV, PG_TEMPLATE_ENV, quoteIdent, withDatabase } from './templateEnv';

/**
 * Migrates once per run, then every test file clones the result: a PGlite data-dir dump (loadDataDir) and, with
 * DATABASE_URL, a PostgreSQL template database (CREATE DATABASE … TEMPLATE). Migrating per file would cost seconds each.
 */
export default async function globalSetup(): Promise<void> {
  const pglite = new PGlite();
  const handle = await openDatabase({ pglite });
  try {
    await migrateDatabase(handle);
    // Uncompressed: loading skips a gunzip per test file, and the tarball stays in the temp folder only for this run.
    const dump = await pglite.dumpDataDir('none');
    const file = path.join(os.tmpdir(), `portal-api-template-${process.pid}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
  } finally {
    await handle.close();
  }

  const url = process.env.DATABASE_URL;
  if (!url) return;
  const template = `portal_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${quoteIdent(template)}`);
  } finally {
    await admin.end();
  }
  const tpl = await openDatabase({ url: withDatabase(url, template), poolMax: 1 });
  try {
    await migrateDatabase(tpl);
  } finally {
    // CREATE DATABASE … TEMPLATE needs no other session on the template: close the pool before any clone.
    await tpl.close();
  }
  process.env[PG_TEMPLATE_ENV] = template;
}
