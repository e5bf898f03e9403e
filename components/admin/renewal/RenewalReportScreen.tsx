import { useMemo, useState } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { DetailTable, type DetailTableColumn } from '@/components/common/DetailParts';
import { CsvExportButton, DownloadError } from '@/components/common/DownloadButton';
import { useDownload } from '@/components/common/useDownload';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import { invertedRanges } from '@/components/common/listQueryUrl';
import { PageHeader } from '@/components/common/PageHeader';
import { useUrlFilter } from '@/components/common/useUrlFilter';
import { visuallyHidden } from '@/components/common/visuallyHidden';
import { useEndpointQuery } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
import { formatMoney, formatMonth, pickLocalized } from '@/lib/i18n/locales';
import { RENEWAL_STATUSES } from '@/lib/renewal/constants';
import { renewalContract } from '@/lib/renewal/contract';
import { reportSchema, type LogFilter, type ReportRow } from '@/lib/renewal/schemas';

const R = renewalContract.endpoints;

/**
 * The filters the report offers, kept in the URL as every list's are (`?status=declined&offerId=…&dateFrom=…`): they
 * lived in the screen's state, so choosing "Declined" left the URL unchanged and a link with `?status=declined` was
 * ignored (QA).
 */
const REPORT_FILTER = reportSchema.shape.filter.unwrap().pick({ status: true, offerId: true, dateFrom: true, dateTo: true });

/**
 * A short value kept on one line: from 900 px the table scrolls sideways if it must instead of squeezing its columns
 * until a status or a heading stood one character a line and the last amount was cut off (QA). Below 900 px (a phone,
 * a tablet) each row is a card (DetailTable `cardsBelow="md"`), its month as the title and the other columns as label
 * and value: in a table scrolled sideways the amounts could not be tied to their month and status (QA, 390 px), and
 * from 600 to 899 px they were out of sight.
 */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/** The offer, the one column that may wrap, kept readable. */
const OFFER_CELL = { minWidth: 200 } as const;

/** An amount of the report; none (a dash, read out as "no readings to price") when no renewal of the row was priced. */
function Amount({ cents }: { cents: number | null }) {
  const { t } = useTranslation('renewal');
  const { locale } = useRouter();
  if (cents !== null) return <>{formatMoney(cents, locale)}</>;
  return (
    <>
      <span aria-hidden>–</span>
      <Box component="span" sx={visuallyHidden}>
        {t('report.notPriced')}
      </Box>
    </>
  );
}

/** `/admin-controls/customer-contract-renewal-report`: renewals by month, status and offer; CSV export. */
export function RenewalReportScreen() {
  const { t } = useTranslation(['renewal', 'common']);
  const { locale } = useRouter();
  const { filter, ready, setFilter, clearFilter } = useUrlFilter<LogFilter>(REPORT_FILTER);
  // A date box holding no date, or a range that ends before it starts: the report is not asked (it would be unfiltered,
  // or refused); the filter's field says what is wrong and the table says to correct the dates.
  const [datesInvalid, setDatesInvalid] = useState(false);
  const notAsked = datesInvalid || invertedRanges(filter).length > 0;
  const download = useDownload();
  const asked = useEndpointQuery(R.report, notAsked || !ready ? null : { filter });
  const report = notAsked ? { data: undefined, apiError: null } : asked;
  const offers = useEndpointQuery(R.listOffers, { page: 1, pageSize: 100 });
  const filters: FilterDef[] = useMemo(
    () => [
      { type: 'select', key: 'status', array: true, label: t('renewal:logs.columns.status'), options: RENEWAL_STATUSES.map((s) => ({ value: s, label: t(`renewal:status.${s}`) })) },
      { type: 'select', key: 'offerId', label: t('renewal:logs.columns.offer'), options: (offers.data?.items ?? []).map((o) => ({ value: o.id, label: o.offerCode })) },
      { type: 'dateRange', fromKey: 'dateFrom', toKey: 'dateTo', fromLabel: t('renewal:logs.from'), toLabel: t('renewal:logs.to') },
    ],
    [t, offers.data],
  );
  const columns: DetailTableColumn<ReportRow>[] = useMemo(
    () => [
      { header: t('renewal:report.month'), sx: NO_WRAP, render: (r) => formatMonth(r.period, locale, 'long') },
      { header: t('renewal:logs.columns.status'), sx: NO_WRAP, render: (r) => t(`renewal:status.${r.status}`) },
      { header: t('renewal:logs.columns.offer'), sx: OFFER_CELL, render: (r) => `${r.offerCode} · ${pickLocalized(locale, r.offerNameEn, r.offerNameZh)}` },
      { header: t('renewal:report.count'), align: 'right', sx: NO_WRAP, render: (r) => r.count },
      { header: t('renewal:report.priced'), align: 'right', sx: NO_WRAP, render: (r) => r.priced },
      { header: t('renewal:report.currentCost'), align: 'right', sx: NO_WRAP, render: (r) => <Amount cents={r.priced ? r.currentCostCents : null} /> },
      { header: t('renewal:report.offerCost'), align: 'right', sx: NO_WRAP, render: (r) => <Amount cents={r.priced ? r.offerCostCents : null} /> },
    ],
    [t, locale],
  );
  const totals = report.data?.totals;
  return (
    <>
      <PageHeader
        title={t('renewal:report.title')}
        subtitle={t('renewal:report.subtitle')}
        actions={
          <CsvExportButton
            download={download}
            label={t('renewal:report.export')}
            endpoint={R.exportReport}
            filter={filter}
            fileName={{ en: 'renewal-report.csv', tc: '續約報告.csv' }}
            testId="export-report"
          />
        }
      />
      <DownloadError download={download} sx={{ mb: 2 }} />
      <FilterBar filters={filters} value={filter} onChange={(patch) => setFilter(patch as Partial<LogFilter>)} onClear={clearFilter} onInvalidChange={setDatesInvalid} />
      {report.apiError ? <Alert severity="error">{t(errorKey(report.apiError.code))}</Alert> : null}
      {totals ? (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', my: 2 }} data-testid="report-totals">
          <Chip label={t('renewal:report.total', { count: totals.count })} />
          {RENEWAL_STATUSES.map((s) => (
            <Chip key={s} variant="outlined" label={t('renewal:report.byStatus', { status: t(`renewal:status.${s}`), count: totals.byStatus[s] })} />
          ))}
        </Box>
      ) : null}
      <Box data-testid="report-table">
        {notAsked ? (
          <Typography color="text.secondary">{t('common:ui.table.notAsked')}</Typography>
        ) : report.data ? (
          <DetailTable<ReportRow>
            label={t('renewal:report.title')}
            columns={columns}
            rows={report.data.rows}
            rowKey={(r) => `${r.period}-${r.status}-${r.offerId}`}
            empty={t('renewal:report.empty')}
            cardsBelow="md"
          />
        ) : null}
      </Box>
    </>
  );
}
