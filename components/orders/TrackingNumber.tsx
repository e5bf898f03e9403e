import Link from '@mui/material/Link';
import { useTranslation } from 'next-i18next/pages';
import { courierLabel, courierTrackingUrl } from './format';

/** A courier tracking number: a link to the courier's public tracking page (new tab) when the courier has one. */
export function TrackingNumber({ courier, trackingNo }: { courier: string; trackingNo: string }) {
  const { t, i18n } = useTranslation(['orders', 'common']);
  const href = courierTrackingUrl(courier, trackingNo, i18n.language);
  if (!href) return <span style={{ whiteSpace: 'nowrap' }}>{trackingNo}</span>;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ whiteSpace: 'nowrap' }}
      aria-label={t('orders:tracking.courierLink', { trackingNo, courier: courierLabel(t, courier) })}
      onClick={(e) => e.stopPropagation()}
    >
      {trackingNo}
    </Link>
  );
}
