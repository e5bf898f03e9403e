import { useMemo, useState } from 'react';
import { useRouter } from 'next/router';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { DataTable, type DataTableColumn } from '@/components/common/DataTable';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import { PageHeader } from '@/components/common/PageHeader';
import { StatusChip } from '@/components/common/StatusChip';
import { isEmptyFilterValue } from '@/components/common/listQueryUrl';
import { useListQuery } from '@/components/common/useListQuery';
import { ordersContract } from '@/lib/orders/contract';
import { formatDate, formatMoney, pickLocalized } from '@/lib/i18n/locales';
import {
  ORDER_SORT_FIELDS,
  ORDER_STATUSES,
  ORDER_TYPES,
  orderFilterSchema,
  type OrderListItem,
  type OrderSortField,
} from '@/lib/orders/schemas';
import { Can } from '@/components/common/Can';
import { itemsSummary } from './format';
import { PlaceOrderDialog } from './PlaceOrderDialog';

type OrderFilterValues = {
  status?: readonly string[];
  type?: readonly string[];
  dateFrom?: string;
  dateTo?: string;
  q?: string;
};

/** `/my-orders/manage`: the customer's orders in the shared data table, filters in the URL, and "place toner order". */
export function OrdersScreen() {
  const { t } = useTranslation(['page', 'common']);
  const router = useRouter();
  const locale = router.locale;
  const [placing, setPlacing] = useState(false);

  const list = useListQuery<OrderListItem, OrderSortField, OrderFilterValues>(
    ordersContract.endpoints.listOrders,
    { sort: { field: 'createdAt', direction: 'desc' }, sortFields: ORDER_SORT_FIELDS, filterSchema: orderFilterSchema },
  );
  const filter = list.query.filter;
  const hasFilter = Object.values(filter).some((v) => !isEmptyFilterValue(v));

  const filters: FilterDef[] = useMemo(
    () => [
      { type: 'search', key: 'q', label: t('orders.filters.search') },
      {
        type: 'select',
        key: 'status',
        array: true,
        label: t('orders.filters.status'),
        options: ORDER_STATUSES.map((s) => ({ value: s, label: t(`common:status.${s}`) })),
      },
      {
        type: 'select',
        key: 'type',
        array: true,
        label: t('orders.filters.type'),
        options: ORDER_TYPES.map((s) => ({ value: s, label: t(`orders.type.${s}`) })),
      },
      { type: 'dateRange', fromKey: 'dateFrom', toKey: 'dateTo', fromLabel: t('orders.filters.from'), toLabel: t('orders.filters.to') },
    ],
    [t],
  );

  const columns: DataTableColumn<OrderListItem, OrderSortField>[] = useMemo(
    () => [
      { key: 'orderNo', header: t('orders.columns.orderNo'), sortable: true, render: (r) => r.orderNo },
      { key: 'createdAt', header: t('orders.columns.date'), sortable: true, render: (r) => formatDate(r.createdAt, locale) },
      { key: 'type', header: t('orders.columns.type'), render: (r) => t(`orders.type.${r.orderType}`) },
      {
        key: 'machine',
        header: t('orders.columns.machine'),
        hideOnMobile: true,
        render: (r) =>
          r.machine ? (
            <Box>
              <Typography variant="body2">{r.machine.serialNo}</Typography>
              <Typography variant="caption" color="text.secondary">
                {pickLocalized(locale, r.machine.modelNameEn, r.machine.modelNameZh)}
              </Typography>
            </Box>
          ) : (
            t('orders.noMachine')
          ),
      },
      { key: 'items', header: t('orders.columns.items'), render: (r) => itemsSummary(t, locale, r) },
      { key: 'total', header: t('orders.columns.total'), align: 'right', render: (r) => formatMoney(r.totalCents, locale) },
      { key: 'status', header: t('orders.columns.status'), sortable: true, render: (r) => <StatusChip status={r.status} /> },
    ],
    [t, locale],
  );

  return (
    <>
      <PageHeader
        title={t('orders.title')}
        subtitle={t('orders.subtitle')}
        actions={
          <Can anyOf={['mgt_order_write']}>
            <Button variant="contained" startIcon={<AddShoppingCartIcon aria-hidden />} onClick={() => setPlacing(true)}>
              {t('orders.placeOrder')}
            </Button>
          </Can>
        }
      />
      <DataTable
        {...list.tableProps}
        columns={columns}
        getRowId={(r) => r.id}
        rowHref={(r) => `/my-orders/manage/${r.id}`}
        label={t('orders.listLabel')}
        emptyMessage={hasFilter ? t('orders.emptyFiltered') : t('orders.empty')}
        filters={
          <FilterBar
            filters={filters}
            value={filter}
            onChange={(patch) => list.setFilter(patch as Partial<OrderFilterValues>)}
            onClear={list.clearFilter}
          />
        }
      />
      {placing ? <PlaceOrderDialog open onClose={() => setPlacing(false)} /> : null}
    </>
  );
}
