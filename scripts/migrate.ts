/**
 * `npm run db:migrate`: applies the committed drizzle-kit migrations to the configured database (PostgreSQL with
 * DATABASE_URL, else the embedded PGlite folder) and exits. On the embedded database it refuses to run while a
 * server (or another script) has the folder open: PGlite has no cross-process lock of its own, and a running server
 * has already migrated itself at start-up.
 */
import { describeDatabase, runDatabaseScript } from './lib/database';

runDatabaseScript('npm run db:migrate', async (handle, config) => {
  console.log(`migrations applied (${describeDatabase(handle, config)})`);
});
