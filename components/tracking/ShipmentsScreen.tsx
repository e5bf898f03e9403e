import { useMemo } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Link from '@mui/material/Link';
import { useCanAccess } from '@/components/common/Can';
import { TrackingNumber } from '@/components/orders/TrackingNumber';
import { useTranslation } from 'next-i18next/pages';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import type { FilterConfig } from '@/components/common/listSchema';
import { StatusChip } from '@/components/common/StatusChip';
import { courierLabel } from '@/components/orders/format';
import { trackingContract } from '@/lib/orders/contract';
import { formatDate, formatDateTime } from '@/lib/i18n/locales';
import { listShipmentsSchema, type ShipmentListItem, type ShipmentSortField } from '@/lib/orders/schemas';
import { pathTo } from '@/lib/paths';

/** `/my-orders/track`: the customer's shipments, filterable like orders; a row opens its timeline. */
export function ShipmentsScreen() {
  const { t } = useTranslation(['orders', 'common']);
  const { locale } = useRouter();
  // The order number links to the order for users who may open orders (identifiers are links in every table).
  const canOpenOrders = useCanAccess(['mgt_order_read']);
  const filterConfig: FilterConfig = useMemo(
    () => ({
      q: { label: t('tracking.filters.search') },
      status: { label: t('tracking.filters.status'), optionLabel: (s) => t(`common:status.${s}`) },
      dateFrom: { fromLabel: t('tracking.filters.from'), toLabel: t('tracking.filters.to') },
    }),
    [t],
  );

  const columns: DataTableColumn<ShipmentListItem, ShipmentSortField>[] = useMemo(
    () => [
      { key: 'shipmentNo', header: t('tracking.columns.shipmentNo'), sortable: true, render: (r) => r.shipmentNo },
      {
        key: 'orderNo',
        header: t('tracking.columns.orderNo'),
        sortable: true,
        render: (r) =>
          canOpenOrders ? (
            <Link component={NextLink} href={pathTo('/my-orders/manage/[id]', { id: r.orderId })} sx={{ whiteSpace: 'nowrap' }}>
              {r.orderNo}
            </Link>
          ) : (
            <span style={{ whiteSpace: 'nowrap' }}>{r.orderNo}</span>
          ),
      },
      { key: 'createdAt', header: t('tracking.columns.createdAt'), sortable: true, render: (r) => formatDate(r.createdAt, locale) },
      { key: 'courier', header: t('tracking.columns.courier'), render: (r) => courierLabel(t, r.courier) },
      { key: 'trackingNo', header: t('tracking.columns.trackingNo'), hideOnMobile: true, render: (r) => <TrackingNumber courier={r.courier} trackingNo={r.trackingNo} /> },
      { key: 'lastUpdate', header: t('tracking.columns.lastUpdate'), hideOnMobile: true, render: (r) => formatDateTime(r.lastEventAt ?? r.updatedAt, locale) },
      { key: 'status', header: t('tracking.columns.status'), sortable: true, render: (r) => <StatusChip status={r.status} /> },
    ],
    [t, locale, canOpenOrders],
  );

  return (
    <ListScreen<ShipmentListItem, ShipmentSortField>
      endpoint={trackingContract.endpoints.listShipments}
      schema={listShipmentsSchema}
      header={{ title: t('tracking.title'), subtitle: t('tracking.subtitle') }}
      columns={columns}
      rowHref={(r) => pathTo('/my-orders/track/[id]', { id: r.id })}
      label={t('tracking.listLabel')}
      defaults={{ sort: { field: 'createdAt', direction: 'desc' } }}
      filterConfig={filterConfig}
      emptyMessage={t('tracking.empty')}
      emptyFilteredMessage={t('tracking.emptyFiltered')}
    />
  );
}
