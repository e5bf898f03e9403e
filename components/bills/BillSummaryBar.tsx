import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { BillSummary } from '@/lib/bills/schemas';
import { formatMoney } from '@/lib/i18n/locales';

/** Outstanding and overdue totals of the whole account (they do not change with the list's filters). */
export function BillSummaryBar({ summary }: { summary: BillSummary | null }) {
  const { t } = useTranslation('bills');
  const { locale } = useRouter();
  const figure = (testId: string, label: string, value: string | null, note?: string, tone?: 'error') => (
    <Paper variant="outlined" sx={{ p: 2, flex: '1 1 220px' }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {value === null ? (
        <Skeleton width={120} height={36} />
      ) : (
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, color: tone === 'error' ? 'error.main' : undefined }}>
          {value}
        </Typography>
      )}
      {note ? (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      ) : null}
    </Paper>
  );
  return (
    <Box component="section" aria-label={t('bills.summary.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
      {figure('bills-outstanding', t('bills.summary.outstanding'), summary ? formatMoney(summary.outstandingCents, locale) : null)}
      {figure(
        'bills-overdue',
        t('bills.summary.overdue'),
        summary ? formatMoney(summary.overdueCents, locale) : null,
        summary
          ? [
              t('bills.summary.overdueCount', { count: summary.overdueCount }),
              // What slips under review cover is said beside the overdue figure, not subtracted from it.
              summary.underReviewCents > 0 ? t('bills.summary.underReview', { amount: formatMoney(summary.underReviewCents, locale) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')
          : undefined,
        summary && summary.overdueCents > 0 ? 'error' : undefined,
      )}
    </Box>
  );
}
