import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './types';

/**
 * The rows of a raw statement (`db.execute(sql…)`), typed `T`, for SQL the query builder cannot write (`update …
 * returning` over `skip locked`, `nextval`, a catalogue read). Both drivers answer `{ rows }` (PGlite's `Results`,
 * node-postgres's `QueryResult`); drizzle's driver-neutral `Db` type does not say so, which is the one cast here.
 */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('queryRows: the database driver answered without rows');
  return rows as T[];
}

/** The next value of a sequence (the reference numbers: `order_no_seq`, `payment_slip_no_seq`, ...). */
export async function nextInSequence(db: Db, sequence: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db, sql`select nextval(${sequence}::regclass)::int as n`);
  return row!.n;
}
