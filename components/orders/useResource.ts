import { useCallback, useEffect, useState } from 'react';
import { ABORTED } from '@/lib/api/client';
import type { ApiError, ApiRequestOptions, ApiResult } from '@/lib/api/types';

type Outcome<T> = { key: string | null; data: T | null; error: ApiError | null };

export type Resource<T> = {
  data: T | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => void;
};

/**
 * One record loaded by id (a detail page): refetched when the id changes or on `reload()`, an older answer never
 * overwrites a newer one (the older request is aborted), and the data of another id is never shown. `id` null waits
 * (e.g. until the router is ready).
 */
export function useResource<T>(id: string | null, fetcher: (id: string, opts: ApiRequestOptions) => Promise<ApiResult<T>>): Resource<T> {
  const [reloadCount, setReloadCount] = useState(0);
  const [outcome, setOutcome] = useState<Outcome<T>>({ key: null, data: null, error: null });
  const requestKey = id ? `${id}#${reloadCount}` : null;

  useEffect(() => {
    if (!id || !requestKey) return undefined;
    const controller = new AbortController();
    void fetcher(id, { signal: controller.signal, silent: true }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setOutcome({ key: requestKey, data: result.data, error: null });
      else if (result.error.code !== ABORTED) setOutcome({ key: requestKey, data: null, error: result.error });
    });
    return () => controller.abort();
    // The fetcher is a module-level lib/api function: the id decides when to load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, requestKey]);

  const reload = useCallback(() => setReloadCount((n) => n + 1), []);
  const current = requestKey !== null && outcome.key === requestKey;
  return { data: current ? outcome.data : null, loading: !current, error: current ? outcome.error : null, reload };
}

/** The `[id]` of a dynamic route, once the router knows it. */
export const idFromQuery = (value: string | string[] | undefined): string | null => (typeof value === 'string' && value ? value : null);
