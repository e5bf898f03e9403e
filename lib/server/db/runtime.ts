import type { DbHandle } from './types';

/**
 * The process-wide database handle. server.ts opens the database once and registers it here; code that Next bundles
 * separately (the next-auth route) reads the same handle through globalThis, so PGlite is never opened twice.
 */
const KEY = Symbol.for('print-portal.db');
type Holder = { [KEY]?: DbHandle };

export function registerDb(handle: DbHandle | undefined): void {
  (globalThis as Holder)[KEY] = handle;
}

export function getDbHandle(): DbHandle {
  const handle = (globalThis as Holder)[KEY];
  if (!handle) throw new Error('Database not opened: start the portal through server.ts');
  return handle;
}
