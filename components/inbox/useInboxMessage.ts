import { useEffect, useRef } from 'react';
import { useEndpointQuery } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import { inboxContract } from '@/lib/inbox/contract';
import type { InboxLang, InboxMessage } from '@/lib/inbox/schemas';

export type UseInboxMessage = {
  message: InboxMessage | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => void;
};

/**
 * The open message (null id: none). Loading it is silent (spec §7) and marks it read on the server; `onOpened` runs
 * for each answer shown, so the caller can update the list and the header's unread count at once.
 */
export function useInboxMessage(id: string | null, lang: InboxLang, onOpened: (message: InboxMessage) => void): UseInboxMessage {
  const content = useEndpointQuery(inboxContract.endpoints.getEmailContent, id ? { id, lang } : null);
  const onOpenedRef = useRef(onOpened);
  useEffect(() => {
    onOpenedRef.current = onOpened;
  });
  const message = id ? (content.data ?? null) : null;
  useEffect(() => {
    if (message) onOpenedRef.current(message);
  }, [message]);
  const error = content.apiError ?? content.retrying;
  return {
    message,
    loading: id !== null && !message && !error,
    error: message ? null : error,
    reload: () => void content.refetch(),
  };
}
