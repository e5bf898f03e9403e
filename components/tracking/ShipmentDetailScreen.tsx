import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { PageHeader } from '@/components/common/PageHeader';
import { DetailScreen, useRouteRecord } from '@/components/common/DetailScreen';
import { StatusChip } from '@/components/common/StatusChip';
import { useCanAccess } from '@/components/common/Can';
import { DetailSection, Facts } from '@/components/common/DetailParts';
import { TrackingNumber } from '@/components/orders/TrackingNumber';
import { orderAreaDetailTexts, StatusSubtitle } from '@/components/orders/detailParts';
import { courierLabel } from '@/components/orders/format';
import { trackingContract } from '@/lib/orders/contract';
import type { ShipmentDetail } from '@/lib/orders/schemas';
import { formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { ShipmentTimeline } from './ShipmentTimeline';
import { pathTo } from '@/lib/paths';

const LIST_HREF = pathTo('/my-orders/track');

/** `/my-orders/track/[id]` (also as a deep link with `?ucpid=`): one shipment's timeline and the order it belongs to. */
export function ShipmentDetailScreen() {
  const { t } = useTranslation(['orders', 'common', 'error']);
  const shipment = useRouteRecord(trackingContract.endpoints.getShipment);
  return (
    <DetailScreen query={shipment} {...orderAreaDetailTexts(t, 'tracking', LIST_HREF)}>
      {(s) => <ShipmentView s={s} />}
    </DetailScreen>
  );
}

function ShipmentView({ s }: { s: ShipmentDetail }) {
  const { t } = useTranslation(['orders', 'common', 'error']);
  const { locale } = useRouter();
  // The order link only for users who may open orders; the order number shows either way.
  const canOpenOrder = useCanAccess(['mgt_order_read']);
  const order = s.order;
  return (
    <>
      <PageHeader
        title={t('tracking.detail.title', { shipmentNo: s.shipmentNo })}
        back={orderAreaDetailTexts(t, 'tracking', LIST_HREF).back}
        subtitle={
          <StatusSubtitle status={s.status}>
            {courierLabel(t, s.courier)} · {t('tracking.detail.trackingNo')} <TrackingNumber courier={s.courier} trackingNo={s.trackingNo} />
          </StatusSubtitle>
        }
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 7 }}>
          <DetailSection title={t('tracking.detail.timeline')}>
            <ShipmentTimeline events={s.events} status={s.status} label={t('tracking.detail.timeline')} />
          </DetailSection>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }} sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <DetailSection title={t('tracking.detail.order')}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              {canOpenOrder ? (
                <Link component={NextLink} href={pathTo('/my-orders/manage/[id]', { id: order.id })} sx={{ fontWeight: 600 }}>
                  {t('tracking.detail.openOrder', { orderNo: order.orderNo })}
                </Link>
              ) : (
                <Typography sx={{ fontWeight: 600 }}>{order.orderNo}</Typography>
              )}
              <StatusChip status={order.status} />
            </Box>
            <Facts
              rows={[
                [t('tracking.detail.orderDate'), formatDateTime(order.createdAt, locale)],
                [t('orders:orders.columns.type'), `${t(`orders.type.${order.orderType}`)} · ${t('tracking.detail.items', { count: order.itemCount })}`],
                ...(order.machine
                  ? [
                      [
                        t('tracking.detail.machine'),
                        `${pickLocalized(locale, order.machine.modelNameEn, order.machine.modelNameZh)} · ${order.machine.serialNo}\n${pickLocalized(locale, order.machine.locationEn, order.machine.locationZh)}`,
                      ] as [string, string],
                    ]
                  : []),
                [t('tracking.detail.deliveryAddress'), order.deliveryAddress],
                [t('tracking.detail.contact'), order.contactName],
              ]}
            />
          </DetailSection>
        </Grid>
      </Grid>
    </>
  );
}
