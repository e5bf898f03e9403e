import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import type { Endpoint } from '@/lib/contract';
import { useEndpointQuery } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import type { ListQuery, ListResult } from '@/lib/listQuery';
import type { DataTableQuery } from './DataTable';
import {
  compactFilter,
  invertedRanges,
  parseListQuery,
  toListBody,
  toUrlQuery,
  type FilterValues,
  type ListQueryDefaults,
  type ListQueryState,
  type UrlQuery,
} from './listQueryUrl';

export type { FilterValue, FilterValues, ListQueryDefaults, ListQueryState } from './listQueryUrl';

/** A contract's list endpoint: `{ page, pageSize, sort, filter }` in, `{ items, total }` (and maybe more) out. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ListEndpoint<T> = Endpoint<'query', any, ListResult<T>, any>;

export type UseListQuery<T, S extends string, F extends FilterValues, R extends ListResult<T> = ListResult<T>> = {
  query: ListQueryState<S, F>;
  /** Merges into the query (page, pageSize, sort, filter) as given; the table passes page 1 itself on sort changes. */
  setQuery: (patch: Partial<ListQueryState<S, F>>) => void;
  /** Merges filter values and goes back to page 1; '' / null / undefined / [] remove a filter. */
  setFilter: (patch: Partial<F>) => void;
  /** Back to the default filter (page 1). */
  clearFilter: () => void;
  /**
   * A date range of the filter ends before it starts: the list is not asked (it would match nothing, or be refused),
   * and the table shows no rows and no "no matches" message; FilterBar says what is wrong on the date field. A screen
   * that asks other endpoints with the same filter (a chart, totals) skips them too.
   */
  rangeInverted: boolean;
  /**
   * A date box of the filter bar holds text that is not a date (FilterBar `onInvalidChange`): the list is not asked
   * either, as if that box were empty or still held its last date.
   */
  filterInvalid: boolean;
  setFilterInvalid: (invalid: boolean) => void;
  /** `rangeInverted` or `filterInvalid`: nothing is asked, and the table says to correct the dates. */
  notAsked: boolean;
  /** The last answer (kept while the next page loads, so the table does not flash). */
  data: R | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => void;
  /** Everything DataTable needs from the hook: `<DataTable {...list.tableProps} columns={…} getRowId={…} />`. */
  tableProps: {
    rows: readonly T[];
    total: number;
    query: DataTableQuery<S>;
    onQueryChange: (next: DataTableQuery<S>) => void;
    loading: boolean;
    error: ApiError | null;
    onRetry: () => void;
    notAsked: boolean;
  };
};

/**
 * A server-paged list whose query lives in the URL (router.replace, shallow), so it survives reload and back. The
 * data comes through the query layer (lib/api/query.ts): cached per query, the previous page kept while the next one
 * loads (the table does not flash), failures that may pass retried every 5 s, and refetched when a mutation
 * invalidates the endpoint. Requests are `silent`: the table shows its own loading state.
 *
 * `defaults` is read once, on the first render.
 *
 * @example
 * const list = useListQuery(ordersContract.endpoints.listOrders, { sort: { field: 'createdAt', direction: 'desc' }, filterSchema });
 */
export function useListQuery<T, S extends string = string, F extends FilterValues = FilterValues, R extends ListResult<T> = ListResult<T>>(
  endpoint: Endpoint<'query', any, R, any>, // eslint-disable-line @typescript-eslint/no-explicit-any
  defaults: ListQueryDefaults<S, F> = {},
): UseListQuery<T, S, F, R> {
  const router = useRouter();
  const [initial] = useState(defaults);

  const query = useMemo(() => parseListQuery<S, F>(router.query as UrlQuery, initial), [router.query, initial]);
  const body = useMemo(() => toListBody(query) as ListQuery<S, Partial<F>>, [query]);

  // The setters build on the newest query, also when called twice before the router has re-rendered us.
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  }, [query]);

  const rangeInverted = useMemo(() => invertedRanges(query.filter).length > 0, [query.filter]);
  const [filterInvalid, setFilterInvalid] = useState(false);
  const notAsked = rangeInverted || filterInvalid;
  const result = useEndpointQuery(endpoint, router.isReady && !notAsked ? body : null, { keepPrevious: true, request: { silent: true } });
  // Not asked: nothing from an earlier filter is shown as if it matched this one.
  const data = notAsked ? null : ((result.data ?? null) as R | null);
  const loading = !notAsked && result.isFetching && (result.isPlaceholderData || !result.data || result.retrying !== null);
  const error = notAsked ? null : (result.apiError ?? result.retrying);
  const reload = useCallback(() => void result.refetch(), [result]);

  const navigate = useCallback(
    (next: ListQueryState<S, F>) => {
      latest.current = next;
      const nextUrl = toUrlQuery(next, initial, router.query as UrlQuery);
      void router.replace({ pathname: router.pathname, query: nextUrl }, undefined, { shallow: true, scroll: false });
    },
    [router, initial],
  );

  const setQuery = useCallback((patch: Partial<ListQueryState<S, F>>) => navigate({ ...latest.current, ...patch }), [navigate]);

  // A page past the end (an old link, `?page=99`, the last rows deleted meanwhile): the list is not empty, so show its
  // last page rather than "no records yet" under a range like "1961–36 of 36".
  const lastPage = data && data.total > 0 ? Math.ceil(data.total / query.pageSize) : null;
  const pastTheEnd = lastPage !== null && !result.isPlaceholderData && !result.isFetching && data!.items.length === 0 && query.page > lastPage;
  useEffect(() => {
    if (pastTheEnd && lastPage !== null) navigate({ ...latest.current, page: lastPage });
  }, [pastTheEnd, lastPage, navigate]);
  const setFilter = useCallback(
    (patch: Partial<F>) => navigate({ ...latest.current, page: 1, filter: compactFilter({ ...latest.current.filter, ...patch }) }),
    [navigate],
  );
  const clearFilter = useCallback(() => navigate({ ...latest.current, page: 1, filter: compactFilter(initial.filter ?? {}) }), [navigate, initial]);

  const tableProps = useMemo(
    () => ({
      rows: data?.items ?? [],
      total: data?.total ?? 0,
      query: { page: query.page, pageSize: query.pageSize, ...(query.sort ? { sort: query.sort } : {}) },
      onQueryChange: (next: DataTableQuery<S>) => setQuery(next),
      loading,
      error,
      onRetry: reload,
      notAsked,
    }),
    [data, query, loading, error, reload, setQuery, notAsked],
  );

  return { query, setQuery, setFilter, clearFilter, rangeInverted, filterInvalid, setFilterInvalid, notAsked, data, loading, error, reload, tableProps };
}
