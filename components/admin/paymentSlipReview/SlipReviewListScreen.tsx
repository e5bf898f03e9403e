import { useMemo } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import type { FilterConfig } from '@/components/common/listSchema';
import { StatusChip } from '@/components/common/StatusChip';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { formatDate, formatDateTime, formatMoney } from '@/lib/i18n/locales';
import { listForReviewSchema, type ReviewListItem, type SlipSortField } from '@/lib/paymentSlips/schemas';
import { pathTo } from '@/lib/paths';
import { customerColumn } from '@/components/common/CustomerCell';
import { BillNumberList } from '@/components/bills/BillNumberList';

export const REVIEW_PAGE = pathTo('/admin-controls/payment-slip-review');

/** `/admin-controls/payment-slip-review`: provider staff's queue of payment slips (pending first), all customers. */
export function SlipReviewListScreen() {
  const { t } = useTranslation(['slipReview', 'bills', 'common']);
  const { locale } = useRouter();
  const filterConfig: FilterConfig = useMemo(
    () => ({
      q: { label: t('slipReview.filters.search') },
      status: { label: t('slipReview.filters.status'), optionLabel: (s) => t(`common:status.${s}`) },
      dateFrom: { fromLabel: t('slipReview.filters.from'), toLabel: t('slipReview.filters.to') },
      // One customer's slips: reached by the search (UCP id), not a control of its own.
      ucpId: false,
    }),
    [t],
  );

  const columns: DataTableColumn<ReviewListItem, SlipSortField>[] = useMemo(
    () => [
      { key: 'slipNo', header: t('slipReview.columns.slipNo'), sortable: true, render: (r) => r.slipNo },
      customerColumn(t('slipReview.columns.customer')),
      { key: 'createdAt', header: t('slipReview.columns.uploaded'), sortable: true, render: (r) => formatDateTime(r.createdAt, locale) },
      { key: 'paymentDate', header: t('slipReview.columns.paymentDate'), sortable: true, hideOnMobile: true, render: (r) => formatDate(r.paymentDate, locale) },
      { key: 'method', header: t('slipReview.columns.method'), hideOnMobile: true, render: (r) => t(`bills:paymentSlips.method.${r.paymentMethod}`) },
      { key: 'amount', header: t('slipReview.columns.amount'), sortable: true, align: 'right', render: (r) => formatMoney(r.amountCents, locale) },
      { key: 'bills', header: t('slipReview.columns.bills'), hideOnMobile: true, render: (r) => <BillNumberList numbers={r.bills.map((b) => b.billNo)} /> },
      { key: 'status', header: t('slipReview.columns.status'), render: (r) => <StatusChip status={r.status} /> },
    ],
    [t, locale],
  );

  return (
    <ListScreen<ReviewListItem, SlipSortField>
      endpoint={paymentSlipsContract.endpoints.listForReview}
      schema={listForReviewSchema}
      header={{ title: t('slipReview.title'), subtitle: t('slipReview.subtitle'), breadcrumbs: [{ label: t('slipReview.admin') }, { label: t('slipReview.title') }] }}
      columns={columns}
      rowHref={(r) => pathTo('/admin-controls/payment-slip-review/[id]', { id: r.id })}
      label={t('slipReview.listLabel')}
      // Pending first: the queue opens on what is waiting.
      defaults={{ filter: { status: ['pending'] } }}
      filterConfig={filterConfig}
      emptyMessage={t('slipReview.empty')}
      emptyFilteredMessage={t('slipReview.emptyFiltered')}
    />
  );
}
