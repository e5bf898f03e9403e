import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers (PGlite, node-postgres) give this type: services never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: `onMessage` gets each payload; `onState(true)` once listening, `onState(false)` whenever the
   * listener may have missed messages (connection lost; it reconnects by itself). Returns the way to stop.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState: (listening: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};
