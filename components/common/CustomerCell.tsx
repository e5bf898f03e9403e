import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { pickLocalized } from '@/lib/i18n/locales';

export type CustomerCellProps = { ucpId: string; customerNameEn: string; customerNameZh: string };

/**
 * A customer in a staff queue's table (approvals, payment slips, renewal logs…): its name in the page's language,
 * its UCP id under it.
 */
export function CustomerCell({ ucpId, customerNameEn, customerNameZh }: CustomerCellProps) {
  const { locale } = useRouter();
  return (
    <Box>
      <Typography variant="body2">{pickLocalized(locale, customerNameEn, customerNameZh)}</Typography>
      <Typography variant="caption" color="text.secondary">
        {ucpId}
      </Typography>
    </Box>
  );
}
