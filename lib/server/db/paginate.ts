import { asc, desc, getTableName, sql, type AnyColumn, type Column, type SQL } from 'drizzle-orm';
import type { ListResult } from '@/lib/listQuery';
import { offsetOf } from '@/lib/listQuery';
import { quotedList } from './quotedList';

/** The column every paginated select adds: the total number of matching rows, counted by the same query. */
export const totalCount = () => sql<number>`(count(*) over ())::int`.as('__total');

/**
 * An outer query's column named with its table, for a correlated subquery in a select's fields. Drizzle writes a
 * one-table select's columns bare, so `where uc.ucp_id = ${customers.ucpId}` would read `uc.ucp_id = "ucp_id"`: the
 * subquery's own column, true for every row (or, `"offer_id" = "id"`, false for every row).
 *
 * @example
 * sql<number>`(select count(*)::int from user_customers uc where uc.ucp_id = ${outerColumn(customers.ucpId)})`
 */
export const outerColumn = (column: Column) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;


/**
 * The row `paginate` hands to its `toItem`, typed from the query itself (before `.limit`): the select's fields without
 * `__total`. Name it once for a mapping written apart from the call, instead of spelling out the Awaited/ReturnType chain.
 *
 * @example
 * type Row = PageRow<ReturnType<typeof orderQuery>>;
 * const toItem = (r: Row): OrderItem => ({ id: r.id, orderNo: r.orderNo });
 */
export type PageRow<Q extends PromiseLike<readonly { __total: number }[]>> = Omit<Awaited<Q>[number], '__total'>;

/**
 * One page and the total in ONE query: add `__total: totalCount()` to the select, then hand the query (before
 * `.limit`) here. A page past the end (an old link, `?page=99`, the last rows deleted by a colleague) has no row to
 * carry the total: the first row is asked for it then, so the list can step back to its last page. It was opt-in,
 * and the 20 staff lists left it out: "No offers yet." with no pager above 6 offers (QA).
 *
 * @example
 * const q = db.select({ id: orders.id, orderNo: orders.orderNo, __total: totalCount() }).from(orders).where(where).orderBy(...);
 * return paginate(q, body, (r) => ({ id: r.id, orderNo: r.orderNo }));
 */
export async function paginate<Row extends { __total: number }, Item>(
  query: { limit(n: number): { offset(n: number): PromiseLike<Row[]> } },
  page: { page: number; pageSize: number },
  toItem: (row: Omit<Row, '__total'>) => Item,
): Promise<ListResult<Item>> {
  const rows = await query.limit(page.pageSize).offset(offsetOf(page.page, page.pageSize));
  // The total is the answer's, not the items': toItem never sees it, so a mapping that spreads the row cannot leak it.
  if (rows.length > 0) return { items: rows.map(({ __total: _, ...row }) => toItem(row)), total: rows[0]!.__total };
  if (page.page === 1) return { items: [], total: 0 };
  const [first] = await query.limit(1).offset(0);
  return { items: [], total: first?.__total ?? 0 };
}

/**
 * A list's order by one of its fields (`fallback` when none is asked, ascending unless asked otherwise), then by the
 * row's `key` ascending so equal values keep one order; sorting by the key itself is the key alone.
 */
export function keyedOrder<F extends string>(
  sort: { field: F; direction: 'asc' | 'desc' } | undefined,
  columns: Record<F, AnyColumn>,
  fallback: F,
  key: AnyColumn,
): SQL[] {
  const dir = sort?.direction === 'desc' ? desc : asc;
  const column = columns[sort?.field ?? fallback];
  return column === key ? [dir(key)] : [dir(column), asc(key)];
}

/**
 * A column's place in its domain list (1-based, null for a value outside it): sorts by the list's own order (an order's
 * status from pending to cancelled) with the list written once, in lib/<feature>/constants.ts.
 */
export function listPosition(column: AnyColumn, values: readonly string[]): SQL<number | null> {
  return sql<number | null>`array_position(array[${sql.raw(quotedList(values))}]::text[], ${column})`;
}
