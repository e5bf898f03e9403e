import { rmSync } from 'node:fs';
import pg from 'pg';
import { PGLITE_TEMPLATE_ENV, PG_TEMPLATE_ENV, quoteIdent, withDatabase } from './templateEnv';

export default async function globalTeardown(): Promise<void> {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (file) rmSync(file, { force: true });
  delete process.env[PGLITE_TEMPLATE_ENV];

  const template = process.env[PG_TEMPLATE_ENV];
  const url = process.env.DATABASE_URL;
  if (!template || !url) return;
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  delete process.env[PG_TEMPLATE_ENV];
}
