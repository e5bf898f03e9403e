import { useMemo } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { DataTable, type DataTableColumn } from '@/components/common/DataTable';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import { PageHeader } from '@/components/common/PageHeader';
import { StatusChip } from '@/components/common/StatusChip';
import { isEmptyFilterValue } from '@/components/common/listQueryUrl';
import { useListQuery } from '@/components/common/useListQuery';
import { courierLabel } from '@/components/orders/format';
import { trackingContract } from '@/lib/orders/contract';
import { formatDate, formatDateTime } from '@/lib/i18n/locales';
import {
  SHIPMENT_SORT_FIELDS,
  SHIPMENT_STEPS,
  shipmentFilterSchema,
  type ShipmentListItem,
  type ShipmentSortField,
} from '@/lib/orders/schemas';

type ShipmentFilterValues = { status?: readonly string[]; dateFrom?: string; dateTo?: string; q?: string };

/** `/my-orders/track`: the customer's shipments, filterable like orders; a row opens its timeline. */
export function ShipmentsScreen() {
  const { t } = useTranslation(['page', 'common']);
  const { locale } = useRouter();
  const list = useListQuery<ShipmentListItem, ShipmentSortField, ShipmentFilterValues>(
    trackingContract.endpoints.listShipments,
    { sort: { field: 'createdAt', direction: 'desc' }, sortFields: SHIPMENT_SORT_FIELDS, filterSchema: shipmentFilterSchema },
  );
  const filter = list.query.filter;
  const hasFilter = Object.values(filter).some((v) => !isEmptyFilterValue(v));

  const filters: FilterDef[] = useMemo(
    () => [
      { type: 'search', key: 'q', label: t('tracking.filters.search') },
      {
        type: 'select',
        key: 'status',
        array: true,
        label: t('tracking.filters.status'),
        options: SHIPMENT_STEPS.map((s) => ({ value: s, label: t(`common:status.${s}`) })),
      },
      { type: 'dateRange', fromKey: 'dateFrom', toKey: 'dateTo', fromLabel: t('tracking.filters.from'), toLabel: t('tracking.filters.to') },
    ],
    [t],
  );

  const columns: DataTableColumn<ShipmentListItem, ShipmentSortField>[] = useMemo(
    () => [
      { key: 'shipmentNo', header: t('tracking.columns.shipmentNo'), sortable: true, render: (r) => r.shipmentNo },
      { key: 'orderNo', header: t('tracking.columns.orderNo'), sortable: true, render: (r) => r.orderNo },
      { key: 'createdAt', header: t('tracking.columns.createdAt'), sortable: true, render: (r) => formatDate(r.createdAt, locale) },
      { key: 'courier', header: t('tracking.columns.courier'), render: (r) => courierLabel(t, r.courier) },
      { key: 'trackingNo', header: t('tracking.columns.trackingNo'), hideOnMobile: true, render: (r) => r.trackingNo },
      { key: 'lastUpdate', header: t('tracking.columns.lastUpdate'), hideOnMobile: true, render: (r) => formatDateTime(r.lastEventAt ?? r.updatedAt, locale) },
      { key: 'status', header: t('tracking.columns.status'), sortable: true, render: (r) => <StatusChip status={r.status} /> },
    ],
    [t, locale],
  );

  return (
    <>
      <PageHeader title={t('tracking.title')} subtitle={t('tracking.subtitle')} />
      <DataTable
        {...list.tableProps}
        columns={columns}
        getRowId={(r) => r.id}
        rowHref={(r) => `/my-orders/track/${r.id}`}
        label={t('tracking.listLabel')}
        emptyMessage={hasFilter ? t('tracking.emptyFiltered') : t('tracking.empty')}
        filters={
          <FilterBar
            filters={filters}
            value={filter}
            onChange={(patch) => list.setFilter(patch as Partial<ShipmentFilterValues>)}
            onClear={list.clearFilter}
          />
        }
      />
    </>
  );
}
