/**
 * A list's query ↔ the page URL, so a list survives reload, back and a shared link:
 * `?page=2&pageSize=50&sort=-createdAt&status=pending&q=toner` (sort: `field` ascending, `-field` descending).
 * Defaults are left out of the URL; values the URL cannot hold for the list (unknown sort field, a filter value the
 * filter schema refuses, a page that is not a positive integer) are dropped, never sent to the server.
 */
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListQuery, type ListSort } from '@/lib/listQuery';

export type FilterValue = string | number | boolean | readonly string[] | null | undefined;
export type FilterValues = Record<string, FilterValue>;

export type ListQueryState<S extends string = string, F extends FilterValues = FilterValues> = {
  page: number;
  pageSize: number;
  sort?: ListSort<S>;
  filter: Partial<F>;
};

export type ListQueryDefaults<S extends string = string, F extends FilterValues = FilterValues> = {
  pageSize?: number;
  sort?: ListSort<S>;
  /** Filter values used when the URL has none of the filter keys (and what "clear filters" returns to). */
  filter?: Partial<F>;
  /** Sort fields the URL may name (the endpoint's allow-list); default: any. */
  sortFields?: readonly S[];
  /** The list's filter schema (shared with the server): names the filter keys and checks URL values. */
  filterSchema?: z.ZodObject;
  /** Filter keys read from the URL when there is no schema (the keys of `filter` count too). */
  filterKeys?: readonly string[];
};

export type UrlQuery = Record<string, string | string[] | undefined>;

const RESERVED = ['page', 'pageSize', 'sort'] as const;

/** Empty filter values mean "no filter": '', null, undefined and []. */
export const isEmptyFilterValue = (v: FilterValue): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * The date ranges of a filter whose end is before its start (the key of each range's start): the pairs `from` / `to`
 * and `<x>From` / `<x>To` that FilterBar and listSchema show as a range, both set, compared as 'YYYY-MM-DD' text. Such
 * a filter matches nothing by definition, so the list is not asked (useListQuery): the filter bar says what is wrong.
 */
export function invertedRanges(filter: Partial<FilterValues>): string[] {
  const out: string[] = [];
  for (const [key, from] of Object.entries(filter)) {
    const toKey = key === 'from' ? 'to' : key.endsWith('From') ? `${key.slice(0, -4)}To` : null;
    const to = toKey ? filter[toKey] : undefined;
    if (typeof from === 'string' && typeof to === 'string' && from !== '' && to !== '' && from > to) out.push(key);
  }
  return out;
}

export function compactFilter<F extends FilterValues>(filter: Partial<F>): Partial<F> {
  const out: Partial<F> = {};
  for (const [k, v] of Object.entries(filter) as [keyof F, FilterValue][]) {
    if (!isEmptyFilterValue(v)) out[k] = v as F[keyof F];
  }
  return out;
}

export function filterKeysOf(defaults: ListQueryDefaults<string, FilterValues>): string[] {
  const keys = new Set<string>([...(defaults.filterKeys ?? []), ...Object.keys(defaults.filter ?? {})]);
  if (defaults.filterSchema) for (const k of Object.keys(defaults.filterSchema.shape)) keys.add(k);
  for (const r of RESERVED) keys.delete(r);
  return [...keys];
}

const first = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

function positiveInt(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

/** A URL value for one filter key: checked by the schema when there is one, trying the types a URL can carry. */
function parseFilterValue(raw: string | string[], field: z.ZodType | undefined): FilterValue {
  if (!field) return raw;
  const candidates: unknown[] = Array.isArray(raw) ? [raw] : [raw, [raw]];
  if (!Array.isArray(raw)) {
    if (/^-?\d+(\.\d+)?$/.test(raw)) candidates.splice(1, 0, Number(raw));
    if (raw === 'true' || raw === 'false') candidates.splice(1, 0, raw === 'true');
  }
  for (const candidate of candidates) {
    const parsed = field.safeParse(candidate);
    if (parsed.success && !isEmptyFilterValue(parsed.data as FilterValue)) return parsed.data as FilterValue;
  }
  return undefined;
}

export function parseListQuery<S extends string, F extends FilterValues>(url: UrlQuery, defaults: ListQueryDefaults<S, F>): ListQueryState<S, F> {
  const defaultPageSize = defaults.pageSize ?? DEFAULT_PAGE_SIZE;
  const page = positiveInt(first(url.page)) ?? 1;
  const size = positiveInt(first(url.pageSize));
  const pageSize = size !== undefined && size <= MAX_PAGE_SIZE ? size : defaultPageSize;

  let sort = defaults.sort;
  const rawSort = first(url.sort);
  if (rawSort) {
    const direction = rawSort.startsWith('-') ? 'desc' : 'asc';
    const field = rawSort.replace(/^-/, '') as S;
    if (field && (!defaults.sortFields || defaults.sortFields.includes(field))) sort = { field, direction };
  }

  const shape = defaults.filterSchema?.shape as Record<string, z.ZodType> | undefined;
  const filter: Partial<F> = {};
  let hasUrlFilter = false;
  for (const key of filterKeysOf(defaults as ListQueryDefaults<string, FilterValues>)) {
    const raw = url[key];
    if (raw === undefined) continue;
    hasUrlFilter = true;
    const value = parseFilterValue(raw, shape?.[key]);
    if (!isEmptyFilterValue(value)) (filter as FilterValues)[key] = value;
  }
  return {
    page,
    pageSize,
    ...(sort ? { sort } : {}),
    filter: hasUrlFilter ? filter : compactFilter(defaults.filter ?? {}),
  };
}

/** The URL parameters of a list query, merged into the URL's other parameters (route params, `ucpid`, …). */
export function toUrlQuery<S extends string, F extends FilterValues>(
  state: ListQueryState<S, F>,
  defaults: ListQueryDefaults<S, F>,
  current: UrlQuery,
): UrlQuery {
  const keys = new Set<string>([...RESERVED, ...filterKeysOf(defaults as ListQueryDefaults<string, FilterValues>)]);
  const out: UrlQuery = {};
  for (const [k, v] of Object.entries(current)) if (!keys.has(k) && v !== undefined) out[k] = v;

  if (state.page !== 1) out.page = String(state.page);
  if (state.pageSize !== (defaults.pageSize ?? DEFAULT_PAGE_SIZE)) out.pageSize = String(state.pageSize);
  const ds = defaults.sort;
  if (state.sort && !(ds && ds.field === state.sort.field && ds.direction === state.sort.direction)) {
    out.sort = `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`;
  }
  const filter = compactFilter(state.filter);
  const isDefaultFilter = JSON.stringify(filter) === JSON.stringify(compactFilter(defaults.filter ?? {}));
  if (!isDefaultFilter) {
    for (const [k, v] of Object.entries(filter)) {
      out[k] = Array.isArray(v) ? v.map(String) : String(v);
    }
    // Every filter back at its default but the defaults not empty: the URL must still say "no filter" for the
    // cleared keys, or parsing would bring the defaults back.
    for (const k of Object.keys(compactFilter(defaults.filter ?? {}))) if (!(k in filter)) out[k] = '';
  }
  return out;
}

/** The request body of a list endpoint (`listQuerySchema` shape): filter left out when empty. */
export function toListBody<S extends string, F extends FilterValues>(state: ListQueryState<S, F>): ListQuery<S, Partial<F>> {
  const filter = compactFilter(state.filter);
  return {
    page: state.page,
    pageSize: state.pageSize,
    ...(state.sort ? { sort: state.sort } : {}),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
  };
}
