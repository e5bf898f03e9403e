import { useMemo } from 'react';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { useCanAccess } from '@/components/common/Can';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import type { FilterConfig } from '@/components/common/listSchema';
import { StatusChip } from '@/components/common/StatusChip';
import { DueFlag } from '@/components/meter/parts';
import { useEndpointQuery } from '@/lib/api/query';
import { formatDate, pickLocalized } from '@/lib/i18n/locales';
import { machinesContract } from '@/lib/machines/contract';
import type { MachineListItem, MachineSortField } from '@/lib/machines/schemas';
import { pathTo } from '@/lib/paths';
import { MachinePicture } from './MachinePicture';
import { TwoLineCell } from '@/components/common/CustomerCell';

const M = machinesContract.endpoints;

export function ColourChip({ isColour }: { isColour: boolean }) {
  const { t } = useTranslation('machines');
  return <Chip size="small" variant="outlined" label={isColour ? t('machines:colour') : t('machines:mono')} />;
}

/** `/my-machines` (deep-linkable with ?ucpid=): the customer's machines, filtered by site and status, searched by serial or location. */
export function MachinesScreen() {
  const { t } = useTranslation(['machines', 'meter', 'common']);
  const { locale } = useRouter();
  const sites = useEndpointQuery(M.listSites, {}, { request: { silent: true } });
  const showRequests = useCanAccess(['service_req_read', 'service_req_write']);

  const columns: DataTableColumn<MachineListItem, MachineSortField>[] = useMemo(
    () => [
      { key: 'serialNo', header: t('machines:columns.serial'), sortable: true, render: (r) => r.serialNo },
      {
        key: 'model',
        header: t('machines:columns.model'),
        sortable: true,
        render: (r) => (
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: { md: 260 } }}>
            <MachinePicture category={r.category} isColour={r.isColour} size={48} />
            <Box>
              <Typography variant="body2">{pickLocalized(locale, r.modelNameEn, r.modelNameZh)}</Typography>
              <Box sx={{ display: 'flex', gap: 0.5, mt: 0.5, flexWrap: 'wrap' }}>
                <ColourChip isColour={r.isColour} />
                <Chip size="small" variant="outlined" label={t(`machines:category.${r.category}`)} />
              </Box>
            </Box>
          </Box>
        ),
      },
      {
        key: 'location',
        header: t('machines:columns.location'),
        sortable: true,
        render: (r) => (
          <TwoLineCell primary={pickLocalized(locale, r.locationEn, r.locationZh)} secondary={pickLocalized(locale, r.siteEn, r.siteZh)} sx={{ minWidth: { md: 180 } }} />
        ),
      },
      {
        key: 'contract',
        header: t('machines:columns.contract'),
        render: (r) =>
          r.contract ? (
            <TwoLineCell primary={r.contract.contractNo} secondary={t('machines:contractEnds', { date: formatDate(r.contract.endDate, locale) })} />
          ) : (
            t('machines:noContract')
          ),
      },
      {
        key: 'reading',
        header: t('machines:columns.lastReading'),
        render: (r) => (
          <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
            <Typography variant="body2">{r.lastReading ? formatDate(r.lastReading.readingDate, locale) : t('machines:noReading')}</Typography>
            <DueFlag machine={r} />
          </Box>
        ),
      },
      {
        key: 'toner',
        header: t('machines:columns.lastToner'),
        hideOnMobile: true,
        render: (r) =>
          r.lastTonerOrder ? (
            <TwoLineCell primary={r.lastTonerOrder.orderNo} secondary={formatDate(r.lastTonerOrder.createdAt, locale)} />
          ) : (
            t('machines:noTonerOrder')
          ),
      },
      ...(showRequests
        ? [
            {
              key: 'service',
              header: t('machines:columns.openRequests'),
              render: (r: MachineListItem) =>
                r.openServiceRequests ? (
                  // The status chip's 'pending' tone (contrast-checked in both schemes); MUI's outlined warning was 3.1:1 on white.
                  <Box component="span" data-testid={`open-requests-${r.serialNo}`}>
                    <StatusChip status="pending" label={t('machines:openRequests', { count: r.openServiceRequests })} />
                  </Box>
                ) : (
                  t('machines:noOpenRequests')
                ),
            },
          ]
        : []),
      { key: 'status', header: t('machines:columns.status'), render: (r) => <StatusChip status={r.status} label={t(`machines:status.${r.status}`)} /> },
    ],
    [t, locale, showRequests],
  );

  const filterConfig: FilterConfig = useMemo(
    () => ({
      q: { label: t('machines:list.search') },
      site: {
        def: {
          type: 'select',
          key: 'site',
          label: t('machines:list.site'),
          allLabel: t('machines:list.allSites'),
          options: (sites.data?.items ?? []).map((s) => ({ value: s.key, label: pickLocalized(locale, s.addressEn, s.addressZh) })),
        },
      },
      status: { label: t('machines:columns.status'), optionLabel: (s) => t(`machines:status.${s}`) },
    }),
    [t, locale, sites.data],
  );

  return (
    <ListScreen<MachineListItem, MachineSortField>
      endpoint={M.listMachines}
      header={{ title: t('machines:list.title'), subtitle: t('machines:list.subtitle') }}
      columns={columns}
      rowHref={(r) => pathTo('/my-machines/[id]', { id: r.id })}
      defaults={{ sort: { field: 'serialNo', direction: 'asc' } }}
      filterConfig={filterConfig}
      emptyMessage={t('machines:list.empty')}
      emptyFilteredMessage={t('machines:list.emptyFiltered')}
    />
  );
}
