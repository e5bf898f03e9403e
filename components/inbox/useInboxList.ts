import { useCallback, useEffect, useRef, useState } from 'react';
import { ABORTED } from '@/lib/api/client';
import { getEmailList, type InboxList, type InboxListQuery } from '@/lib/api/inbox';
import type { ApiError } from '@/lib/api/types';

type Outcome = { key: string | null; data: InboxList | null; error: ApiError | null };

export type UseInboxList = {
  /** The last answer, kept while the next one loads so the list does not flash. */
  data: InboxList | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => void;
};

/**
 * One page of the inbox for `query`, fetched again whenever the query changes or `reload()` is called. An answer that
 * arrives after a newer request started is ignored, and the older request is aborted.
 */
export function useInboxList(query: InboxListQuery, enabled = true): UseInboxList {
  const [reloadCount, setReloadCount] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ key: null, data: null, error: null });
  const requestId = useRef(0);
  const queryKey = JSON.stringify(query);
  const requestKey = `${queryKey}#${reloadCount}`;

  useEffect(() => {
    if (!enabled) return undefined;
    const id = ++requestId.current;
    const controller = new AbortController();
    void getEmailList(JSON.parse(queryKey) as InboxListQuery, { signal: controller.signal }).then((result) => {
      if (id !== requestId.current) return;
      if (result.ok) setOutcome({ key: requestKey, data: result.data, error: null });
      else if (result.error.code !== ABORTED) setOutcome((prev) => ({ key: requestKey, data: prev.data, error: result.error }));
    });
    return () => controller.abort();
  }, [enabled, queryKey, requestKey]);

  const reload = useCallback(() => setReloadCount((n) => n + 1), []);
  const loading = enabled && outcome.key !== requestKey;
  return { data: outcome.data, loading, error: loading ? null : outcome.error, reload };
}
