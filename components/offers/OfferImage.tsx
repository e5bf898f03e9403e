import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useEndpointFile } from '@/lib/api/query';
import { offersContract } from '@/lib/offers/contract';

/** An offer's image, read through the contract (a blob URL); a skeleton while it loads, nothing if it fails. */
export function OfferImage({ id, alt, height = 160 }: { id: string; alt: string; height?: number }) {
  const file = useEndpointFile(offersContract.endpoints.getOfferImage, { id });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (file.isError) return null;
  if (!url) return <Skeleton variant="rectangular" height={height} />;
  return <Box component="img" src={url} alt={alt} sx={{ display: 'block', width: '100%', height, objectFit: 'cover' }} />;
}
