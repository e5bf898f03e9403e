import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { PageHeader } from '@/components/common/PageHeader';
import { useEndpointQuery } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
import { formatDate } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { renewalContract } from '@/lib/renewal/contract';
import type { RenewableContract } from '@/lib/renewal/schemas';

/** The notice-deadline line of a contract: days left, or why it cannot be renewed online. */
export function DeadlineNote({ c }: { c: RenewableContract }) {
  const { t } = useTranslation(['renewal']);
  const { locale } = useRouter();
  const e = c.eligibility;
  if (c.renewal) return <Chip color="info" size="small" label={t('renewal:list.inProgress', { renewalNo: c.renewal.renewalNo, status: t(`renewal:status.${c.renewal.status}`) })} />;
  if (e.eligible)
    return (
      <Chip
        color={e.daysToDeadline <= 7 ? 'warning' : 'success'}
        size="small"
        label={t('renewal:list.daysLeft', { count: e.daysToDeadline, date: formatDate(e.noticeDeadline, locale) })}
        data-testid={`days-left-${c.contractNo}`}
      />
    );
  return <Chip size="small" label={t(`renewal:reason.${e.reason ?? 'not_active'}`, { date: formatDate(e.reason === 'outside_window' ? e.windowOpensOn : e.noticeDeadline, locale) })} />;
}

/** `/my-orders/contract-renewal`: contracts inside their renewal window, with days left to the notice deadline. */
export function RenewalListScreen() {
  const { t } = useTranslation(['renewal', 'contracts', 'common']);
  const { locale } = useRouter();
  const q = useEndpointQuery(renewalContract.endpoints.listRenewable, {});
  return (
    <>
      <PageHeader title={t('renewal:list.title')} subtitle={t('renewal:list.subtitle')} />
      {q.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
      {q.apiError ? (
        <Alert severity="error" action={<Button onClick={() => void q.refetch()}>{t('common:ui.retry')}</Button>}>
          {t(errorKey(q.apiError.code))}
        </Alert>
      ) : null}
      {q.data && q.data.items.length === 0 ? <Alert severity="info">{t('renewal:list.empty')}</Alert> : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {q.data?.items.map((c) => (
          <Card key={c.contractId} variant="outlined" data-testid={`renewable-${c.contractNo}`}>
            <CardContent sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="h6" component="h2">
                {c.contractNo} · {t(`contracts:type.${c.contractType}`)}
              </Typography>
              <Typography variant="body2">{t('renewal:list.ends', { date: formatDate(c.endDate, locale) })}</Typography>
              <Typography variant="body2" color="text.secondary">
                {c.serials.join(', ') || '–'}
              </Typography>
              <Box>
                <DeadlineNote c={c} />
              </Box>
              <Typography variant="body2">{t('renewal:list.offers', { count: c.offerCount })}</Typography>
            </CardContent>
            <CardActions>
              <Button component={NextLink} href={pathTo('/my-orders/contract-renewal/detail', undefined, { contract: c.contractId })} variant={c.eligibility.eligible ? 'contained' : 'outlined'}>
                {c.eligibility.eligible ? t('renewal:list.compare') : t('renewal:list.view')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </>
  );
}
