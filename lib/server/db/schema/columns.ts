import { sql } from 'drizzle-orm';
import { timestamp, uuid, type AnyPgColumn, type UpdateDeleteAction } from 'drizzle-orm/pg-core';
import { quotedList } from '../quotedList';

/**
 * Columns many tables declare alike, one definition each (the generated SQL is the same as written out: after a
 * change here `npx drizzle-kit generate` must still report no changes). The references to a customer and to a user
 * account are `customerRef()` in ./customers and `userRef()` / `actorRef()` in ./users (beside the tables they point to).
 */

/** The row's own key: a uuid the database draws. */
export const uuidPk = () => uuid('id').primaryKey().defaultRandom();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, in that order: spread into a table that keeps both (`...timestamps()`). */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** When a history row's event happened (`at`); now unless the writer says otherwise. */
export const eventAt = () => timestamp('at', { withTimezone: true }).notNull().defaultNow();

/** A required uuid reference to a row of another table, and what becomes of this row when that one is deleted. */
export const uuidRef = <N extends string>(name: N, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) =>
  uuid(name).notNull().references(target, { onDelete });

/** An optional uuid reference; by default it is cleared when the row it points to is deleted. */
export const optionalUuidRef = <N extends string>(
  name: N,
  target: () => AnyPgColumn,
  onDelete: UpdateDeleteAction = 'set null',
) => uuid(name).references(target, { onDelete });

/** `('a', 'b')` for a CHECK (`${t.status} in ${inList(STATUSES)}`), from the one `as const` list of the values. */
export const inList = (values: readonly string[]) => sql.raw(`(${quotedList(values)})`);
