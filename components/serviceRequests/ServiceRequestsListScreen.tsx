import { useRouter } from 'next/router';
import NextLink from 'next/link';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import { useCanAccess } from '@/components/common/Can';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import { StatusChip } from '@/components/common/StatusChip';
import { useEndpointQuery } from '@/lib/api/query';
import { formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { serviceRequestsContract } from '@/lib/serviceRequests/contract';
import type { ServiceRequestRow } from '@/lib/serviceRequests/schemas';
import { machineText, SlaChip } from './parts';

type SortField = 'createdAt' | 'reference' | 'status';

/** `/service-requests`: the customer's service requests, newest first; `?machineId=` narrows to one machine. */
export function ServiceRequestsListScreen() {
  const { t } = useTranslation(['serviceRequests', 'common']);
  const { locale, query } = useRouter();
  const machineId = typeof query.machineId === 'string' ? query.machineId : null;
  // Opened from a machine: a fault can be reported only for one still in service (the form's list of machines).
  const mayReport = useCanAccess(['service_req_write']);
  const reportable = useEndpointQuery(serviceRequestsContract.endpoints.machines, machineId && mayReport ? {} : null);
  const machine = machineId ? reportable.data?.find((m) => m.id === machineId) : undefined;
  const columns: DataTableColumn<ServiceRequestRow, SortField>[] = [
    { key: 'reference', header: t('columns.reference'), sortable: true, render: (r) => r.reference },
    {
      key: 'machine',
      header: t('columns.machine'),
      render: (r) => `${pickLocalized(locale, r.machine.modelNameEn, r.machine.modelNameZh)} · ${r.machine.serialNo}`,
    },
    { key: 'category', header: t('columns.category'), hideOnMobile: true, render: (r) => t(`category.${r.category}`) },
    { key: 'status', header: t('columns.status'), sortable: true, render: (r) => <StatusChip status={r.status} /> },
    { key: 'engineer', header: t('columns.engineer'), hideOnMobile: true, render: (r) => (r.engineerName ? `${r.engineerName}${r.etaAt ? ` · ${formatDateTime(r.etaAt, locale)}` : ''}` : '—') },
    { key: 'sla', header: t('columns.sla'), render: (r) => <SlaChip sla={r.sla} /> },
    { key: 'createdAt', header: t('columns.reported'), sortable: true, render: (r) => formatDateTime(r.createdAt, locale) },
  ];
  return (
    <ListScreen<ServiceRequestRow, SortField>
      endpoint={serviceRequestsContract.endpoints.list}
      header={{
        title: t('list.title'),
        subtitle: machine ? t('list.subtitleFor', { machine: machineText(machine, locale) }) : machineId ? t('list.subtitleOneMachine') : t('list.subtitle'),
        // Opened from a machine (`?machineId=`): its requests, the way back to all of them, and a fault report for it.
        actions: machineId ? (
          <>
            <Button component={NextLink} href={pathTo('/service-requests')}>
              {t('list.showAll')}
            </Button>
            {machine ? (
              <Button variant="contained" component={NextLink} href={pathTo('/service-requests/new', undefined, { machineId })}>
                {t('list.report')}
              </Button>
            ) : null}
          </>
        ) : undefined,
      }}
      columns={columns}
      rowHref={(r) => pathTo('/service-requests/[id]', { id: r.id })}
      defaults={{ sort: { field: 'createdAt', direction: 'desc' } }}
      filterConfig={{
        q: { label: t('filters.q') },
        status: { label: t('filters.status'), optionLabel: (s: string) => t(`common:status.${s}`) },
        state: { label: t('filters.state'), optionLabel: (s: string) => t(`filters.states.${s}`) },
        machineId: false,
      }}
      emptyMessage={t('list.empty')}
    />
  );
}
