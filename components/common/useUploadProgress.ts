import { useCallback, useState } from 'react';

/**
 * Progress of one upload for `<FileUploadField progress={…}/>`: null when idle, 0–100 while sending.
 *
 * @example
 * const upload = useUploadProgress();
 * <Form onSubmit={(v, { idempotencyKey }) => upload.track((onProgress) => uploadPaymentSlip({ ...fields, idempotencyKey }, v.file, { onProgress }))}>
 *   <FileUploadField name="file" label={…} progress={upload.progress} />
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<number | null>(null);
  const track = useCallback(async <R,>(run: (onProgress: (percent: number) => void) => Promise<R>): Promise<R> => {
    setProgress(0);
    try {
      return await run(setProgress);
    } finally {
      setProgress(null);
    }
  }, []);
  return { progress, track };
}
