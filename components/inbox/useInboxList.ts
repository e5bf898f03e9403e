import { useEndpointQuery } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import { inboxContract } from '@/lib/inbox/contract';
import type { InboxLang, InboxList } from '@/lib/inbox/schemas';

export type InboxListQuery = { page: number; pageSize: number; search?: string; lang: InboxLang };

export type UseInboxList = {
  /** The last answer, kept while the next one loads so the list does not flash. */
  data: InboxList | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => void;
};

/**
 * One page of the inbox for `query` (a query of the query layer: cached, the previous page kept while the next loads,
 * failures that may pass retried every 5 s, refreshed when "mark all as read" invalidates the inbox).
 */
export function useInboxList(query: InboxListQuery, enabled = true): UseInboxList {
  const search = query.search?.trim();
  const body = { page: query.page, pageSize: query.pageSize, lang: query.lang, ...(search ? { search } : {}) };
  const list = useEndpointQuery(inboxContract.endpoints.getEmailListSortByIsReadAndSendTime, enabled ? body : null, { keepPrevious: true });
  const loading = enabled && list.isFetching;
  return {
    data: list.data ?? null,
    loading,
    error: loading ? null : (list.apiError ?? list.retrying),
    reload: () => void list.refetch(),
  };
}
