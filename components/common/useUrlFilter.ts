import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import type { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '@/lib/listQuery';
import { compactFilter, parseListQuery, toUrlQuery, type FilterValues, type ListQueryDefaults, type UrlQuery } from './listQueryUrl';

export type UseUrlFilter<F extends FilterValues> = {
  /** The filter the URL holds (values the schema refuses dropped); the defaults when the URL names none of its keys. */
  filter: Partial<F>;
  /** False until the router has read the URL (a static page's first render): ask nothing before, or the unfiltered answer flashes. */
  ready: boolean;
  /** Merges filter values into the URL; '' / null / undefined / [] remove a filter. */
  setFilter: (patch: Partial<F>) => void;
  /** Back to the default filter. */
  clearFilter: () => void;
};

/**
 * The filter of a screen that is not a paged list (a report, a chart) kept in the URL, in the same form as
 * `useListQuery`'s (`?status=declined&status=approved&dateFrom=2026-01-01`, listQueryUrl.ts): a reload, back or a shared
 * link keeps it, and a URL value the filter schema refuses is dropped, never sent. `filterSchema` and `defaultFilter`
 * are read once, on the first render.
 */
export function useUrlFilter<F extends FilterValues>(filterSchema: z.ZodObject, defaultFilter: Partial<F> = {}): UseUrlFilter<F> {
  const router = useRouter();
  const [defaults] = useState<ListQueryDefaults<string, F>>(() => ({ filterSchema, filter: defaultFilter }));
  const filter = useMemo(() => parseListQuery<string, F>(router.query as UrlQuery, defaults).filter, [router.query, defaults]);

  // The setters build on the newest filter, also when called twice before the router has re-rendered us.
  const latest = useRef(filter);
  useEffect(() => {
    latest.current = filter;
  }, [filter]);

  const navigate = useCallback(
    (next: Partial<F>) => {
      latest.current = next;
      const query = toUrlQuery<string, F>({ page: 1, pageSize: DEFAULT_PAGE_SIZE, filter: next }, defaults, router.query as UrlQuery);
      void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true, scroll: false });
    },
    [router, defaults],
  );
  const setFilter = useCallback((patch: Partial<F>) => navigate(compactFilter({ ...latest.current, ...patch })), [navigate]);
  const clearFilter = useCallback(() => navigate(compactFilter(defaults.filter ?? {})), [navigate, defaults]);

  return { filter, ready: router.isReady, setFilter, clearFilter };
}
