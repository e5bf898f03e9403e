import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import { ClockSuspensions } from './ClockSuspensions';
import { StatusChip } from '@/components/common/StatusChip';
import { SlaChip } from '@/components/serviceRequests/parts';
import { useEndpointQuery } from '@/lib/api/query';
import { hkToday } from '@/lib/dates/hongKong';
import { formatDate, formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { serviceDeskContract } from '@/lib/serviceRequests/contract';
import type { ServiceDeskRow } from '@/lib/serviceRequests/schemas';
import { holidayListRunsOut } from '@/lib/serviceRequests/sla';

type SortField = 'sla' | 'createdAt' | 'reference' | 'customer';

/** The desk's counts above the queue: open, not yet acknowledged, at risk, breached. */
function Summary() {
  const { t } = useTranslation('serviceDesk');
  const summary = useEndpointQuery(serviceDeskContract.endpoints.summary, {});
  if (!summary.data) return null;
  const s = summary.data;
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 2, m: 0, mb: 2 }}>
      {(['open', 'unacknowledged', 'atRisk', 'breached'] as const).map((k) => (
        <Box key={k} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`summary.${k}`)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, color: (k === 'breached' || k === 'atRisk') && s[k] > 0 ? 'error.main' : undefined }}>
            {s[k]}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Within HOLIDAY_WARNING_DAYS of the end of the SLA clock's holiday list (or past it): tells the staff, who see the
 * due times, before holidays start counting as business days.
 */
function HolidayListNotice() {
  const { t } = useTranslation('serviceDesk');
  const { locale } = useRouter();
  const runsOut = holidayListRunsOut(hkToday());
  if (!runsOut) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="holiday-list-notice">
      {t('holidaysRunOut', { date: formatDate(runsOut.listedUntil, locale) })}
    </Alert>
  );
}

/** `/admin-controls/service-desk`: every customer's service requests, breached first. */
export function ServiceDeskListScreen() {
  const { t } = useTranslation(['serviceDesk', 'serviceRequests', 'common']);
  const { locale } = useRouter();
  const columns: DataTableColumn<ServiceDeskRow, SortField>[] = [
    { key: 'reference', header: t('columns.reference'), sortable: true, render: (r) => r.reference },
    { key: 'customer', header: t('columns.customer'), sortable: true, render: (r) => `${pickLocalized(locale, r.customerNameEn, r.customerNameZh)} (${r.ucpId})` },
    { key: 'machine', header: t('columns.machine'), hideOnMobile: true, render: (r) => `${r.machine.serialNo} · ${pickLocalized(locale, r.machine.locationEn, r.machine.locationZh)}` },
    { key: 'category', header: t('columns.category'), hideOnMobile: true, render: (r) => t(`serviceRequests:category.${r.category}`) },
    { key: 'status', header: t('columns.status'), render: (r) => <StatusChip status={r.status} /> },
    {
      key: 'sla',
      header: t('columns.sla'),
      sortable: true,
      render: (r) => (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          <SlaChip sla={r.sla} />
          <Typography variant="caption" color="text.secondary">
            {t('columns.dueBy', { due: formatDateTime(r.sla.dueAt, locale) })}
          </Typography>
        </Box>
      ),
    },
    { key: 'engineer', header: t('columns.engineer'), hideOnMobile: true, render: (r) => r.engineerName ?? '—' },
    { key: 'createdAt', header: t('columns.reported'), sortable: true, render: (r) => formatDateTime(r.createdAt, locale) },
  ];
  return (
    <ListScreen<ServiceDeskRow, SortField>
      endpoint={serviceDeskContract.endpoints.list}
      header={{ title: t('title'), subtitle: t('subtitle') }}
      columns={columns}
      rowHref={(r) => pathTo('/admin-controls/service-desk/view/[id]', { id: r.id })}
      defaults={{ sort: { field: 'sla', direction: 'asc' }, filter: { state: 'open' } }}
      filterConfig={{
        q: { label: t('filters.q') },
        status: { label: t('filters.status'), optionLabel: (s: string) => t(`common:status.${s}`) },
        state: { label: t('filters.state'), optionLabel: (s: string) => t(`serviceRequests:filters.states.${s}`) },
        category: { label: t('filters.category'), optionLabel: (s: string) => t(`serviceRequests:category.${s}`) },
        sla: { label: t('filters.sla'), optionLabel: (s: string) => t(`serviceRequests:sla.state.${s}`) },
        ucpId: { label: t('filters.customer') },
      }}
      emptyMessage={t('empty')}
      aboveTable={() => (
        <>
          <HolidayListNotice />
          <Summary />
          <ClockSuspensions />
        </>
      )}
    />
  );
}
