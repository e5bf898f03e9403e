import { useMemo } from 'react';
import dynamic from 'next/dynamic';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'next-i18next/pages';
import type { DataTableColumn } from '@/components/common/DataTable';
import { ListScreen } from '@/components/common/ListScreen';
import type { FilterConfig } from '@/components/common/listSchema';
import type { FilterValues } from '@/components/common/listQueryUrl';
import { BillStatusChips } from './BillStatusChips';
import { billsContract } from '@/lib/bills/contract';
import { useEndpointQuery } from '@/lib/api/query';
import { hkToday } from '@/lib/dates/hongKong';
import { listBillsSchema, type BillListItem, type BillListResult, type BillSortField } from '@/lib/bills/schemas';
import { formatDate, formatMoney } from '@/lib/i18n/locales';
import { useCanAccess } from '@/components/common/Can';
import { SLIP_PAGE } from './access';
import { BillSummaryBar } from './BillSummaryBar';
import { DownloadError, EndpointDownloadButton } from '@/components/common/DownloadButton';
import { useDownload } from '@/components/common/useDownload';
import { LoadingCode, useOpenedOnce } from '@/components/common/lazyParts';
import { pathTo } from '@/lib/paths';
import { NoBreak } from '@/components/common/NoBreak';
import { useUrlParam } from '@/components/common/useUrlParam';

/**
 * A bill's detail loads its code when a bill is first opened (or the page is opened with `?bill=`), not with the list
 * (docs/performance.md "Dialogs loaded when opened"); once opened it stays mounted so its closing transition plays.
 */
const BillDetailDialog = dynamic(() => import('./BillDetailDialog').then((m) => m.BillDetailDialog), { ssr: false, loading: LoadingCode });

/** `?bill=<id>` opens that bill's detail: the spec has no bill detail route, so the bills page is the deep link. */
const BILL_PARAM = 'bill';

/**
 * `/my-account/manage-my-bills`: the customer's bills in the shared data table (filters in the URL), the account's
 * outstanding and overdue totals, each bill's detail and PDF, and the statement of account as PDF or CSV.
 */
export function BillsScreen() {
  const { t } = useTranslation(['bills', 'common', 'error']);
  const { locale } = useRouter();
  const download = useDownload();
  const canOpenSlips = useCanAccess(['payslip_upload_read', 'payslip_upload_read_all']);
  const contractOptions = useEndpointQuery(billsContract.endpoints.listBillContracts, {});
  const contracts = contractOptions.data;

  const [openBill, setOpenBill] = useUrlParam(BILL_PARAM);
  const billOpened = useOpenedOnce(openBill !== null);

  const filterConfig: FilterConfig = useMemo(
    () => ({
      q: { label: t('bills.filters.search') },
      status: { label: t('bills.filters.status'), optionLabel: (s) => t(`common:status.${s}`) },
      // A uuid: offered as a choice of the customer's contracts.
      contractId: {
        def: { type: 'select', key: 'contractId', label: t('bills.filters.contract'), options: (contracts ?? []).map((c) => ({ value: c.id, label: c.contractNo })) },
      },
      dateFrom: { fromLabel: t('bills.filters.from'), toLabel: t('bills.filters.to') },
    }),
    [t, contracts],
  );

  const pdf = (row: BillListItem) => (
    <EndpointDownloadButton
      download={download}
      compact
      label={t('bills.actions.downloadPdfOf', { billNo: row.billNo })}
      runKey={`pdf:${row.id}`}
      endpoint={billsContract.endpoints.downloadBillPdf}
      body={{ id: row.id }}
      fileName={`bill-${row.billNo}.pdf`}
      icon={<PictureAsPdfIcon fontSize="small" aria-hidden />}
      testId={`bill-pdf-${row.billNo}`}
    />
  );

  const columns: DataTableColumn<BillListItem, BillSortField>[] = useMemo(
    () => [
      { key: 'billNo', header: t('bills.columns.billNo'), sortable: true, render: (r) => r.billNo },
      // Which contract the bill is for (the filter offers the same numbers); a contract number stays whole.
      { key: 'contract', header: t('bills.columns.contract'), render: (r) => (r.contractNo ? <NoBreak>{r.contractNo}</NoBreak> : '—') },
      {
        key: 'period',
        header: t('bills.columns.period'),
        // keep-all: on a phone's card a Chinese date broke inside itself ("2026年10\n月31日"); now only at the dash.
        render: (r) => <Box component="span" sx={{ wordBreak: 'keep-all' }}>{`${formatDate(r.periodStart, locale)} – ${formatDate(r.periodEnd, locale)}`}</Box>,
      },
      { key: 'billDate', header: t('bills.columns.billDate'), sortable: true, hideOnMobile: true, render: (r) => formatDate(r.billDate, locale) },
      { key: 'dueDate', header: t('bills.columns.dueDate'), sortable: true, render: (r) => formatDate(r.dueDate, locale) },
      { key: 'amount', header: t('bills.columns.amount'), sortable: true, align: 'right', render: (r) => formatMoney(r.amountCents, locale) },
      { key: 'balance', header: t('bills.columns.balance'), sortable: true, align: 'right', render: (r) => formatMoney(r.balanceCents, locale) },
      { key: 'status', header: t('bills.columns.status'), render: (r) => <BillStatusChips bill={r} /> },
      { key: 'pdf', header: t('bills.columns.pdf'), align: 'center', render: pdf },
    ],
    // `pdf` reads the download state: rebuild when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, locale, download.busyKey, download.progress],
  );

  const today = hkToday();
  const statement = (format: 'pdf' | 'csv') => (
    <EndpointDownloadButton
      download={download}
      label={t(`bills.actions.statement_${format}`)}
      runKey={`statement:${format}`}
      endpoint={billsContract.endpoints.downloadStatement}
      body={{ format, lang: locale === 'tc' ? 'tc' : 'en' }}
      fileName={`statement-${today}.${format}`}
      icon={format === 'pdf' ? <DescriptionIcon aria-hidden /> : <TableChartIcon aria-hidden />}
      testId={`statement-${format}`}
    />
  );

  return (
    <ListScreen<BillListItem, BillSortField, FilterValues, BillListResult>
      endpoint={billsContract.endpoints.listBills}
      schema={listBillsSchema}
      header={{
        title: t('bills.title'),
        subtitle: t('bills.subtitle'),
        actions: (
          <>
            {statement('pdf')}
            {statement('csv')}
            {canOpenSlips ? (
              <Button component={NextLink} href={pathTo(SLIP_PAGE)} variant="contained" startIcon={<UploadIcon aria-hidden />}>
                {t('bills.actions.slips')}
              </Button>
            ) : null}
          </>
        ),
      }}
      aboveTable={(list) => (
        <>
          <BillSummaryBar summary={list.data?.summary ?? null} />
          {openBill ? null : <DownloadError download={download} sx={{ mb: 2 }} testId="download-error" />}
        </>
      )}
      columns={columns}
      onRowClick={(r) => setOpenBill(r.id)}
      label={t('bills.listLabel')}
      defaults={{ sort: { field: 'billDate', direction: 'desc' } }}
      filterConfig={filterConfig}
      emptyMessage={t('bills.empty')}
      emptyFilteredMessage={t('bills.emptyFiltered')}
    >
      {() => (billOpened ? <BillDetailDialog billId={openBill} onClose={() => setOpenBill(null)} download={download} /> : null)}
    </ListScreen>
  );
}
