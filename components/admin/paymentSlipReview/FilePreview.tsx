import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'next-i18next/pages';
import { RetryAlert } from '@/components/common/RetryAlert';
import { useEndpointFile } from '@/lib/api/query';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';

/**
 * The slip's file shown in place: an image inline, a PDF in the browser's viewer inside an iframe, both from a blob
 * URL of the bytes fetched through the API (permission-checked; nothing is reachable by a plain link). The bytes are
 * cached apart from the slip: approving or rejecting it refreshes the slip, not its file.
 */
export function FilePreview({ slipId, mimeType, fileName }: { slipId: string; mimeType: string; fileName: string }) {
  const { t } = useTranslation(['slipReview', 'bills', 'common', 'error']);
  const file = useEndpointFile(paymentSlipsContract.endpoints.getReviewFile, { id: slipId });
  // The server decided the type from the bytes; the blob carries it so the viewer picks the right renderer.
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data.type ? file.data : new Blob([file.data], { type: mimeType })) : null), [file.data, mimeType]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const error = file.apiError ?? file.retrying;
  if (error && !url) return <RetryAlert error={error} onRetry={() => void file.refetch()} />;
  if (!url) return <Skeleton variant="rounded" height={360} />;
  if (mimeType === 'application/pdf') {
    return (
      <Box
        component="iframe"
        src={url}
        title={t('slipReview.detail.previewOf', { name: fileName })}
        sx={{ width: '100%', height: { xs: 420, md: 640 }, border: '1px solid', borderColor: 'divider', borderRadius: 1 }}
      />
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt={t('slipReview.detail.previewOf', { name: fileName })}
      sx={{ maxWidth: '100%', maxHeight: 640, display: 'block', border: '1px solid', borderColor: 'divider', borderRadius: 1 }}
    />
  );
}
