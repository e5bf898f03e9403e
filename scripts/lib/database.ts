import { ConfigError, loadConfig, type ServerConfig } from '@/lib/server/config';
import { acquireDbLock, DbLockedError, type DbLock } from '@/lib/server/db/lock';
import { migrateDatabase, openDatabase } from '@/lib/server/db/open';
import type { DbHandle } from '@/lib/server/db/types';

/**
 * Runs a database script (`npm run db:migrate`, `npm run db:seed`): loads the config, takes the embedded folder's
 * lock (PGlite has none across processes; a running server holds it), opens and migrates the database, runs `work`,
 * closes and releases whatever happens, and exits with a clear message on a config or lock error.
 */
export function runDatabaseScript(name: string, work: (handle: DbHandle, config: ServerConfig) => Promise<void>): void {
  const main = async () => {
    const config = loadConfig();
    let lock: DbLock | undefined;
    let handle: DbHandle | undefined;
    try {
      if (!config.databaseUrl) lock = acquireDbLock(config.pgliteDir, name);
      handle = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, poolMax: 1 });
      await migrateDatabase(handle);
      await work(handle, config);
    } finally {
      await handle?.close();
      lock?.release();
    }
  };
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      if (err instanceof ConfigError || err instanceof DbLockedError) console.error(err.message);
      else console.error(`${name} failed:`, err);
      process.exit(1);
    },
  );
}

export const describeDatabase = (handle: DbHandle, config: ServerConfig): string =>
  handle.kind === 'pglite' ? `PGlite in ${config.pgliteDir}` : 'PostgreSQL';
