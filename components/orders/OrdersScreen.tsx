import { useMemo, useState } from 'react';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import type { FilterConfig } from '@/components/common/listSchema';
import { StatusChip } from '@/components/common/StatusChip';
import { ordersContract } from '@/lib/orders/contract';
import { formatDate, formatMoney, pickLocalized } from '@/lib/i18n/locales';
import { listOrdersSchema, OPEN_ORDER_GROUP, type OrderListItem, type OrderSortField } from '@/lib/orders/schemas';
import { Can, useCanAccess } from '@/components/common/Can';
import { itemsSummary } from './format';
import { pathTo } from '@/lib/paths';
import { TwoLineCell } from '@/components/common/CustomerCell';
import { LoadingCode } from '@/components/common/lazyParts';
import { useUrlParam } from '@/components/common/useUrlParam';

/**
 * The order form (its steps, react-hook-form, the dialog) loads when it is first opened: the list is what the page
 * shows first, and most visits place no order (docs/performance.md "Dialogs loaded when opened").
 */
const PlaceOrderDialog = dynamic(() => import('./PlaceOrderDialog').then((m) => m.PlaceOrderDialog), { ssr: false, loading: LoadingCode });

/** `/my-orders/manage`: the customer's orders, filters in the URL (from the list's schema), and "place toner order". */
export function OrdersScreen() {
  const { t } = useTranslation(['orders', 'common']);
  const { locale } = useRouter();
  const [placing, setPlacing] = useState(false);
  // `?placeFor=<machine id>` (a machine's "order toner"): the order form opens with that machine chosen.
  const [placeFor, setPlaceFor] = useUrlParam('placeFor');
  const mayPlace = useCanAccess(['mgt_order_write']);
  const closePlacing = () => {
    setPlacing(false);
    if (placeFor) setPlaceFor(null);
  };

  const filterConfig: FilterConfig = useMemo(
    () => ({
      q: { label: t('orders.filters.search') },
      // `open` is the group the home card counts (pending, confirmed, processing, shipped).
      status: { label: t('orders.filters.status'), optionLabel: (s) => (s === OPEN_ORDER_GROUP ? t('orders.filters.openGroup') : t(`common:status.${s}`)) },
      type: { label: t('orders.filters.type'), optionLabel: (s) => t(`orders.type.${s}`) },
      dateFrom: { fromLabel: t('orders.filters.from'), toLabel: t('orders.filters.to') },
    }),
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
            <TwoLineCell primary={r.machine.serialNo} secondary={pickLocalized(locale, r.machine.modelNameEn, r.machine.modelNameZh)} />
          ) : (
            t('orders.noMachine')
          ),
      },
      { key: 'items', header: t('orders.columns.items'), render: (r) => itemsSummary(t, locale, r) },
      { key: 'total', header: t('orders.columns.total'), sortable: true, align: 'right', render: (r) => formatMoney(r.totalCents, locale) },
      { key: 'status', header: t('orders.columns.status'), sortable: true, render: (r) => <StatusChip status={r.status} /> },
    ],
    [t, locale],
  );

  return (
    <ListScreen<OrderListItem, OrderSortField>
      endpoint={ordersContract.endpoints.listOrders}
      schema={listOrdersSchema}
      header={{
        title: t('orders.title'),
        subtitle: t('orders.subtitle'),
        actions: (
          <Can anyOf={['mgt_order_write']}>
            <Button variant="contained" startIcon={<AddShoppingCartIcon aria-hidden />} onClick={() => setPlacing(true)}>
              {t('orders.placeOrder')}
            </Button>
          </Can>
        ),
      }}
      columns={columns}
      rowHref={(r) => pathTo('/my-orders/manage/[id]', { id: r.id })}
      label={t('orders.listLabel')}
      defaults={{ sort: { field: 'createdAt', direction: 'desc' } }}
      filterConfig={filterConfig}
      emptyMessage={t('orders.empty')}
      emptyFilteredMessage={t('orders.emptyFiltered')}
    >
      {() => (placing || (placeFor && mayPlace) ? <PlaceOrderDialog open onClose={closePlacing} initialMachineId={placeFor} /> : null)}
    </ListScreen>
  );
}
