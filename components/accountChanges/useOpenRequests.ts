import { useEndpointQuery } from '@/lib/api/query';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import { CHANGE_TYPES, OPEN_STATUSES_OF, type ChangeStatus, type ChangeType } from '@/lib/accountChanges/constants';
import type { CustomerChangeListItem } from '@/lib/accountChanges/schemas';
import { MAX_PAGE_SIZE } from '@/lib/listQuery';

/** Every status in which a request of some type is still open (pending, in progress; approved for a transfer). */
const ANY_OPEN: ChangeStatus[] = [...new Set(CHANGE_TYPES.flatMap((t) => OPEN_STATUSES_OF[t]))];

export type OpenRequests = Partial<Record<ChangeType, CustomerChangeListItem[]>>;

/**
 * The customer's requests that still hold their type (OPEN_STATUSES_OF), by type, oldest first: `open` is undefined
 * while loading or when the list cannot be read, and `loading` says which (a page waits for it instead of offering a
 * step that the note then takes back). The server refuses a second request while one is open; with this the
 * add-changes page and the forms say so before the customer fills anything in. Refreshed with the change list
 * (a submission or a decision invalidates `accountChanges`).
 */
export function useOpenRequests(): { open: OpenRequests | undefined; loading: boolean } {
  const query = useEndpointQuery(C.endpoints.listRequests, {
    page: 1,
    pageSize: MAX_PAGE_SIZE,
    sort: { field: 'submittedAt', direction: 'asc' },
    filter: { status: ANY_OPEN },
  });
  // Pending also while a failed read is retried; once it has failed for good the pages go on without it (the server
  // still refuses a second request).
  if (!query.data) return { open: undefined, loading: query.isPending };
  const open: OpenRequests = {};
  for (const r of query.data.items) {
    if (!OPEN_STATUSES_OF[r.type].includes(r.status)) continue;
    (open[r.type] ??= []).push(r);
  }
  return { open, loading: false };
}
