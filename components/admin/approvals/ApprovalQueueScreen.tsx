import { useMemo } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { changeFilters } from '@/components/accountChanges/listFilters';
import { useCodes } from '@/components/accountChanges/useCodes';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import { StatusChip } from '@/components/common/StatusChip';
import { accountChangesContract as C } from '@/lib/accountChanges/contract';
import { staffReadableTypes } from '@/lib/accountChanges/constants';
import type { ChangeSortField, ListQueueFilter, QueueItem } from '@/lib/accountChanges/schemas';
import { formatDateTime } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { customerColumn } from '@/components/common/CustomerCell';

/**
 * `/admin-controls/approve-account-info-update`: change requests of every customer, only of the types of the staff
 * user's `apv_*` codes (billing-address ones with credit control's read code); open ones first, oldest first.
 */
export function ApprovalQueueScreen() {
  const { t } = useTranslation(['accountChanges', 'common']);
  const { locale } = useRouter();
  const types = staffReadableTypes(useCodes());
  const columns: DataTableColumn<QueueItem, ChangeSortField>[] = useMemo(
    () => [
      { key: 'requestNo', header: t('list.columns.requestNo'), sortable: true, render: (r) => r.requestNo },
      customerColumn(t('list.columns.customer')),
      { key: 'type', header: t('list.columns.type'), sortable: true, render: (r) => t(`types.${r.type}`) },
      { key: 'submittedAt', header: t('list.columns.submittedAt'), sortable: true, render: (r) => formatDateTime(r.submittedAt, locale) },
      { key: 'submittedBy', header: t('list.columns.submittedBy'), hideOnMobile: true, render: (r) => r.submittedByName ?? '—' },
      { key: 'status', header: t('list.columns.status'), sortable: true, render: (r) => <StatusChip status={r.status} /> },
    ],
    [t, locale],
  );
  return (
    <ListScreen<QueueItem, ChangeSortField, ListQueueFilter>
      endpoint={C.endpoints.listQueue}
      header={{ title: t('review.title'), subtitle: t('review.subtitle') }}
      columns={columns}
      rowHref={(r) => pathTo('/admin-controls/approve-account-info-update/[id]', { id: r.id })}
      filterConfig={changeFilters(t, types, t('review.filters.q'))}
      emptyMessage={t('review.empty')}
      emptyFilteredMessage={t('review.emptyFiltered')}
    />
  );
}
