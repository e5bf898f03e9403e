import dynamic from 'next/dynamic';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslation } from 'next-i18next/pages';
import { dateTimeFormat, formatDate, formatMonth, numberFormat } from '@/lib/i18n/locales';
import type { ReadingDueFlag } from '@/lib/meter/constants';
import { flagDate } from '@/lib/meter/due';

/**
 * The chart library (x-charts, d3) in its own chunk, evaluated and drawn after the rest of the page: it was the largest
 * single piece of the meter-history page's start-up work. Its box keeps the chart's height meanwhile (no layout shift).
 */
const BarChart = dynamic(() => import('@mui/x-charts/BarChart').then((m) => m.BarChart), { ssr: false });

/** A counter or page count in the page's language ('–' when unknown). */
export const num = (n: number | null | undefined, locale: string | undefined) => (n === null || n === undefined ? '–' : numberFormat(locale).format(n));

/** The due / overdue flag of a machine's reading for the current billing period (nothing when read, or removed). */
export function DueFlag({ machine }: { machine: { serialNo: string; dueFlag: ReadingDueFlag | null; readingDueOn: string | null } }) {
  const { t } = useTranslation(['meter', 'common']);
  const { locale } = useRouter();
  if (machine.dueFlag === null || machine.dueFlag === 'ok') return null;
  return (
    <Chip
      size="small"
      color={machine.dueFlag === 'overdue' ? 'error' : 'warning'}
      label={t(`meter:due.${machine.dueFlag}`, { date: formatDate(machine.readingDueOn && flagDate(machine.dueFlag, machine.readingDueOn), locale) })}
      data-testid={`due-${machine.serialNo}`}
      // A long label (tc "讀數已逾期（應於2026年11月1日提交）") wraps inside a narrow card instead of running past the screen.
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

const NoOverlay = () => null;

/** A month's pages; null while no reading closes the month yet (shown as "–", no bar). */
export type UsageMonth = { month: string; mono: number | null; colour: number | null };

/** Every how many months the chart's axis names one, so that at most `most` names show (12 months or fewer: all). */
export function monthLabelEvery(months: number, most: number): number {
  return Math.max(1, Math.ceil(months / most));
}

/**
 * The axis names of the months shown (every `every`-th from the first): the first with its year under it, and each one
 * whose year differs from the previous one shown ("Nov / 2025", "Dec", "Jan / 2026", "Feb"), the others the month
 * alone. A single month read "Nov" with no year anywhere on the chart, and a range across New Year "Dec", "Jan" with
 * no hint which. The year goes on a second line: "2025年12月" on one line was wider than a month's room on a phone.
 */
export function monthTickLabels(months: readonly string[], every: number, locale: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const yearFormat = dateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' });
  let lastYear: number | null = null;
  months.forEach((month, i) => {
    if (i % every !== 0) return;
    const year = Number(month.slice(0, 4));
    const short = formatMonth(month, locale, 'short');
    out.set(month, year === lastYear || !year ? short : `${short}\n${yearFormat.format(new Date(Date.UTC(year, 0, 1)))}`);
    lastYear = year;
  });
  return out;
}

/**
 * The page axis: whole pages only (no "0.5" between 0 and 1), from 0. When every month is 0 (a machine not used) the
 * scale had no range and its one tick read "0.00…": it then runs 0 to 10.
 */
export function usageAxisRange(monthly: readonly UsageMonth[], colour: boolean): { min: number; max?: number; tickMinStep: number } {
  const top = Math.max(0, ...monthly.map((m) => (m.mono ?? 0) + (colour ? (m.colour ?? 0) : 0)));
  return top > 0 ? { min: 0, tickMinStep: 1 } : { min: 0, max: 10, tickMinStep: 1 };
}

/** Monthly pages as a stacked bar chart (mono, colour) beside the same figures as a table (meter history, machine page). */
export function UsageChart({
  monthly,
  loading = false,
  colour = true,
  notAsked = false,
}: {
  monthly: readonly UsageMonth[];
  loading?: boolean;
  /** false for a mono machine: no colour series or column */
  colour?: boolean;
  /** The usage was not asked (the filter cannot match; its field says why): no "no data" text over the empty chart. */
  notAsked?: boolean;
}) {
  const { t } = useTranslation(['meter', 'common']);
  const { locale } = useRouter();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const labelEvery = monthLabelEvery(monthly.length, phone ? 6 : 12);
  const tickLabels = monthTickLabels(
    monthly.map((m) => m.month),
    labelEvery,
    locale,
  );
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Box data-testid="usage-chart" sx={{ width: '100%', minHeight: 300 }}>
          <BarChart
            height={300}
            dataset={monthly as UsageMonth[]}
            // Month names on the axis. The axis was 25 px high by default, less than a label's line at the portal's
            // font sizes, so the chart cut every label to nothing: 40 px held one line at the largest size, 58 px holds
            // the two of a month with its year (monthTickLabels). Which months are named is chosen here (every
            // `labelEvery`-th from the first, as many as fit the width).
            xAxis={[
              {
                scaleType: 'band',
                dataKey: 'month',
                height: 58,
                tickLabelInterval: (_value: string, index: number) => index % labelEvery === 0,
                tickLabelStyle: { fontSize: 12 },
                valueFormatter: (v: string, ctx) => (ctx.location === 'tick' ? (tickLabels.get(v) ?? formatMonth(v, locale, 'short')) : formatMonth(v, locale, 'long')),
              },
            ]}
            yAxis={[{ ...usageAxisRange(monthly, colour), valueFormatter: (v: number) => numberFormat(locale).format(v) }]}
            series={[
              { dataKey: 'mono', label: t('meter:columns.monoPages'), stack: 'pages', color: '#546e7a' },
              ...(colour ? [{ dataKey: 'colour', label: t('meter:columns.colourPages'), stack: 'pages', color: '#1e88e5' }] : []),
            ]}
            loading={loading}
            // The chart library's own overlay texts are English ("No data to display", "Loading data…"), on tc pages too.
            localeText={{ noData: t('meter:history.chartNoData'), loading: t('meter:history.chartLoading') }}
            {...(notAsked ? { slots: { noDataOverlay: NoOverlay } } : {})}
          />
        </Box>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {/* Scrolls when the months do not fit: focusable so a keyboard can scroll it (axe scrollable-region-focusable).
            Its height is fixed, not a maximum: the months arriving do not push the page below it down. */}
        <Box sx={{ height: 320, overflow: 'auto' }} tabIndex={0} role="region" aria-label={t('meter:history.usageTable')}>
          <Table size="small" aria-label={t('meter:history.usageTable')} data-testid="usage-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('meter:columns.month')}</TableCell>
                <TableCell align="right">{t('meter:columns.monoPages')}</TableCell>
                {colour ? <TableCell align="right">{t('meter:columns.colourPages')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {monthly.map((m) => (
                <TableRow key={m.month}>
                  <TableCell>{formatMonth(m.month, locale, 'long')}</TableCell>
                  <TableCell align="right">{m.mono === null ? '–' : num(m.mono, locale)}</TableCell>
                  {colour ? <TableCell align="right">{m.colour === null ? '–' : num(m.colour, locale)}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Grid>
    </Grid>
  );
}
