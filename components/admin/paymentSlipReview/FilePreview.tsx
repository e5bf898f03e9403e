import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'next-i18next/pages';
import { downloadReviewFile } from '@/lib/api/paymentSlips';
import type { ApiError } from '@/lib/api/types';
import { errorKey } from '@/lib/errors';

/**
 * The slip's file shown in place: an image inline, a PDF in the browser's viewer inside an iframe, both from a blob
 * URL of the bytes fetched through the API (permission-checked; nothing is reachable by a plain link).
 */
export function FilePreview({ slipId, mimeType, fileName }: { slipId: string; mimeType: string; fileName: string }) {
  const { t } = useTranslation(['page', 'error']);
  const [state, setState] = useState<{ id: string; url: string | null; error: ApiError | null } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    void downloadReviewFile(slipId, { signal: controller.signal, silent: true }).then((r) => {
      if (controller.signal.aborted) return;
      if (r.ok) {
        // The server decided the type from the bytes; the blob carries it so the viewer picks the right renderer.
        url = URL.createObjectURL(r.data.type ? r.data : new Blob([r.data], { type: mimeType }));
        setState({ id: slipId, url, error: null });
      } else setState({ id: slipId, url: null, error: r.error });
    });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [slipId, mimeType]);

  const current = state?.id === slipId ? state : null;
  if (current?.error) return <Alert severity="error">{t(errorKey(current.error.code))}</Alert>;
  if (!current?.url) return <Skeleton variant="rounded" height={360} />;
  if (mimeType === 'application/pdf') {
    return (
      <Box
        component="iframe"
        src={current.url}
        title={t('slipReview.detail.previewOf', { name: fileName })}
        sx={{ width: '100%', height: { xs: 420, md: 640 }, border: '1px solid', borderColor: 'divider', borderRadius: 1 }}
      />
    );
  }
  return (
    <Box
      component="img"
      src={current.url}
      alt={t('slipReview.detail.previewOf', { name: fileName })}
      sx={{ maxWidth: '100%', maxHeight: 640, display: 'block', border: '1px solid', borderColor: 'divider', borderRadius: 1 }}
    />
  );
}
