import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { ABORTED } from '@/lib/api/client';
import type { ApiError, ApiRequestOptions, ApiResult } from '@/lib/api/types';
import type { ListQuery, ListResult } from '@/lib/listQuery';
import type { DataTableQuery } from './DataTable';
import {
  compactFilter,
  parseListQuery,
  toListBody,
  toUrlQuery,
  type FilterValues,
  type ListQueryDefaults,
  type ListQueryState,
  type UrlQuery,
} from './listQueryUrl';

export type { FilterValue, FilterValues, ListQueryDefaults, ListQueryState } from './listQueryUrl';

/** A lib/api list function: `(body, opts) => apiPost('/api/…/list', body, opts)`. */
export type ListFetcher<T, S extends string, F extends FilterValues> = (
  body: ListQuery<S, Partial<F>>,
  opts: ApiRequestOptions,
) => Promise<ApiResult<ListResult<T>>>;

export type UseListQuery<T, S extends string, F extends FilterValues> = {
  query: ListQueryState<S, F>;
  /** Merges into the query (page, pageSize, sort, filter) as given; the table passes page 1 itself on sort changes. */
  setQuery: (patch: Partial<ListQueryState<S, F>>) => void;
  /** Merges filter values and goes back to page 1; '' / null / undefined / [] remove a filter. */
  setFilter: (patch: Partial<F>) => void;
  /** Back to the default filter (page 1). */
  clearFilter: () => void;
  /** The last answer (kept while the next page loads, so the table does not flash). */
  data: ListResult<T> | null;
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
  };
};

type Outcome<T> = { key: string | null; data: ListResult<T> | null; error: ApiError | null };

/**
 * A server-paged list whose query lives in the URL (router.replace, shallow), so it survives reload and back.
 * Every change of the query or `reload()` fetches once; an older answer arriving after a newer request is ignored
 * (request counter) and the older request is aborted. Requests are `silent`: the table shows its own loading state.
 *
 * `defaults` is read once, on the first render.
 *
 * @example
 * const list = useListQuery(listOrders, { sort: { field: 'createdAt', direction: 'desc' }, filterSchema: orderFilterSchema });
 */
export function useListQuery<T, S extends string = string, F extends FilterValues = FilterValues>(
  fetcher: ListFetcher<T, S, F>,
  defaults: ListQueryDefaults<S, F> = {},
): UseListQuery<T, S, F> {
  const router = useRouter();
  const [initial] = useState(defaults);
  const fetcherRef = useRef(fetcher);
  useEffect(() => {
    fetcherRef.current = fetcher;
  });

  const query = useMemo(() => parseListQuery<S, F>(router.query as UrlQuery, initial), [router.query, initial]);
  const queryKey = JSON.stringify(toListBody(query));

  // The setters build on the newest query, also when called twice before the router has re-rendered us.
  const latest = useRef(query);
  useEffect(() => {
    latest.current = query;
  }, [query]);

  const [reloadCount, setReloadCount] = useState(0);
  const requestKey = `${queryKey}#${reloadCount}`;
  const [outcome, setOutcome] = useState<Outcome<T>>({ key: null, data: null, error: null });
  const requestId = useRef(0);

  useEffect(() => {
    if (!router.isReady) return undefined;
    const id = ++requestId.current;
    const controller = new AbortController();
    const body = JSON.parse(queryKey) as ListQuery<S, Partial<F>>;
    const settle = (result: ApiResult<ListResult<T>>) => {
      // Stale: a newer request has started since (its answer, not this one, decides what the table shows).
      if (id !== requestId.current) return;
      if (result.ok) setOutcome({ key: requestKey, data: result.data, error: null });
      else if (result.error.code !== ABORTED) setOutcome((prev) => ({ key: requestKey, data: prev.data, error: result.error }));
    };
    fetcherRef.current(body, { signal: controller.signal, silent: true }).then(settle, (err: unknown) =>
      settle({ ok: false, error: { status: 0, code: 'INTERNAL', message: err instanceof Error ? err.message : String(err) } }),
    );
    return () => controller.abort();
  }, [router.isReady, queryKey, requestKey]);

  const navigate = useCallback(
    (next: ListQueryState<S, F>) => {
      latest.current = next;
      const nextUrl = toUrlQuery(next, initial, router.query as UrlQuery);
      void router.replace({ pathname: router.pathname, query: nextUrl }, undefined, { shallow: true, scroll: false });
    },
    [router, initial],
  );

  const setQuery = useCallback((patch: Partial<ListQueryState<S, F>>) => navigate({ ...latest.current, ...patch }), [navigate]);
  const setFilter = useCallback(
    (patch: Partial<F>) => navigate({ ...latest.current, page: 1, filter: compactFilter({ ...latest.current.filter, ...patch }) }),
    [navigate],
  );
  const clearFilter = useCallback(() => navigate({ ...latest.current, page: 1, filter: compactFilter(initial.filter ?? {}) }), [navigate, initial]);
  const reload = useCallback(() => setReloadCount((n) => n + 1), []);

  const loading = outcome.key !== requestKey;
  const error = loading ? null : outcome.error;
  const data = outcome.data;

  const tableProps = useMemo(
    () => ({
      rows: data?.items ?? [],
      total: data?.total ?? 0,
      query: { page: query.page, pageSize: query.pageSize, ...(query.sort ? { sort: query.sort } : {}) },
      onQueryChange: (next: DataTableQuery<S>) => setQuery(next),
      loading,
      error,
      onRetry: reload,
    }),
    [data, query, loading, error, reload, setQuery],
  );

  return { query, setQuery, setFilter, clearFilter, data, loading, error, reload, tableProps };
}
