import { useCallback, useEffect, useRef, useState } from 'react';
import { ABORTED } from '@/lib/api/client';
import { getEmailContent, type InboxLang, type InboxMessage } from '@/lib/api/inbox';
import type { ApiError } from '@/lib/api/types';

type Outcome = { key: string | null; message: InboxMessage | null; error: ApiError | null };

export type UseInboxMessage = {
  message: InboxMessage | null;
  loading: boolean;
  error: ApiError | null;
  reload: () => void;
};

/**
 * The open message (null id: none). Loading it is silent (spec §7) and marks it read on the server; `onOpened` runs
 * once per successful answer, so the caller can update the list and the header's unread count at once.
 */
export function useInboxMessage(id: string | null, lang: InboxLang, onOpened: (message: InboxMessage) => void): UseInboxMessage {
  const [reloadCount, setReloadCount] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>({ key: null, message: null, error: null });
  const onOpenedRef = useRef(onOpened);
  useEffect(() => {
    onOpenedRef.current = onOpened;
  });
  const requestKey = id ? `${id}:${lang}#${reloadCount}` : null;

  useEffect(() => {
    if (!id || !requestKey) return undefined;
    const controller = new AbortController();
    void getEmailContent(id, lang, { signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) {
        setOutcome({ key: requestKey, message: result.data, error: null });
        onOpenedRef.current(result.data);
      } else if (result.error.code !== ABORTED) {
        setOutcome({ key: requestKey, message: null, error: result.error });
      }
    });
    return () => controller.abort();
  }, [id, lang, requestKey]);

  const reload = useCallback(() => setReloadCount((n) => n + 1), []);
  const current = requestKey !== null && outcome.key === requestKey;
  return {
    message: current ? outcome.message : null,
    loading: requestKey !== null && !current,
    error: current ? outcome.error : null,
    reload,
  };
}
