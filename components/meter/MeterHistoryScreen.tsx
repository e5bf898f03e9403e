import { useId, useMemo } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/Upload';
import { useTranslation } from 'next-i18next/pages';
import { CsvExportButton, DownloadError } from '@/components/common/DownloadButton';
import { useDownload } from '@/components/common/useDownload';
import { Can } from '@/components/common/Can';
import { DataTable, type DataTableColumn } from '@/components/common/DataTable';
import { FilterBar, type FilterDef } from '@/components/common/FilterBar';
import { PageHeader } from '@/components/common/PageHeader';
import { isEmptyFilterValue } from '@/components/common/listQueryUrl';
import { useListQuery } from '@/components/common/useListQuery';
import { useEndpointQuery } from '@/lib/api/query';
import { errorKey } from '@/lib/errors';
import { formatDate, pickLocalized } from '@/lib/i18n/locales';
import { meterContract } from '@/lib/meter/contract';
import { READING_SORT_FIELDS, listReadingsSchema, type MeterMachine, type ReadingFilter, type ReadingItem } from '@/lib/meter/schemas';
import { pathTo } from '@/lib/paths';
import { DueFlag, UsageChart, num } from './parts';

const E = meterContract.endpoints;
const readingId = (r: ReadingItem) => r.id;
type SortField = (typeof READING_SORT_FIELDS)[number];

/**
 * The machines as one horizontally scrolling row of fixed-size cards (each line one line high, the last reading two):
 * the row has the same height loaded or loading, whatever the number of machines, so nothing below it moves when the
 * machines arrive (it was Lighthouse's largest layout shift on this page: 0.69). Scrolls sideways when they do not
 * fit; focusable so a keyboard can scroll it (axe scrollable-region-focusable).
 */
const CARD_WIDTH = { xs: '85%', sm: 320 } as const;
/** One line of a card: never wraps (the full text stays in the DOM for screen readers; the title shows it on hover). */
const LINE_SX = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
/** The last reading: two lines, always (a shorter text keeps the room). */
const TWO_LINES_SX = { mt: 1, minHeight: '2lh', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' } as const;
/** MUI's small chip. */
const CHIP_HEIGHT = 24;
/**
 * The chips (colour or mono, and the due flag): they wrap, and the due flag's own text wraps inside it when even a
 * line of its own is too narrow; never cut. "Reading overdue since 1 Nov 2026" beside "Black & white" does not fit a
 * 320 px card, so the row keeps room for two lines of chips, loaded or loading: the flag arriving moves nothing.
 */
const CHIPS_SX = { display: 'flex', flexWrap: 'wrap', alignContent: 'flex-start', gap: 0.5, minHeight: 2 * CHIP_HEIGHT + 4, mb: 0.5 } as const;

function MachineCard({ machine: m }: { machine: MeterMachine | null }) {
  const { t } = useTranslation(['meter', 'common']);
  const { locale } = useRouter();
  const text = (value: string) => (m ? value : <Skeleton width="60%" />);
  const model = m ? pickLocalized(locale, m.modelNameEn, m.modelNameZh) : '';
  const location = m ? pickLocalized(locale, m.locationEn, m.locationZh) : '';
  return (
    <Box component="li" sx={{ flex: '0 0 auto', width: CARD_WIDTH, scrollSnapAlign: 'start', display: 'flex' }} data-testid={m ? undefined : 'machine-skeleton'}>
      <Card variant="outlined" sx={{ width: '100%' }} data-testid={m ? `machine-${m.serialNo}` : undefined}>
        <CardContent>
          <Typography variant="subtitle1" component="h3" sx={LINE_SX}>
            {m ? m.serialNo : <Skeleton width="40%" />}
          </Typography>
          <Box sx={CHIPS_SX} data-testid={m ? `chips-${m.serialNo}` : undefined}>
            {m ? (
              <>
                <Chip size="small" variant="outlined" label={m.isColour ? t('meter:machine.colour') : t('meter:machine.mono')} />
                <DueFlag machine={m} />
              </>
            ) : (
              <Skeleton variant="rounded" width={64} height={CHIP_HEIGHT} />
            )}
          </Box>
          <Typography variant="body2" sx={LINE_SX} title={model || undefined}>
            {text(model)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={LINE_SX} title={location || undefined}>
            {text(location)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={LINE_SX}>
            {text(m ? t('meter:machine.contract', { contractNo: m.contractNo ?? '–' }) : '')}
          </Typography>
          <Typography variant="body2" sx={TWO_LINES_SX}>
            {m ? (
              m.lastReading ? (
                // A black & white machine has no colour counter: "colour 0" beside its B/W counter read as a colour count of nothing.
                t(m.isColour ? 'meter:machine.lastReading' : 'meter:machine.lastReadingMono', {
                  date: formatDate(m.lastReading.readingDate, locale),
                  mono: num(m.lastReading.monoCounter, locale),
                  colour: num(m.lastReading.colourCounter, locale),
                })
              ) : (
                t('meter:machine.noReading')
              )
            ) : (
              <Skeleton width="80%" />
            )}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}

/** The machines under their heading; placeholder cards while they load (`machines` null). */
function MachineCards({ machines }: { machines: MeterMachine[] | null }) {
  const { t } = useTranslation(['meter', 'common']);
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('meter:history.machines')}
      </Typography>
      <Box
        role="region"
        aria-labelledby={headingId}
        tabIndex={0}
        aria-busy={machines === null || undefined}
        data-testid="machine-strip"
        sx={{ overflowX: 'auto', scrollSnapType: 'x mandatory', pb: 1 }}
      >
        <Box component="ul" sx={{ display: 'flex', gap: 2, listStyle: 'none', m: 0, p: 0 }}>
          {machines ? machines.map((m) => <MachineCard key={m.id} machine={m} />) : [0, 1, 2].map((n) => <MachineCard key={n} machine={null} />)}
        </Box>
      </Box>
    </Box>
  );
}

/** `/my-account/meter-history`: the machines, a chart of monthly usage with its table, and the readings. */
export function MeterHistoryScreen() {
  const { t } = useTranslation(['meter', 'common']);
  const { locale } = useRouter();
  const download = useDownload();
  const machines = useEndpointQuery(E.listMachines, {});
  const list = useListQuery<ReadingItem, SortField, ReadingFilter>(E.listReadings, {
    sort: { field: 'readingDate', direction: 'desc' },
    sortFields: READING_SORT_FIELDS,
    filterSchema: listReadingsSchema.shape.filter.unwrap(),
  });
  const filter = list.query.filter;
  const hasFilter = Object.values(filter).some((v) => !isEmptyFilterValue(v));
  const usageBody = {
    ...(filter.machineId ? { machineId: filter.machineId } : {}),
    ...(filter.dateFrom ? { fromMonth: filter.dateFrom.slice(0, 7) } : {}),
    ...(filter.dateTo ? { toMonth: filter.dateTo.slice(0, 7) } : {}),
  };
  // A date range that ends before it starts (or a date box holding no date): the readings are not asked (useListQuery), nor is the usage (the server
  // refuses the months' range); the date field says what is wrong, nothing else claims an error or an empty result.
  const usage = useEndpointQuery(E.usage, list.notAsked ? null : usageBody);
  const usageData = list.notAsked ? undefined : usage.data;
  const items = useMemo(() => machines.data?.items ?? [], [machines.data]);
  const monoOnly = useMemo(() => new Set(items.filter((m) => !m.isColour).map((m) => m.id)), [items]);

  const monthly = useMemo(() => {
    const months = usageData?.months ?? [];
    return months.map((month) => {
      const points = (usageData?.points ?? []).filter((p) => p.month === month);
      // No machine's reading closes the month yet (this month until its reading): not known, rather than 0 pages.
      if (points.length === 0) return { month, mono: null, colour: null };
      return { month, mono: points.reduce((s, p) => s + p.mono, 0), colour: points.reduce((s, p) => s + p.colour, 0) };
    });
  }, [usageData]);

  const filters: FilterDef[] = useMemo(
    () => [
      { type: 'select', key: 'machineId', label: t('meter:history.filters.machine'), options: items.map((m) => ({ value: m.id, label: `${m.serialNo} · ${pickLocalized(locale, m.locationEn, m.locationZh)}` })) },
      { type: 'dateRange', fromKey: 'dateFrom', toKey: 'dateTo', fromLabel: t('meter:history.filters.from'), toLabel: t('meter:history.filters.to') },
    ],
    [t, items, locale],
  );

  const columns: DataTableColumn<ReadingItem, SortField>[] = useMemo(
    () => [
      { key: 'readingDate', header: t('meter:columns.date'), sortable: true, render: (r) => formatDate(r.readingDate, locale) },
      { key: 'serialNo', header: t('meter:columns.serial'), sortable: true, render: (r) => r.serialNo },
      { key: 'location', header: t('meter:columns.location'), hideOnMobile: true, render: (r) => pickLocalized(locale, r.locationEn, r.locationZh) },
      { key: 'mono', header: t('meter:columns.monoCounter'), align: 'right', render: (r) => num(r.monoCounter, locale) },
      // A black & white machine has no colour counter: '–' as on its card and in the reading form, not '0'.
      { key: 'colour', header: t('meter:columns.colourCounter'), align: 'right', render: (r) => (monoOnly.has(r.machineId) ? '–' : num(r.colourCounter, locale)) },
      { key: 'monoPages', header: t('meter:columns.monoPages'), align: 'right', render: (r) => num(r.monoPages, locale) },
      { key: 'colourPages', header: t('meter:columns.colourPages'), align: 'right', render: (r) => (monoOnly.has(r.machineId) ? '–' : num(r.colourPages, locale)) },
      { key: 'source', header: t('meter:columns.source'), render: (r) => t(`meter:source.${r.source}`) },
      {
        key: 'status',
        header: t('meter:columns.status'),
        hideOnMobile: true,
        render: (r) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
            <Typography variant="body2">{t(`meter:status.${r.status}`)}</Typography>
            {r.billed ? <Chip size="small" variant="outlined" label={t('meter:status.billed')} /> : null}
          </Box>
        ),
      },
    ],
    [t, locale, monoOnly],
  );

  // The machines, the usage and the readings arrive one after another, each re-rendering this screen: each part is
  // built again only when its own data changed (the readings' cards were redrawn for every other answer).
  const machineCards = useMemo(
    () => (machines.apiError ? null : machines.data ? machines.data.items.length > 0 ? <MachineCards machines={machines.data.items} /> : null : <MachineCards machines={null} />),
    [machines.apiError, machines.data],
  );
  const usageChart = useMemo(() => <UsageChart monthly={monthly} loading={usage.isLoading} notAsked={list.notAsked} />, [monthly, usage.isLoading, list.notAsked]);
  const emptyMessage = hasFilter ? t('meter:history.emptyFiltered') : t('meter:history.empty');
  const readingsTable = useMemo(
    () => <DataTable {...list.tableProps} columns={columns} getRowId={readingId} label={t('meter:history.readings')} emptyMessage={emptyMessage} />,
    [list.tableProps, columns, t, emptyMessage],
  );

  const machineName = filter.machineId ? items.find((m) => m.id === filter.machineId)?.serialNo : null;

  return (
    <>
      <PageHeader
        title={t('meter:history.title')}
        subtitle={t('meter:history.subtitle')}
        actions={
          <>
            <CsvExportButton
              download={download}
              label={t('meter:history.export')}
              endpoint={E.exportReadings}
              filter={filter}
              fileName={{ en: 'meter-readings.csv', tc: '抄錶紀錄.csv' }}
              testId="export-readings"
            />
            <Can anyOf={['meter_upload_read', 'meter_upload_write']}>
              <Button component={NextLink} href={pathTo('/my-account/meter-history/upload')} variant="contained" startIcon={<UploadIcon aria-hidden />}>
                {t('meter:history.upload')}
              </Button>
            </Can>
          </>
        }
      />
      <DownloadError download={download} sx={{ mb: 2 }} />
      {machines.apiError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t(errorKey(machines.apiError.code))}
        </Alert>
      ) : null}
      {machineCards}

      <FilterBar filters={filters} value={filter} onChange={(patch) => list.setFilter(patch as Partial<ReadingFilter>)} onClear={list.clearFilter} onInvalidChange={list.setFilterInvalid} />

      <Typography variant="h6" component="h2" sx={{ mt: 2, mb: 1 }}>
        {machineName ? t('meter:history.usageOf', { serial: machineName }) : t('meter:history.usageAll')}
      </Typography>
      {usage.apiError && !list.notAsked ? <Alert severity="error">{t(errorKey(usage.apiError.code))}</Alert> : null}
      {usageChart}

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('meter:history.readings')}
      </Typography>
      {readingsTable}
    </>
  );
}
