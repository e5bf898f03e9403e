import { useMemo } from 'react';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { DataTable, type DataTableColumn } from '@/components/common/DataTable';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import { PageHeader } from '@/components/common/PageHeader';
import { StatusChip } from '@/components/common/StatusChip';
import { isEmptyFilterValue } from '@/components/common/listQueryUrl';
import { useListQuery } from '@/components/common/useListQuery';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { formatDate, formatDateTime, formatMoney, pickLocalized } from '@/lib/i18n/locales';
import {
  SLIP_SORT_FIELDS,
  SLIP_STATUSES,
  listForReviewSchema,
  type ReviewListItem,
  type SlipSortField,
} from '@/lib/paymentSlips/schemas';

type ReviewFilterValues = { status?: readonly string[]; q?: string; dateFrom?: string; dateTo?: string; ucpId?: string };

export const REVIEW_PAGE = '/admin-controls/payment-slip-review';

/** `/admin-controls/payment-slip-review`: provider staff's queue of payment slips (pending first), all customers. */
export function SlipReviewListScreen() {
  const { t } = useTranslation(['page', 'common']);
  const { locale } = useRouter();
  const list = useListQuery<ReviewListItem, SlipSortField, ReviewFilterValues>(
    paymentSlipsContract.endpoints.listForReview,
    { sortFields: SLIP_SORT_FIELDS, filterSchema: listForReviewSchema.shape.filter.unwrap(), filter: { status: ['pending'] } },
  );
  const filter = list.query.filter;
  const hasFilter = Object.values(filter).some((v) => !isEmptyFilterValue(v));

  const filters: FilterDef[] = useMemo(
    () => [
      { type: 'search', key: 'q', label: t('slipReview.filters.search') },
      {
        type: 'select',
        key: 'status',
        array: true,
        label: t('slipReview.filters.status'),
        options: SLIP_STATUSES.map((s) => ({ value: s, label: t(`common:status.${s}`) })),
      },
      { type: 'dateRange', fromKey: 'dateFrom', toKey: 'dateTo', fromLabel: t('slipReview.filters.from'), toLabel: t('slipReview.filters.to') },
    ],
    [t],
  );

  const columns: DataTableColumn<ReviewListItem, SlipSortField>[] = useMemo(
    () => [
      { key: 'slipNo', header: t('slipReview.columns.slipNo'), sortable: true, render: (r) => r.slipNo },
      {
        key: 'customer',
        header: t('slipReview.columns.customer'),
        render: (r) => (
          <Box>
            <Typography variant="body2">{pickLocalized(locale, r.customerNameEn, r.customerNameZh)}</Typography>
            <Typography variant="caption" color="text.secondary">
              {r.ucpId}
            </Typography>
          </Box>
        ),
      },
      { key: 'createdAt', header: t('slipReview.columns.uploaded'), sortable: true, render: (r) => formatDateTime(r.createdAt, locale) },
      { key: 'paymentDate', header: t('slipReview.columns.paymentDate'), sortable: true, hideOnMobile: true, render: (r) => formatDate(r.paymentDate, locale) },
      { key: 'method', header: t('slipReview.columns.method'), hideOnMobile: true, render: (r) => t(`paymentSlips.method.${r.paymentMethod}`) },
      { key: 'amount', header: t('slipReview.columns.amount'), sortable: true, align: 'right', render: (r) => formatMoney(r.amountCents, locale) },
      { key: 'bills', header: t('slipReview.columns.bills'), hideOnMobile: true, render: (r) => r.bills.map((b) => b.billNo).join(', ') },
      { key: 'status', header: t('slipReview.columns.status'), render: (r) => <StatusChip status={r.status} /> },
    ],
    [t, locale],
  );

  return (
    <>
      <PageHeader title={t('slipReview.title')} subtitle={t('slipReview.subtitle')} breadcrumbs={[{ label: t('slipReview.admin') }, { label: t('slipReview.title') }]} />
      <DataTable
        {...list.tableProps}
        columns={columns}
        getRowId={(r) => r.id}
        rowHref={(r) => `${REVIEW_PAGE}/${r.id}`}
        label={t('slipReview.listLabel')}
        emptyMessage={hasFilter ? t('slipReview.emptyFiltered') : t('slipReview.empty')}
        filters={
          <FilterBar
            filters={filters}
            value={filter}
            onChange={(patch) => list.setFilter(patch as Partial<ReviewFilterValues>)}
            onClear={list.clearFilter}
          />
        }
      />
    </>
  );
}
