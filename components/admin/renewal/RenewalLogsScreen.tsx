import { useMemo } from 'react';
import { useRouter } from 'next/router';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'next-i18next/pages';
import type { DataTableColumn } from '@/components/common/DataTable';
import { DetailSection, FactsSection } from '@/components/common/DetailParts';
import { DetailScreen, useRouteRecord } from '@/components/common/DetailScreen';
import { ListScreen } from '@/components/common/ListScreen';
import { PageHeader } from '@/components/common/PageHeader';
import { StatusChip } from '@/components/common/StatusChip';
import { ContractHistory } from '@/components/contracts/ContractHistory';
import { NoBreak } from '@/components/common/NoBreak';
import { formatDate, formatDateTime, formatMoney, pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { renewalContract } from '@/lib/renewal/contract';
import type { RenewalLogItem } from '@/lib/renewal/schemas';
import { customerColumn } from '@/components/common/CustomerCell';
import { renewalTermsLine } from '@/components/renewal/termsLine';

const R = renewalContract.endpoints;
type SortField = 'submittedAt' | 'renewalNo';

/** `/admin-controls/customer-contract-renewal-logs`: every customer's renewals, who submitted what and when. */
export function RenewalLogsScreen() {
  const { t } = useTranslation(['renewal', 'common']);
  const { locale } = useRouter();
  const columns: DataTableColumn<RenewalLogItem, SortField>[] = useMemo(
    () => [
      { key: 'renewalNo', header: t('renewal:logs.columns.renewalNo'), sortable: true, render: (r) => <NoBreak>{r.renewalNo}</NoBreak> },
      customerColumn(t('renewal:logs.columns.customer')),
      { key: 'contract', header: t('renewal:logs.columns.contract'), render: (r) => <NoBreak>{r.contractNo}</NoBreak> },
      {
        key: 'offer',
        header: t('renewal:logs.columns.offer'),
        hideOnMobile: true,
        render: (r) => (
          <>
            <NoBreak>{r.offerCode}</NoBreak> · {pickLocalized(locale, r.offerNameEn, r.offerNameZh)}
          </>
        ),
      },
      { key: 'submittedAt', header: t('renewal:logs.columns.submittedAt'), sortable: true, render: (r) => formatDateTime(r.submittedAt, locale) },
      { key: 'by', header: t('renewal:logs.columns.by'), hideOnMobile: true, render: (r) => r.submittedByName },
      { key: 'status', header: t('renewal:logs.columns.status'), render: (r) => <StatusChip status={r.status === 'submitted' ? 'pending' : r.status === 'declined' ? 'reject' : r.status} label={t(`renewal:status.${r.status}`)} /> },
    ],
    [t, locale],
  );
  return (
    <ListScreen<RenewalLogItem, SortField>
      endpoint={R.listLogs}
      header={{ title: t('renewal:logs.title'), subtitle: t('renewal:logs.subtitle') }}
      columns={columns}
      rowHref={(r) => pathTo('/admin-controls/customer-contract-renewal-logs/[id]', { id: r.id })}
      defaults={{ sort: { field: 'submittedAt', direction: 'desc' } }}
      filterConfig={{
        q: { label: t('renewal:logs.search') },
        status: { label: t('renewal:logs.columns.status'), optionLabel: (s) => t(`renewal:status.${s}`) },
        offerId: false,
        dateFrom: { fromLabel: t('renewal:logs.from'), toLabel: t('renewal:logs.to') },
      }}
      emptyMessage={t('renewal:logs.empty')}
    />
  );
}

/** `/admin-controls/customer-contract-renewal-logs/[id]`: one renewal, its terms, the comparison shown and the contract's history. */
export function RenewalLogDetailScreen() {
  const { t } = useTranslation(['renewal', 'contracts', 'common']);
  const { locale } = useRouter();
  const query = useRouteRecord(R.getLog);
  const money = (c: number) => formatMoney(c, locale);
  return (
    <DetailScreen
      query={query}
      title={query.data ? t('renewal:logs.detailTitle', { renewalNo: query.data.renewalNo }) : t('renewal:logs.title')}
      back={{ href: pathTo('/admin-controls/customer-contract-renewal-logs'), label: t('renewal:logs.back') }}
      notFoundTitle={t('renewal:logs.notFoundTitle')}
      notFoundBody={t('renewal:logs.notFoundBody')}
    >
      {(r) => (
        <>
          {/* DetailScreen draws the header only while loading or failing: the loaded record brings its own h1. */}
          <PageHeader
            title={t('renewal:logs.detailTitle', { renewalNo: r.renewalNo })}
            back={{ href: pathTo('/admin-controls/customer-contract-renewal-logs'), label: t('renewal:logs.back') }}
            subtitle={<StatusChip status={r.status} label={t(`renewal:status.${r.status}`)} />}
          />
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <FactsSection
                title={t('renewal:logs.what')}
                rows={[
                  [t('renewal:logs.columns.status'), t(`renewal:status.${r.status}`)],
                  [t('renewal:logs.columns.customer'), `${pickLocalized(locale, r.customerNameEn, r.customerNameZh)} (${r.ucpId})`],
                  [t('renewal:logs.columns.contract'), r.contractNo],
                  [
                    t('renewal:logs.columns.offer'),
                    <>
                      <NoBreak>{r.offerCode}</NoBreak> · {pickLocalized(locale, r.offerNameEn, r.offerNameZh)}
                    </>,
                  ],
                  [t('renewal:logs.columns.submittedAt'), formatDateTime(r.submittedAt, locale)],
                  [t('renewal:logs.columns.by'), r.submittedByName],
                  [t('renewal:logs.newTerm'), t('contracts:detail.termValue', { start: formatDate(r.newStartDate, locale), end: formatDate(r.newEndDate, locale), months: r.terms.termMonths })],
                  [
                    t('renewal:detail.terms'),
                    renewalTermsLine(t, locale, r.terms),
                  ],
                  // The months the customer's comparison was priced on (a missed reading makes them fewer than 12).
                  [r.monthsCompared === null ? t('renewal:logs.currentCost') : t('renewal:logs.currentCostMonths', { count: r.monthsCompared }), money(r.currentCostCents)],
                  [r.monthsCompared === null ? t('renewal:logs.offerCost') : t('renewal:logs.offerCostMonths', { count: r.monthsCompared }), money(r.offerCostCents)],
                ]}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <DetailSection title={t('contracts:history.title')}>
                <ContractHistory events={r.events} />
              </DetailSection>
            </Grid>
          </Grid>
        </>
      )}
    </DetailScreen>
  );
}
