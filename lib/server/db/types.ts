import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers (PGlite, node-postgres) give this type: services never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DbHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's one connection (PGlite only): the job queue runs its SQL through it. */
  pglite?: PGlite;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: `onMessage` gets each payload; `onState(true)` once listening, `onState(false)` whenever the
   * listener may have missed messages (connection lost; it reconnects by itself). Returns the way to stop.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState: (listening: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

/**
 * The row a select of `fields` reads, typed from the fields themselves, so a service's mapping never restates the
 * columns by hand (a copy that drifts: a column made nullable, a status list widened). Each column gives its own type
 * (a domain-list column its union), each ``sql<T>`` its `T`. The fields of a LEFT-joined table may be missing from a
 * row: name them in `Joined` and they read `| null`.
 *
 * @example
 * const slipColumns = { id: paymentSlips.id, status: paymentSlips.status, uploadedByName: userAccounts.name };
 * type SlipRow = RowOf<typeof slipColumns, 'uploadedByName'>; // { id: string; status: SlipStatus; uploadedByName: string | null }
 */
export type RowOf<F extends Record<string, unknown>, Joined extends keyof F = never> = Omit<SelectResultFields<F>, Joined> & {
  [K in Joined]: SelectResultFields<F>[K] | null;
};
