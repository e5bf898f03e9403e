import { useRouter } from 'next/router';
import NextLink from 'next/link';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useTranslation } from 'next-i18next/pages';
import { DownloadError, EndpointDownloadButton } from '@/components/common/DownloadButton';
import { useDownload } from '@/components/common/useDownload';
import { Can } from '@/components/common/Can';
import { DetailSection, Facts, FactsSection } from '@/components/common/DetailParts';
import { DetailPage, RouteDetailScreen } from '@/components/common/DetailScreen';
import { StatusChip } from '@/components/common/StatusChip';
import { PlainTable } from '@/components/common/PlainTable';
import { contractsContract } from '@/lib/contracts/contract';
import type { ContractDetail } from '@/lib/contracts/schemas';
import { isMonoOnly } from '@/lib/contracts/terms';
import { formatDate, formatMoney, formatRate, numberFormat, pickLocalized } from '@/lib/i18n/locales';
import { pathTo } from '@/lib/paths';
import { ContractHistorySection } from './ContractHistory';
import { minimumChargeText } from './minimumCharge';

const C = contractsContract.endpoints;

/**
 * The schedule on a phone (390 px): the billing date folds under the period, a date or a bill number never breaks
 * inside ("INV-202404-" / "1001"), and the cells are narrower, so the four columns became three that fit.
 */
const WIDE_CELL = { display: { xs: 'none', sm: 'table-cell' } } as const;
const PHONE_ONLY = { display: { xs: 'block', sm: 'none' } } as const;
const NO_BREAK = { whiteSpace: 'nowrap' } as const;
const SCHEDULE_SX: SxProps<Theme> = (theme) => ({ [theme.breakpoints.down('sm')]: { '& td, & th': { px: 1 } } });

/** `text` with `part` (a bill number or a date inside a translated label) kept on one line. */
function KeepTogether({ text, part }: { text: string; part: string }) {
  const at = text.indexOf(part);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <Box component="span" sx={NO_BREAK}>
        {part}
      </Box>
      {text.slice(at + part.length)}
    </>
  );
}

function ContractView({ c }: { c: ContractDetail }) {
  const { t } = useTranslation(['contracts', 'common']);
  const { locale } = useRouter();
  const download = useDownload();
  const money = (cents: number) => formatMoney(cents, locale);
  const bw = isMonoOnly(c) ? { context: 'bw' } : {};
  return (
    <DetailPage
      prefix="contracts:detail"
      values={{ contractNo: c.contractNo }}
      backHref={pathTo('/my-account/contract-billing-schedule')}
      subtitle={<StatusChip status={c.status} label={t(`contracts:status.${c.status}`)} />}
      actions={
        <Can anyOf={['contract_download']}>
          <EndpointDownloadButton
            download={download}
            label={t('contracts:detail.downloadPdf')}
            runKey="pdf"
            endpoint={C.downloadContract}
            body={{ id: c.id }}
            fileName={`contract-${c.contractNo}.pdf`}
            icon={<PictureAsPdfIcon aria-hidden />}
            testId="contract-pdf"
          />
        </Can>
      }
    >
      <DownloadError download={download} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <FactsSection
            title={t('contracts:detail.terms')}
            rows={[
              [t('contracts:columns.type'), t(`contracts:type.${c.contractType}`)],
              [t('contracts:detail.term'), t('contracts:detail.termValue', { start: formatDate(c.startDate, locale), end: formatDate(c.endDate, locale), months: c.termMonths })],
              [t('contracts:columns.frequency'), t(`contracts:frequency.${c.billingFrequency}`)],
              [t('contracts:detail.periodCharge'), money(c.periodChargeCents)],
              // The terms lines leave out a minimum of none too.
              [t('contracts:columns.minimum'), minimumChargeText(c.minimumChargeCents, locale, t)],
              // A black & white contract: its rate and included pages without a colour part ("colour HK$0.0000", "colour 0").
              [t('contracts:detail.rates'), t('contracts:detail.ratesValue', { ...bw, mono: formatRate(c.monoRate, locale), colour: formatRate(c.colourRate, locale) })],
              [t('contracts:detail.included'), t('contracts:detail.includedValue', { ...bw, mono: numberFormat(locale).format(c.monoAllowance), colour: numberFormat(locale).format(c.colourAllowance) })],
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DetailSection title={t('contracts:detail.machines')}>
            {c.machines.length === 0 ? (
              <Typography variant="body2">{t('contracts:detail.noMachines')}</Typography>
            ) : (
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {c.machines.map((m) => (
                  <li key={m.id}>
                    <Typography variant="body2">
                      {m.serialNo} · {pickLocalized(locale, m.modelNameEn, m.modelNameZh)} · {pickLocalized(locale, m.locationEn, m.locationZh)}
                    </Typography>
                  </li>
                ))}
              </Box>
            )}
            <Facts
              rows={[
                [t('contracts:detail.billedTotal'), money(c.billedTotalCents)],
                [t('contracts:detail.expectedRemaining'), money(c.expectedRemainingCents)],
              ]}
            />
          </DetailSection>
        </Grid>
      </Grid>
      <DetailSection title={t('contracts:detail.schedule')}>
        <Typography variant="body2" color="text.secondary">
          {t('contracts:detail.scheduleHelp')}
        </Typography>
        <PlainTable
          label={t('contracts:detail.schedule')}
          testId="billing-schedule"
          tableSx={SCHEDULE_SX}
          head={[t('contracts:schedule.period'), { label: t('contracts:schedule.billingDate'), sx: WIDE_CELL }, { label: t('contracts:schedule.amount'), align: 'right' }, t('contracts:schedule.state')]}
        >
          {c.schedule.map((p) => (
            <TableRow key={p.periodStart} selected={p.state === 'current'}>
              <TableCell>
                {/* The dash stays with the first date: in a narrow cell it sat alone on a line between the two dates (tc). */}
                <Box component="span" sx={NO_BREAK} data-testid="schedule-period-start">
                  {formatDate(p.periodStart, locale)} –
                </Box>{' '}
                <Box component="span" sx={NO_BREAK}>
                  {formatDate(p.periodEnd, locale)}
                </Box>
                <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY} data-testid="schedule-billing-date-phone">
                  <KeepTogether text={t('contracts:schedule.billingDateOn', { date: formatDate(p.billingDate, locale) })} part={formatDate(p.billingDate, locale)} />
                </Typography>
              </TableCell>
              <TableCell sx={WIDE_CELL}>{formatDate(p.billingDate, locale)}</TableCell>
              <TableCell align="right" sx={NO_BREAK}>
                {money(p.amountCents)}
                {p.state === 'billed' ? '' : ` ${t('contracts:schedule.expectedMark')}`}
              </TableCell>
              <TableCell>
                {p.billId ? (
                  <Link component={NextLink} href={pathTo('/my-account/manage-my-bills', undefined, { bill: p.billId })}>
                    <KeepTogether text={t('contracts:schedule.billed', { billNo: p.billNo })} part={p.billNo ?? ''} />
                  </Link>
                ) : (
                  t(`contracts:schedule.state_${p.state}`)
                )}
              </TableCell>
            </TableRow>
          ))}
        </PlainTable>
      </DetailSection>
      <ContractHistorySection events={c.history} />
    </DetailPage>
  );
}

/** `/my-account/contract-billing-schedule/[id]` (deep-linkable with ?ucpid=): one contract, its billing schedule and history. */
export function ContractDetailScreen() {
  return (
    <RouteDetailScreen endpoint={C.getContract} prefix="contracts:detail" values={(c) => ({ contractNo: c.contractNo })} backHref={pathTo('/my-account/contract-billing-schedule')}>
      {(c) => <ContractView c={c} />}
    </RouteDetailScreen>
  );
}
