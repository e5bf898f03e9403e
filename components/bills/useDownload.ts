import { useCallback, useRef, useState } from 'react';
import { ABORTED, saveBlob, type DownloadOptions } from '@/lib/api/client';
import type { ApiError, ApiResult } from '@/lib/api/types';

export type DownloadState = {
  /** Which download is running (e.g. 'pdf:<billId>', 'statement:csv'), or null. */
  busyKey: string | null;
  /** 0–1 once the size of the answer is known, null before. */
  progress: number | null;
  error: ApiError | null;
  clearError: () => void;
  /** Fetches a file and saves it; one download at a time (a second click while busy does nothing). */
  run: (key: string, fetch: (opts: DownloadOptions) => Promise<ApiResult<Blob>>, fileName: string) => Promise<boolean>;
};

/** A file download with progress and a translated error (the caller shows `t(errorKey(error.code))`). */
export function useDownload(): DownloadState {
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const busy = useRef(false);

  const run = useCallback<DownloadState['run']>(async (key, fetch, fileName) => {
    if (busy.current) return false;
    busy.current = true;
    setError(null);
    setBusyKey(key);
    setProgress(null);
    try {
      // Silent: the button shows its own progress instead of the page-wide overlay.
      const result = await fetch({ silent: true, onProgress: setProgress });
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
