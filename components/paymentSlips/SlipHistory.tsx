import { useEffect, useMemo } from 'react';
import { useRouter } from 'next/router';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { DownloadButton } from '@/components/bills/DownloadButton';
import { useDownload } from '@/components/bills/useDownload';
import { DataTable, type DataTableColumn } from '@/components/common/DataTable';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import { StatusChip } from '@/components/common/StatusChip';
import { isEmptyFilterValue } from '@/components/common/listQueryUrl';
import { useListQuery } from '@/components/common/useListQuery';
import { paymentSlipsContract } from '@/lib/paymentSlips/contract';
import { downloadSlipFile } from '@/lib/api/paymentSlips';
import { errorKey } from '@/lib/errors';
import { formatDate, formatDateTime, formatMoney } from '@/lib/i18n/locales';
import { SLIP_SORT_FIELDS, SLIP_STATUSES, listSlipsSchema, type SlipListItem, type SlipSortField } from '@/lib/paymentSlips/schemas';

type SlipFilterValues = { status?: readonly string[] };

/**
 * The customer's payment slips (own, or all with `payslip_upload_read_all`), with status and the reviewer's comment.
 * A new `refreshKey` reloads the list (after an upload).
 */
export function SlipHistory({ refreshKey = 0 }: { refreshKey?: number }) {
  const { t } = useTranslation(['page', 'common', 'error']);
  const { locale } = useRouter();
  const download = useDownload();
  const list = useListQuery<SlipListItem, SlipSortField, SlipFilterValues>(
    paymentSlipsContract.endpoints.listSlips,
    { sort: { field: 'createdAt', direction: 'desc' }, sortFields: SLIP_SORT_FIELDS, filterSchema: listSlipsSchema.shape.filter.unwrap() },
  );
  const { reload } = list;
  useEffect(() => {
    if (refreshKey > 0) reload();
  }, [refreshKey, reload]);
  const filter = list.query.filter;
  const hasFilter = Object.values(filter).some((v) => !isEmptyFilterValue(v));

  const filters: FilterDef[] = useMemo(
    () => [{ type: 'select', key: 'status', array: true, label: t('paymentSlips.history.status'), options: SLIP_STATUSES.map((s) => ({ value: s, label: t(`common:status.${s}`) })) }],
    [t],
  );

  const columns: DataTableColumn<SlipListItem, SlipSortField>[] = useMemo(
    () => [
      { key: 'slipNo', header: t('paymentSlips.history.slipNo'), sortable: true, render: (r) => r.slipNo },
      { key: 'createdAt', header: t('paymentSlips.history.uploaded'), sortable: true, hideOnMobile: true, render: (r) => formatDateTime(r.createdAt, locale) },
      { key: 'paymentDate', header: t('paymentSlips.history.paymentDate'), sortable: true, render: (r) => formatDate(r.paymentDate, locale) },
      { key: 'method', header: t('paymentSlips.history.method'), hideOnMobile: true, render: (r) => t(`paymentSlips.method.${r.paymentMethod}`) },
      { key: 'amount', header: t('paymentSlips.history.amount'), sortable: true, align: 'right', render: (r) => formatMoney(r.amountCents, locale) },
      { key: 'bills', header: t('paymentSlips.history.bills'), render: (r) => r.bills.map((b) => b.billNo).join(', ') },
      { key: 'status', header: t('paymentSlips.history.status'), render: (r) => <StatusChip status={r.status} /> },
      {
        key: 'comment',
        header: t('paymentSlips.history.comment'),
        render: (r) =>
          r.reviewComment ? (
            <Typography variant="body2" sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
              {r.reviewComment}
            </Typography>
          ) : (
            ''
          ),
      },
      {
        key: 'file',
        header: t('paymentSlips.history.file'),
        align: 'center',
        render: (r) => (
          <DownloadButton
            compact
            label={t('paymentSlips.history.downloadFile', { slipNo: r.slipNo })}
            busyLabel={t('bills.actions.preparing')}
            busy={download.busyKey === r.id}
            progress={download.progress}
            disabled={download.busyKey !== null}
            onClick={() => void download.run(r.id, (opts) => downloadSlipFile(r.id, opts), r.slipNo)}
            icon={<AttachFileIcon fontSize="small" aria-hidden />}
          />
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, locale, download.busyKey, download.progress],
  );

  return (
    <>
      {download.error ? (
        <Alert severity="error" onClose={download.clearError} sx={{ mb: 2 }}>
          {t(errorKey(download.error.code))}
        </Alert>
      ) : null}
      <DataTable
        {...list.tableProps}
        columns={columns}
        getRowId={(r) => r.id}
        label={t('paymentSlips.history.title')}
        emptyMessage={hasFilter ? t('paymentSlips.history.emptyFiltered') : t('paymentSlips.history.empty')}
        filters={
          <FilterBar
            filters={filters}
            value={filter}
            onChange={(patch) => list.setFilter({ status: (patch.status as string[] | undefined) ?? [] })}
            onClear={list.clearFilter}
          />
        }
      />
    </>
  );
}
