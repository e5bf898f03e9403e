/**
 * The list-request contract shared by the API (lib/server services validate the body with it) and the browser
 * (useListQuery / DataTable build the body with it). DESIGN.md "API contract": lists take
 * `{ page, pageSize, sort, filter }` and answer `{ items, total }`; paging happens in SQL.
 *
 * No server code here: this file is imported by client bundles too.
 */
import { z } from 'zod';
import { halfWidthSearch, trimBlank } from '@/lib/zodText';
import { msg } from './zodMessages';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Choices offered by the table's page-size selector (all within 1..MAX_PAGE_SIZE). */
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export type ListSort<F extends string = string> = { field: F; direction: SortDirection };

/** What every list endpoint answers. `total` counts all matches, not just this page. */
export type ListResult<T> = { items: T[]; total: number };

/** The generic shape of a list body (what the client keeps in the URL). */
export type ListQuery<F extends string = string, Filter = Record<string, unknown>> = {
  page: number;
  pageSize: number;
  sort?: ListSort<F>;
  filter?: Filter;
};

/** Rows to skip for a 1-based page (SQL `OFFSET`). */
export const offsetOf = (page: number, pageSize: number): number => (Math.max(1, Math.trunc(page)) - 1) * Math.max(0, Math.trunc(pageSize));

/**
 * The strict zod schema of one list's body.
 *
 * - `sortFields` is the allow-list of sortable fields (names the API maps to columns; never raw column names from
 *   the client). An empty list means the endpoint does not sort on request: any `sort` is then rejected.
 * - `filterSchema` is the list's own strict filter object (`z.strictObject({...})`, every key optional).
 *
 * @example
 * export const listOrdersSchema = listQuerySchema(['orderNo', 'createdAt', 'status'] as const, z.strictObject({
 *   status: z.enum(ORDER_STATUSES).optional(),
 *   q: searchTextSchema.optional(),
 *   from: isoDateSchema.optional(),
 *   to: isoDateSchema.optional(),
 * }));
 * export type ListOrdersBody = z.infer<typeof listOrdersSchema>;
 */
export function listQuerySchema<const S extends readonly string[], F extends z.ZodObject>(sortFields: S, filterSchema: F) {
  const field =
    sortFields.length > 0
      ? z.enum(sortFields as unknown as [S[number], ...S[number][]])
      : // No sortable field: a schema that accepts nothing, so `sort` can only be absent.
        z.never();
  return z.strictObject({
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
    sort: z.strictObject({ field: field as z.ZodType<S[number]>, direction: z.enum(SORT_DIRECTIONS) }).optional(),
    filter: filterSchema.optional(),
  });
}

/**
 * `listQuerySchema` for a filter declared where the list is: the filter's keys (each optional) make its strict object.
 *
 * @example
 * export const listGroupsSchema = listBodySchema(GROUP_SORT_FIELDS, { q: searchTextSchema.optional(), status: enumListFilter(GROUP_STATUSES) });
 * export type ListGroupsBody = z.infer<typeof listGroupsSchema>;
 * export type GroupFilter = ListFilterOf<typeof listGroupsSchema>;
 */
export function listBodySchema<const S extends readonly string[], const F extends z.ZodRawShape>(sortFields: S, filterShape: F) {
  return listQuerySchema(sortFields, z.strictObject(filterShape));
}

/** The filter of a list body schema as the server receives it (parsed, never absent), e.g. for its where-clause builder. */
export type ListFilterOf<S extends z.ZodType<{ filter?: unknown }>> = NonNullable<z.output<S>['filter']>;

/**
 * A filter on one or more values of a list (`?status=paid&status=overdue`): at most each value once. ListScreen
 * offers it as a multi-select (docs/ui-components.md, "ListScreen").
 */
export function enumListFilter<const V extends readonly [string, ...string[]]>(values: V) {
  return z.array(z.enum(values)).max(values.length).optional();
}

/**
 * The dates the portal accepts anywhere: a bill, order, payment or filter date outside these is a typing slip (or a
 * probe). PostgreSQL refuses year 0000 outright (it has no year zero), which made `0000-01-01` a 500.
 */
export const MIN_ISO_DATE = '1900-01-01';
export const MAX_ISO_DATE = '2100-12-31';

/** A calendar date as the API and `<input type="date">` both write it: 'YYYY-MM-DD', a real date in MIN..MAX_ISO_DATE. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'ui.validation.date' })
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, { error: 'ui.validation.date' })
  // A real date out of range says so: "Enter a valid date." for 1 Jan 2200 read as a typing mistake (QA).
  .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || (v >= MIN_ISO_DATE && v <= MAX_ISO_DATE), { error: 'ui.validation.dateRange' });

/**
 * Free-text search of a list filter: trimmed, at most 100 characters, empty means "no filter". A NUL (which the API
 * router refuses in every body) is refused here too, so a list URL carrying one (`?q=%00`) drops that filter instead
 * of failing the list with "check the highlighted fields" and nothing highlighted (QA).
 */
export const searchTextSchema = z
  .string()
  .overwrite((v) => trimBlank(halfWidthSearch(v)))
  .max(100, { error: msg('ui.validation.maxLength', { max: 100 }) })
  .refine((v) => !v.includes('\u0000'), { error: 'ui.validation.controlCharacter' });

/** The optional "from / to" pair of a list filter: inclusive Hong Kong dates. Spread it into the filter object. */
export function dateRangeFilter() {
  return { dateFrom: isoDateSchema.optional(), dateTo: isoDateSchema.optional() };
}

/** The free-text search and status multi-select most admin lists filter on, in that order. Spread it into the filter. */
export function searchStatusFilter<const V extends readonly [string, ...string[]]>(statuses: V) {
  return { q: searchTextSchema.optional(), status: enumListFilter(statuses) };
}
