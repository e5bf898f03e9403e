/**
 * `npm run db:migrate`: applies the committed drizzle-kit migrations to the configured database (PostgreSQL with
 * DATABASE_URL, else the embedded PGlite folder) and exits. On the embedded database it refuses to run while a
 * server (or another script) has the folder open: PGlite has no cross-process lock of its own, and a running server
 * has already migrated itself at start-up.
 */
import { ConfigError, loadConfig } from '@/lib/server/config';
import { acquireDbLock, DbLockedError, type DbLock } from '@/lib/server/db/lock';
import { migrateDatabase, openDatabase } from '@/lib/server/db/open';
import type { DbHandle } from '@/lib/server/db/types';

async function main(): Promise<number> {
  const config = loadConfig();
  let lock: DbLock | undefined;
  let handle: DbHandle | undefined;
  try {
    if (!config.databaseUrl) lock = acquireDbLock(config.pgliteDir, 'npm run db:migrate');
    handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, poolMax: 1 });
    await migrateDatabase(handle);
    console.log(`migrations applied (${handle.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL'})`);
    return 0;
  } finally {
    await handle?.close();
    lock?.release();
  }
}

main().then(
  (status) => process.exit(status),
  (err: unknown) => {
    if (err instanceof ConfigError || err instanceof DbLockedError) console.error(err.message);
    else console.error('db:migrate failed:', err);
    process.exit(1);
  },
);
