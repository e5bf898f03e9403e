/**
 * Glue every maintenance service repeated (docs/decisions.md, "Services receive a ServiceContext"): the row a change
 * is about or 404, the audited status switch of an admin record, and the customers a link table names.
 */
import { asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { customers } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import type { ErrorCode } from '@/lib/errors';
import { AppError } from '@/lib/server/errors';

/** An optional instant as an answer writes it: ISO 8601 text, or null. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** The query's first row, or 404 NOT_FOUND (with `.for('update')` on the query, the row locked for the change). */
export async function firstOr404<T>(rows: PromiseLike<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * An idempotent submit whose key another request has claimed (a double click, a retry, a concurrent twin): that first
 * submission's answer when it has committed (`replay`), else the error `code`.
 */
export async function replayedOr<T>(replay: () => Promise<T | null>, code: ErrorCode): Promise<T> {
  const prior = await replay();
  if (prior) return prior;
  throw new AppError(code);
}

/**
 * Optimistic concurrency of a staff edit that saves a whole record (docs/api.md, "Edits name the version they
 * loaded"): locks the record's row (`idColumn` = `id`) and compares its `updated_at` with `version`, the record's
 * `updatedAt` as the edit form loaded it. No row: 404 NOT_FOUND; saved by someone else since: 409 RECORD_CHANGED,
 * and the caller writes nothing. The row stays locked until the transaction ends, so two saves of the same version
 * cannot both pass (the second waits, then sees the first one's `updated_at`).
 *
 * Answers the `updatedAt` to write: now, or 1 ms past the loaded one when the clock has not moved beyond it (two
 * saves in the same millisecond, a stored value with microseconds), so every save makes a new version.
 */
export async function lockVersion(
  ctx: ServiceContext,
  table: PgTable,
  columns: { id: PgColumn; updatedAt: PgColumn },
  id: string,
  version: string,
): Promise<Date> {
  const [row] = (await ctx.db.select({ updatedAt: columns.updatedAt }).from(table).where(eq(columns.id, id)).for('update')) as { updatedAt: Date }[];
  if (!row) throw new AppError('NOT_FOUND');
  if (row.updatedAt.getTime() !== Date.parse(version)) {
    throw new AppError('RECORD_CHANGED', { message: `stale version ${version}, stored ${row.updatedAt.toISOString()}` });
  }
  return new Date(Math.max(ctx.now().getTime(), row.updatedAt.getTime() + 1));
}

/**
 * Switches an admin record's status in one transaction: reads it (404 when missing), and only when the status really
 * changes writes it and one audit row `{ status }` → `{ status }` with the verb `action(status)`. Setting the status
 * it already has is a no-op that still answers `{ id, status }`.
 */
export async function switchStatus<S extends string>(
  ctx: ServiceContext,
  opts: {
    id: string;
    status: S;
    entity: string;
    action: (status: S) => string;
    current: (tx: ServiceContext) => Promise<{ status: string }>;
    write: (tx: ServiceContext) => Promise<unknown>;
  },
): Promise<{ id: string; status: S }> {
  return inTransaction(ctx, async (tx) => {
    const before = await opts.current(tx);
    if (before.status !== opts.status) {
      await opts.write(tx);
      await audit(tx, { action: opts.action(opts.status), entity: opts.entity, entityId: opts.id, before: { status: before.status }, after: { status: opts.status } });
    }
    return { id: opts.id, status: opts.status };
  });
}

/**
 * The customers a link table names for one record (an offer's targets, a staff user's assignments…): `ucpId` is the
 * link table's customer column, `where` picks the record's rows. Each customer's id and names, by id.
 */
export function linkedCustomers(db: Db, ucpId: PgColumn, where: SQL) {
  return db
    .select({ ucpId: customers.ucpId, nameEn: customers.nameEn, nameZh: customers.nameZh })
    .from(ucpId.table)
    .innerJoin(customers, eq(customers.ucpId, ucpId))
    .where(where)
    .orderBy(asc(customers.ucpId));
}
