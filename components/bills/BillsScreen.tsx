import { useEffect, useMemo, useState } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import { DataTable, type DataTableColumn } from '@/components/common/DataTable';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import { PageHeader } from '@/components/common/PageHeader';
import { StatusChip } from '@/components/common/StatusChip';
import { isEmptyFilterValue } from '@/components/common/listQueryUrl';
import { useListQuery } from '@/components/common/useListQuery';
import { billsContract } from '@/lib/bills/contract';
import { downloadBillPdf, downloadStatement, listBillContracts } from '@/lib/api/bills';
import { hkToday } from '@/lib/bills/dates';
import {
  BILL_SORT_FIELDS,
  BILL_STATUSES,
  billListFilterSchema,
  type BillContractOption,
  type BillListItem,
  type BillListResult,
  type BillSortField,
  } from '@/lib/bills/schemas';
import { errorKey } from '@/lib/errors';
import { formatDate, formatMoney } from '@/lib/i18n/locales';
import { useCanAccess } from '@/components/common/Can';
import { SLIP_PAGE } from './access';
import { BillDetailDialog } from './BillDetailDialog';
import { BillSummaryBar } from './BillSummaryBar';
import { DownloadButton } from './DownloadButton';
import { useDownload } from './useDownload';

type BillFilterValues = {
  status?: readonly string[];
  contractId?: string;
  dateFrom?: string;
  dateTo?: string;
  q?: string;
};

/** `?bill=<id>` opens that bill's detail: the spec has no bill detail route, so the bills page is the deep link. */
const BILL_PARAM = 'bill';

/**
 * `/my-account/manage-my-bills`: the customer's bills in the shared data table (filters in the URL), the account's
 * outstanding and overdue totals, each bill's detail and PDF, and the statement of account as PDF or CSV.
 */
export function BillsScreen() {
  const { t } = useTranslation(['page', 'common', 'error']);
  const router = useRouter();
  const locale = router.locale;
  const download = useDownload();
  const canOpenSlips = useCanAccess(['payslip_upload_read', 'payslip_upload_read_all']);
  const [contracts, setContracts] = useState<BillContractOption[]>([]);

  const list = useListQuery<BillListItem, BillSortField, BillFilterValues, BillListResult>(
    billsContract.endpoints.listBills,
    { sort: { field: 'billDate', direction: 'desc' }, sortFields: BILL_SORT_FIELDS, filterSchema: billListFilterSchema },
  );
  const filter = list.query.filter;
  const hasFilter = Object.values(filter).some((v) => !isEmptyFilterValue(v));
  const summary = (list.data as BillListResult | null)?.summary ?? null;

  useEffect(() => {
    const controller = new AbortController();
    void listBillContracts({ signal: controller.signal }).then((r) => {
      if (r.ok) setContracts(r.data);
    });
    return () => controller.abort();
  }, []);

  const openBill = typeof router.query[BILL_PARAM] === 'string' ? (router.query[BILL_PARAM] as string) : null;
  const setOpenBill = (id: string | null) => {
    const query = { ...router.query };
    if (id) query[BILL_PARAM] = id;
    else delete query[BILL_PARAM];
    void router.replace({ pathname: router.pathname, query }, undefined, { shallow: true, scroll: false });
  };

  const filters: FilterDef[] = useMemo(
    () => [
      { type: 'search', key: 'q', label: t('bills.filters.search') },
      { type: 'select', key: 'status', array: true, label: t('bills.filters.status'), options: BILL_STATUSES.map((s) => ({ value: s, label: t(`common:status.${s}`) })) },
      { type: 'select', key: 'contractId', label: t('bills.filters.contract'), options: contracts.map((c) => ({ value: c.id, label: c.contractNo })) },
      { type: 'dateRange', fromKey: 'dateFrom', toKey: 'dateTo', fromLabel: t('bills.filters.from'), toLabel: t('bills.filters.to') },
    ],
    [t, contracts],
  );

  const pdf = (row: BillListItem) => (
    <DownloadButton
      compact
      label={t('bills.actions.downloadPdfOf', { billNo: row.billNo })}
      busyLabel={t('bills.actions.preparing')}
      busy={download.busyKey === `pdf:${row.id}`}
      progress={download.progress}
      disabled={download.busyKey !== null}
      onClick={() => void download.run(`pdf:${row.id}`, (opts) => downloadBillPdf(row.id, opts), `bill-${row.billNo}.pdf`)}
      icon={<PictureAsPdfIcon fontSize="small" aria-hidden />}
      testId={`bill-pdf-${row.billNo}`}
    />
  );

  const columns: DataTableColumn<BillListItem, BillSortField>[] = useMemo(
    () => [
      { key: 'billNo', header: t('bills.columns.billNo'), sortable: true, render: (r) => r.billNo },
      {
        key: 'period',
        header: t('bills.columns.period'),
        render: (r) => `${formatDate(r.periodStart, locale)} – ${formatDate(r.periodEnd, locale)}`,
      },
      { key: 'billDate', header: t('bills.columns.billDate'), sortable: true, hideOnMobile: true, render: (r) => formatDate(r.billDate, locale) },
      { key: 'dueDate', header: t('bills.columns.dueDate'), sortable: true, render: (r) => formatDate(r.dueDate, locale) },
      { key: 'amount', header: t('bills.columns.amount'), sortable: true, align: 'right', render: (r) => formatMoney(r.amountCents, locale) },
      { key: 'balance', header: t('bills.columns.balance'), align: 'right', hideOnMobile: true, render: (r) => formatMoney(r.balanceCents, locale) },
      { key: 'status', header: t('bills.columns.status'), render: (r) => <StatusChip status={r.status} /> },
      { key: 'pdf', header: t('bills.columns.pdf'), align: 'center', render: pdf },
    ],
    // `pdf` reads the download state: rebuild when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, locale, download.busyKey, download.progress],
  );

  const today = hkToday();
  const statement = (format: 'pdf' | 'csv') => (
    <DownloadButton
      label={t(`bills.actions.statement_${format}`)}
      busyLabel={t('bills.actions.preparing')}
      busy={download.busyKey === `statement:${format}`}
      progress={download.progress}
      disabled={download.busyKey !== null}
      onClick={() =>
        void download.run(`statement:${format}`, (opts) => downloadStatement(format, locale === 'tc' ? 'tc' : 'en', opts), `statement-${today}.${format}`)
      }
      icon={format === 'pdf' ? <DescriptionIcon aria-hidden /> : <TableChartIcon aria-hidden />}
      testId={`statement-${format}`}
    />
  );

  return (
    <>
      <PageHeader
        title={t('bills.title')}
        subtitle={t('bills.subtitle')}
        actions={
          <>
            {statement('pdf')}
            {statement('csv')}
            {canOpenSlips ? (
              <Button component={NextLink} href={SLIP_PAGE} variant="contained" startIcon={<UploadIcon aria-hidden />}>
                {t('bills.actions.slips')}
              </Button>
            ) : null}
          </>
        }
      />
      <BillSummaryBar summary={summary} />
      {download.error && !openBill ? (
        <Alert severity="error" onClose={download.clearError} sx={{ mb: 2 }} data-testid="download-error">
          {t(errorKey(download.error.code))}
        </Alert>
      ) : null}
      <Box>
        <DataTable
          {...list.tableProps}
          columns={columns}
          getRowId={(r) => r.id}
          onRowClick={(r) => setOpenBill(r.id)}
          label={t('bills.listLabel')}
          emptyMessage={hasFilter ? t('bills.emptyFiltered') : t('bills.empty')}
          filters={
            <FilterBar
              filters={filters}
              value={filter}
              onChange={(patch) => list.setFilter(patch as Partial<BillFilterValues>)}
              onClear={list.clearFilter}
            />
          }
        />
      </Box>
      <BillDetailDialog billId={openBill} onClose={() => setOpenBill(null)} download={download} />
    </>
  );
}
