import { sql, type SQL } from 'drizzle-orm';
import { referenceNo } from '@/lib/references';
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

/** The references numbered by a sequence (created by the migrations), by prefix. */
const SEQUENCE_OF = { SO: 'order_no_seq', SR: 'service_request_no_seq', ACR: 'change_request_no_seq', PS: 'payment_slip_no_seq' } as const;
export type ReferenceSequence = (typeof SEQUENCE_OF)[keyof typeof SEQUENCE_OF];

/**
 * The next value of a reference sequence. Read as text (some are bigint, which node-postgres answers as a string and
 * an `::int` cast would refuse past 2^31) and made a number: the references' six digits run out long before 2^53.
 */
export async function nextInSequence(db: Db, sequence: ReferenceSequence): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`select nextval(${sequence}::regclass)::text as n`);
  return Number(row!.n);
}

/** The next reference of a kind: `SO-2026-001234` for an order placed on a Hong Kong `today` (YYYY-MM-DD) in 2026. */
export async function nextReference(db: Db, prefix: keyof typeof SEQUENCE_OF, today: string): Promise<string> {
  return referenceNo(prefix, today.slice(0, 4), await nextInSequence(db, SEQUENCE_OF[prefix]));
}
