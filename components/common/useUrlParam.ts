import { useCallback } from 'react';
import { useRouter } from 'next/router';

export type UrlParamOptions = {
  /**
   * How a change enters the browser's history. `'replace'` (default): the current entry changes, Back leaves the page
   * as before (a list's detail dialog). `'push'`: a new entry, so Back undoes the change (a phone's full-screen message).
   */
  history?: 'replace' | 'push';
};

/**
 * One single-valued query parameter as a screen's state (`?bill=<id>` opens a bill's dialog): a reload, Back or a
 * shared link keeps it. The value is the parameter's text, or null when it is absent or repeated (`?bill=a&bill=b`:
 * an array is not a record id). The setter changes only this parameter, keeping the others (a list's filters, the
 * deep link's `ucpid`), by shallow routing on the same page: nothing is fetched again and the page does not scroll.
 * `null` or `''` removes it. A screen's other URL state (paging, filters) is `useListQuery` / `useUrlFilter`'s.
 *
 * @example
 * const [billId, setBillId] = useUrlParam('bill'); // setBillId(id) → ?bill=<id>; setBillId(null) drops it
 */
export function useUrlParam(name: string, { history = 'replace' }: UrlParamOptions = {}): readonly [string | null, (value: string | null) => void] {
  const router = useRouter();
  const raw = router.query[name];
  const value = typeof raw === 'string' ? raw : null;
  const setValue = useCallback(
    (next: string | null) => {
      const query = { ...router.query };
      if (next) query[name] = next;
      else delete query[name];
      const url = { pathname: router.pathname, query };
      const options = { shallow: true, scroll: false };
      void (history === 'push' ? router.push(url, undefined, options) : router.replace(url, undefined, options));
    },
    [router, name, history],
  );
  return [value, setValue] as const;
}
