import { useEffect, useRef, useState } from 'react';
import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { NOTICE_FOCUS } from '@/components/common/noticeFocus';
import { PageHeader } from '@/components/common/PageHeader';
import { DetailScreen, useRouteRecord } from '@/components/common/DetailScreen';
import { StatusChip } from '@/components/common/StatusChip';
import { ordersContract } from '@/lib/orders/contract';
import { formatDate, formatDateTime, formatMoney, pickLocalized } from '@/lib/i18n/locales';
import type { OrderDetail } from '@/lib/orders/schemas';
import { CancelOrderDialog } from './CancelOrderDialog';
import { DetailSection, Facts, FactsSection } from '@/components/common/DetailParts';
import { useCanAccess, useCanOpen } from '@/components/common/Can';
import { useUrlParam } from '@/components/common/useUrlParam';
import { TrackingNumber } from '@/components/orders/TrackingNumber';
import { orderAreaDetailTexts, StatusSubtitle } from './detailParts';
import { courierLabel } from './format';
import { pathTo } from '@/lib/paths';

const LIST_HREF = pathTo('/my-orders/manage');

/** Hidden on phones: the table keeps description, quantity and amount there. */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** `/my-orders/manage/[id]` (also as a deep link with `?ucpid=`): one order with items, history, machine, shipments. */
export function OrderDetailScreen() {
  const { t } = useTranslation(['orders', 'common', 'error']);
  const order = useRouteRecord(ordersContract.endpoints.getOrder);
  return (
    <DetailScreen query={order} {...orderAreaDetailTexts(t, 'orders', LIST_HREF)}>
      {(o) => <OrderView o={o} refetch={() => void order.refetch()} />}
    </DetailScreen>
  );
}

function OrderView({ o, refetch }: { o: OrderDetail; refetch: () => void }) {
  const { t } = useTranslation(['orders', 'common', 'error']);
  const { locale } = useRouter();
  // Landing here right after placing the order (`?placed=<order no>`): confirm it with its number (issue 10 item 7).
  const [placed, setPlaced] = useUrlParam('placed');
  const justPlaced = placed === o.orderNo;
  const canWrite = useCanAccess(['mgt_order_write']);
  const canTrack = useCanOpen('/my-orders/track/[id]');
  const [cancelling, setCancelling] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'success' | 'warning'; text: string } | null>(null);
  // The cancel's outcome takes focus: the dialog gave it back to "Cancel order", which a cancelled order no longer
  // shows, and a keyboard user was left on the page's body.
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  return (
    <>
      <PageHeader
        title={t('orders.detail.title', { orderNo: o.orderNo })}
        back={orderAreaDetailTexts(t, 'orders', LIST_HREF).back}
        subtitle={
          <StatusSubtitle status={o.status}>
            {t(`orders.type.${o.orderType}`)} · {formatDateTime(o.createdAt, locale)}
          </StatusSubtitle>
        }
        actions={
          canWrite && o.canCancel ? (
            <Button color="error" variant="outlined" onClick={() => setCancelling(true)}>
              {t('orders.cancel.button')}
            </Button>
          ) : null
        }
      />
      {justPlaced && !notice ? (
        <Alert
          severity="success"
          role="status"
          sx={{ mb: 2 }}
          data-testid="order-placed"
          onClose={() => setPlaced(null)}
          closeText={t('common:close')}
        >
          {t('orders.place.placed', { orderNo: o.orderNo })}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity={notice.severity} role="status" sx={{ mb: 2, ...NOTICE_FOCUS }} onClose={() => setNotice(null)} closeText={t('common:close')} ref={noticeRef} tabIndex={-1}>
          {notice.text}
        </Alert>
      ) : null}
      {o.status === 'cancelled' && o.cancelledAt ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('orders.detail.cancelledOn', { date: formatDateTime(o.cancelledAt, locale) })}
          {o.cancelReason ? ` · ${t('orders.detail.cancelReason', { reason: o.cancelReason })}` : ''}
        </Alert>
      ) : null}

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 8 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <DetailSection title={t('orders.detail.items')}>
            <ItemsTable order={o} />
          </DetailSection>
          <DetailSection title={t('orders.detail.history')}>
            <Stepper orientation="vertical" activeStep={o.history.length} aria-label={t('orders.detail.history')}>
              {o.history.map((h, i) => (
                <Step key={`${h.status}-${h.at}-${i}`} completed expanded>
                  <StepLabel optional={<Typography variant="caption">{formatDateTime(h.at, locale)}</Typography>}>
                    {t(`common:status.${h.status}`, { defaultValue: h.status })}
                  </StepLabel>
                  <StepContent>
                    <Typography variant="body2" color="text.secondary">
                      {pickLocalized(locale, h.noteEn, h.noteZh)}
                      {h.changedByName ? ` · ${t('orders.detail.byWhom', { name: h.changedByName })}` : ''}
                    </Typography>
                  </StepContent>
                </Step>
              ))}
            </Stepper>
          </DetailSection>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <FactsSection
            title={t('orders.detail.summary')}
            rows={[
              [t('orders.detail.orderDate'), formatDateTime(o.createdAt, locale)],
              [t('orders.detail.requestedDate'), o.requestedDate ? formatDate(o.requestedDate, locale) : t('orders.detail.notSet')],
              [t('orders.detail.promisedDate'), o.promisedDate ? formatDate(o.promisedDate, locale) : t('orders.detail.notSet')],
              [t('orders.detail.createdBy'), o.createdByName ?? t('orders.detail.placedByService')],
              [t('orders.detail.contact'), `${o.contactName} · ${o.contactPhone}`],
              [t('orders.detail.deliveryAddress'), o.deliveryAddress],
              ...(o.remarks ? [[t('orders.detail.remarks'), o.remarks] as [string, string]] : []),
            ]}
          />
          <DetailSection title={t('orders.detail.machine')}>
            {o.machine ? (
              <Facts
                rows={[
                  [t('orders.detail.serial'), o.machine.serialNo],
                  [t('orders.detail.model'), pickLocalized(locale, o.machine.modelNameEn, o.machine.modelNameZh)],
                  [t('orders.detail.location'), pickLocalized(locale, o.machine.locationEn, o.machine.locationZh)],
                  [t('orders.detail.siteAddress'), pickLocalized(locale, o.machine.addressEn, o.machine.addressZh)],
                ]}
              />
            ) : (
              <Typography color="text.secondary">{t('orders.detail.noMachineLinked')}</Typography>
            )}
          </DetailSection>
          <DetailSection title={t('orders.detail.shipments')}>
            {o.shipments.length === 0 ? (
              <Typography color="text.secondary">{t('orders.detail.noShipments')}</Typography>
            ) : (
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
                {o.shipments.map((s) => (
                  <Box component="li" key={s.id} sx={{ display: 'grid', gap: 0.5 }}>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                      {canTrack ? (
                        <Link component={NextLink} href={pathTo('/my-orders/track/[id]', { id: s.id })} sx={{ fontWeight: 600 }}>
                          {t('orders.detail.track', { shipmentNo: s.shipmentNo })}
                        </Link>
                      ) : (
                        <Typography component="span" sx={{ fontWeight: 600 }}>
                          {s.shipmentNo}
                        </Typography>
                      )}
                      <StatusChip status={s.status} />
                    </Box>
                    <Typography variant="body2" color="text.secondary">
                      {courierLabel(t, s.courier)} · {t('orders.detail.trackingNo')} <TrackingNumber courier={s.courier} trackingNo={s.trackingNo} />
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('common:labelValue', { label: t('orders.detail.lastUpdate'), value: formatDateTime(s.updatedAt, locale) })}
                    </Typography>
                  </Box>
                ))}
              </Box>
            )}
          </DetailSection>
        </Grid>
      </Grid>

      {cancelling ? (
        <CancelOrderDialog
          open
          order={o}
          onClose={() => setCancelling(false)}
          onDone={(outcome) => {
            setCancelling(false);
            setNotice(
              outcome === 'cancelled'
                ? { severity: 'success', text: t('orders.cancel.success', { orderNo: o.orderNo }) }
                : { severity: 'warning', text: t('orders.cancel.conflict') },
            );
            // A success refreshes the orders area by itself (the contract's invalidates); a conflict asks for the real status.
            if (outcome === 'conflict') refetch();
          }}
        />
      ) : null}
    </>
  );
}

function ItemsTable({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const { locale } = useRouter();
  if (order.items.length === 0) return <Typography color="text.secondary">{t('orders.detail.noItems')}</Typography>;
  return (
    // Headings break at a space only: on a phone "數量" stood as "數 / 量" over the quantities (QA walk).
    <Table size="small" aria-label={t('orders.detail.items')} sx={{ '& th': { wordBreak: 'keep-all' } }}>
      <TableHead>
        <TableRow>
          <TableCell sx={wideOnly}>{t('orders.detail.productCode')}</TableCell>
          <TableCell>{t('orders.detail.description')}</TableCell>
          <TableCell align="right">{t('orders.detail.quantity')}</TableCell>
          <TableCell align="right" sx={wideOnly}>
            {t('orders.detail.unitPrice')}
          </TableCell>
          <TableCell align="right">{t('orders.detail.lineTotal')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.items.map((i) => (
          <TableRow key={i.lineNo}>
            <TableCell sx={wideOnly}>{i.productCode}</TableCell>
            <TableCell>{pickLocalized(locale, i.descriptionEn, i.descriptionZh)}</TableCell>
            <TableCell align="right">{i.quantity}</TableCell>
            <TableCell align="right" sx={wideOnly}>
              {formatMoney(i.unitPriceCents, locale)}
            </TableCell>
            <TableCell align="right">{formatMoney(i.lineTotalCents, locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={4} sx={{ display: { xs: 'none', sm: 'table-cell' }, fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}>
            {t('orders.detail.total')}
          </TableCell>
          <TableCell colSpan={2} sx={{ display: { xs: 'table-cell', sm: 'none' }, fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}>
            {t('orders.detail.total')}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }} data-testid="order-total">
            {formatMoney(order.totalCents, locale)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
