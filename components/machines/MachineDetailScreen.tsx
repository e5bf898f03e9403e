import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import BuildIcon from '@mui/icons-material/BuildOutlined';
import SpeedIcon from '@mui/icons-material/Speed';
import { useTranslation } from 'next-i18next/pages';
import { useCanAccess, useCanOpen } from '@/components/common/Can';
import { DetailSection, DetailTable, Facts, LinkIf, linkColumn, TableSection } from '@/components/common/DetailParts';
import { DetailPage, RouteDetailScreen } from '@/components/common/DetailScreen';
import { StatusChip } from '@/components/common/StatusChip';
import { DueFlag, UsageChart, num } from '@/components/meter/parts';
import { formatDate, formatDateTime, formatMoney, pickLocalized } from '@/lib/i18n/locales';
import { machinesContract } from '@/lib/machines/contract';
import type { MachineDetail, MachineOrder, MachineReading, MachineServiceRequest } from '@/lib/machines/schemas';
import { pathTo } from '@/lib/paths';
import { MachinePicture } from './MachinePicture';
import { ColourChip } from './MachinesScreen';

const M = machinesContract.endpoints;

/** What the user may do for this machine: each action only when its page and its write code are the user's. */
function MachineActions({ m }: { m: MachineDetail }) {
  const { t } = useTranslation('machines');
  const mayOpenUpload = useCanOpen('/my-account/meter-history/upload');
  const mayWriteReadings = useCanAccess(['meter_upload_write']);
  const mayOpenOrders = useCanOpen('/my-orders/manage');
  const mayWriteOrders = useCanAccess(['mgt_order_write']);
  const mayReport = useCanOpen('/service-requests/new');
  const mayRead = mayOpenUpload && mayWriteReadings;
  const mayOrder = mayOpenOrders && mayWriteOrders;
  if (m.status !== 'active') return null;
  return (
    <>
      {mayRead ? (
        <Button component={NextLink} href={pathTo('/my-account/meter-history/upload', undefined, { machineId: m.id })} variant="outlined" startIcon={<SpeedIcon aria-hidden />} data-testid="action-reading">
          {t('machines:actions.submitReading')}
        </Button>
      ) : null}
      {mayOrder ? (
        <Button component={NextLink} href={pathTo('/my-orders/manage', undefined, { placeFor: m.id })} variant="outlined" startIcon={<AddShoppingCartIcon aria-hidden />} data-testid="action-toner">
          {t('machines:actions.orderToner')}
        </Button>
      ) : null}
      {mayReport ? (
        <Button component={NextLink} href={pathTo('/service-requests/new', undefined, { machineId: m.id })} variant="contained" startIcon={<BuildIcon aria-hidden />} data-testid="action-fault">
          {t('machines:actions.reportFault')}
        </Button>
      ) : null}
    </>
  );
}

function ReadingsSection({ m, readings }: { m: MachineDetail; readings: MachineReading[] }) {
  const { t } = useTranslation(['machines', 'meter']);
  const { locale } = useRouter();
  const mayOpenHistory = useCanOpen('/my-account/meter-history');
  return (
    <DetailSection title={t('machines:detail.readings')}>
      <Facts
        rows={[
          [
            t('machines:columns.lastReading'),
            <Box key="last" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <span>
                {m.lastReading
                  ? t('machines:detail.lastReadingValue', { date: formatDate(m.lastReading.readingDate, locale), mono: num(m.lastReading.monoCounter, locale), colour: m.isColour ? num(m.lastReading.colourCounter, locale) : '–' })
                  : t('machines:noReading')}
              </span>
              <DueFlag machine={m} />
            </Box>,
          ],
          [t('machines:detail.nextReading'), m.readingDueOn ? formatDate(m.readingDueOn, locale) : '–'],
          [t('machines:detail.usual'), m.usualMonthly ? t('machines:detail.usualValue', { mono: num(m.usualMonthly.mono, locale), colour: m.isColour ? num(m.usualMonthly.colour, locale) : '–' }) : '–'],
        ]}
      />
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2, mb: 1 }}>
        {t('machines:detail.usage')}
      </Typography>
      <UsageChart monthly={m.usage ?? []} colour={m.isColour} />
      <DetailTable<MachineReading>
        label={t('machines:detail.recentReadings')}
        rows={readings}
        rowKey={(r) => r.id}
        empty={t('machines:noReading')}
        nowrap
        columns={[
          { header: t('meter:columns.date'), render: (r) => formatDate(r.readingDate, locale) },
          // Figures right-aligned, as in the monthly usage table beside it.
          { header: t('meter:columns.monoCounter'), render: (r) => num(r.monoCounter, locale), align: 'right' },
          // A mono machine has no colour counter: no column of dashes.
          ...(m.isColour ? [{ header: t('meter:columns.colourCounter'), render: (r: MachineReading) => num(r.colourCounter, locale), align: 'right' as const }] : []),
          { header: t('meter:columns.monoPages'), render: (r) => num(r.monoPages, locale), align: 'right' },
          ...(m.isColour ? [{ header: t('meter:columns.colourPages'), render: (r: MachineReading) => num(r.colourPages, locale), align: 'right' as const }] : []),
          { header: t('meter:columns.source'), render: (r) => t(`meter:source.${r.source}`) },
        ]}
      />
      {mayOpenHistory ? (
        <Link component={NextLink} href={pathTo('/my-account/meter-history', undefined, { machineId: m.id })} sx={{ display: 'inline-block', mt: 1 }}>
          {t('machines:detail.allReadings')}
        </Link>
      ) : null}
    </DetailSection>
  );
}

function OrdersSection({ orders }: { orders: MachineOrder[] }) {
  const { t } = useTranslation(['machines', 'common']);
  const { locale } = useRouter();
  const mayOpenOrder = useCanOpen('/my-orders/manage/[id]');
  const mayOpenShipment = useCanOpen('/my-orders/track/[id]');
  return (
    <TableSection<MachineOrder>
      title={t('machines:detail.orders')}
      rows={orders}
      rowKey={(o) => o.id}
      empty={t('machines:detail.noOrders')}
      columns={[
        linkColumn(t('machines:detail.orderNo'), mayOpenOrder, (o) => pathTo('/my-orders/manage/[id]', { id: o.id }), (o) => o.orderNo),
        { header: t('machines:detail.orderDate'), render: (o) => formatDate(o.createdAt, locale) },
        {
          header: t('machines:detail.orderItems'),
          render: (o) => (o.itemCount > 1 ? t('machines:detail.itemsMore', { first: pickLocalized(locale, o.firstItemEn, o.firstItemZh), count: o.itemCount - 1 }) : pickLocalized(locale, o.firstItemEn, o.firstItemZh)),
        },
        { header: t('machines:detail.orderTotal'), render: (o) => formatMoney(o.totalCents, locale) },
        { header: t('machines:columns.status'), render: (o) => <StatusChip status={o.status} /> },
        {
          header: t('machines:detail.deliveries'),
          render: (o) =>
            o.shipments.length === 0 ? (
              '–'
            ) : (
              <Box sx={{ display: 'grid', gap: 0.5 }}>
                {o.shipments.map((s) => (
                  <Box key={s.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <LinkIf show={mayOpenShipment} href={pathTo('/my-orders/track/[id]', { id: s.id })}>
                      {s.shipmentNo}
                    </LinkIf>
                    <StatusChip status={s.status} />
                  </Box>
                ))}
              </Box>
            ),
        },
      ]}
    />
  );
}

function ServiceSection({ m, requests }: { m: MachineDetail; requests: MachineServiceRequest[] }) {
  const { t } = useTranslation(['machines', 'common']);
  const { locale } = useRouter();
  const mayOpenRequest = useCanOpen('/service-requests/[id]');
  const mayOpenList = useCanOpen('/service-requests');
  return (
    <TableSection<MachineServiceRequest>
      title={t('machines:detail.service')}
      rows={requests}
      rowKey={(r) => r.id}
      empty={t('machines:detail.noService')}
      columns={[
        linkColumn(t('machines:detail.reference'), mayOpenRequest, (r) => pathTo('/service-requests/[id]', { id: r.id }), (r) => r.reference),
        { header: t('machines:detail.reported'), render: (r) => formatDateTime(r.createdAt, locale) },
        { header: t('machines:detail.category'), render: (r) => t(`machines:serviceCategory.${r.category}`) },
        { header: t('machines:columns.status'), render: (r) => <StatusChip status={r.status} /> },
        {
          header: t('machines:detail.engineer'),
          render: (r) => (r.engineerName ? (r.etaAt ? t('machines:detail.engineerEta', { name: r.engineerName, eta: formatDateTime(r.etaAt, locale) }) : r.engineerName) : '–'),
        },
        { header: t('machines:detail.ended'), render: (r) => (r.endedAt ? formatDateTime(r.endedAt, locale) : '–') },
      ]}
    >
    {mayOpenList && requests.length > 0 ? (
      <Link component={NextLink} href={pathTo('/service-requests', undefined, { machineId: m.id })} sx={{ display: 'inline-block', mt: 1 }}>
        {t('machines:detail.allService')}
      </Link>
    ) : null}
    </TableSection>
  );
}

function MachineView({ m }: { m: MachineDetail }) {
  const { t } = useTranslation(['machines', 'contracts', 'common']);
  const { locale } = useRouter();
  const mayOpenContract = useCanOpen('/my-account/contract-billing-schedule/[id]');
  const model = pickLocalized(locale, m.modelNameEn, m.modelNameZh);
  return (
    <DetailPage
      prefix="machines:detail"
      values={{ serial: m.serialNo }}
      backHref={pathTo('/my-machines')}
      subtitle={
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="span">{model}</Typography>
          <StatusChip status={m.status} label={t(`machines:status.${m.status}`)} />
          <ColourChip isColour={m.isColour} />
        </Box>
      }
      actions={<MachineActions m={m} />}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <DetailSection title={t('machines:detail.machine')}>
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
              <MachinePicture category={m.category} isColour={m.isColour} size={120} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Facts
                  rows={[
                    [t('machines:columns.serial'), m.serialNo],
                    [t('machines:columns.model'), `${model} (${m.modelCode})`],
                    [t('machines:detail.kind'), `${t(`machines:category.${m.category}`)} · ${m.isColour ? t('machines:colour') : t('machines:mono')} · ${t('machines:detail.speedValue', { ppm: m.pagesPerMinute })}`],
                    [t('machines:columns.location'), pickLocalized(locale, m.locationEn, m.locationZh)],
                    [t('machines:detail.site'), pickLocalized(locale, m.siteEn, m.siteZh)],
                    [t('machines:detail.installed'), m.installedOn ? formatDate(m.installedOn, locale) : '–'],
                    [t('machines:detail.tonerContact'), m.tonerContactName ? `${m.tonerContactName} · ${m.tonerContactPhone}` : '–'],
                  ]}
                />
              </Box>
            </Box>
          </DetailSection>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <DetailSection title={t('machines:columns.contract')}>
            {m.contract ? (
              <Facts
                rows={[
                  [
                    t('contracts:columns.contractNo'),
                    <LinkIf key="c" show={mayOpenContract} href={pathTo('/my-account/contract-billing-schedule/[id]', { id: m.contract.id })} testId="contract-link">
                      {m.contract.contractNo}
                    </LinkIf>,
                  ],
                  [t('contracts:columns.type'), t(`contracts:type.${m.contract.contractType}`)],
                  [t('machines:detail.term'), `${formatDate(m.contract.startDate, locale)} – ${formatDate(m.contract.endDate, locale)}`],
                  [t('contracts:columns.status'), <StatusChip key="s" status={m.contract.status} label={t(`contracts:status.${m.contract.status}`)} />],
                ]}
              />
            ) : (
              <Typography color="text.secondary">{t('machines:noContract')}</Typography>
            )}
          </DetailSection>
        </Grid>
      </Grid>
      {m.readings ? <ReadingsSection m={m} readings={m.readings} /> : null}
      {m.serviceRequests ? <ServiceSection m={m} requests={m.serviceRequests} /> : null}
      {m.orders ? <OrdersSection orders={m.orders} /> : null}
    </DetailPage>
  );
}

/** `/my-machines/[id]` (deep-linkable with ?ucpid=): everything about one machine, and what the user may do for it. */
export function MachineDetailScreen() {
  return (
    <RouteDetailScreen endpoint={M.getMachine} prefix="machines:detail" values={(m) => ({ serial: m.serialNo })} backHref={pathTo('/my-machines')}>
      {(m) => <MachineView m={m} />}
    </RouteDetailScreen>
  );
}
