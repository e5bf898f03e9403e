import { useCallback, useRef, useState } from 'react';
import type { BodyOf, Endpoint } from '@/lib/contract';
import { ABORTED, saveBlob } from '@/lib/api/client';
import { downloadEndpoint } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';

export type DownloadState = {
  /** Which download is running (e.g. 'pdf:<billId>', 'statement:csv'), or null. */
  busyKey: string | null;
  /** 0–1 once the size of the answer is known, null before. */
  progress: number | null;
  error: ApiError | null;
  clearError: () => void;
  /** Fetches a contract's download and saves it; one download at a time (a second click while busy does nothing). */
  run: <E extends Endpoint<'download'>>(key: string, endpoint: E, body: BodyOf<E>, fileName: string) => Promise<boolean>;
};

/** A file download through a contract's download endpoint (`downloadEndpoint`), with progress and a translated error (the caller shows `t(errorKey(error.code))`). */
export function useDownload(): DownloadState {
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const busy = useRef(false);

  const run = useCallback<DownloadState['run']>(async (key, endpoint, body, fileName) => {
    if (busy.current) return false;
    busy.current = true;
    setError(null);
    setBusyKey(key);
    setProgress(null);
    try {
      // Silent: the button shows its own progress instead of the page-wide overlay.
      const result = await downloadEndpoint(endpoint, body, { silent: true, onProgress: setProgress });
      if (result.ok) {
        saveBlob(result.data, fileName);
        return true;
      }
      if (result.error.code !== ABORTED) setError(result.error);
      return false;
    } finally {
      busy.current = false;
      setBusyKey(null);
      setProgress(null);
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);
  return { busyKey, progress, error, clearError, run };
}
