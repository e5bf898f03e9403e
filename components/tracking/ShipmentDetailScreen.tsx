import NextLink from 'next/link';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { PageHeader } from '@/components/common/PageHeader';
import { StateMessage } from '@/components/common/StateMessage';
import { StatusChip } from '@/components/common/StatusChip';
import { useCanAccess } from '@/components/common/Can';
import { DetailSection, Facts } from '@/components/common/DetailParts';
import { courierLabel } from '@/components/orders/format';
import { idFromQuery, useResource } from '@/components/orders/useResource';
import { getShipment } from '@/lib/api/tracking';
import { errorKey } from '@/lib/errors';
import { formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { ShipmentTimeline } from './ShipmentTimeline';

const LIST_HREF = '/my-orders/track';

/** `/my-orders/track/[id]` (also as a deep link with `?ucpid=`): one shipment's timeline and the order it belongs to. */
export function ShipmentDetailScreen() {
  const { t } = useTranslation(['page', 'common', 'error']);
  const router = useRouter();
  const locale = router.locale;
  const id = router.isReady ? idFromQuery(router.query.id) : null;
  const shipment = useResource(id, getShipment);
  // The order link only for users who may open orders; the order number shows either way.
  const canOpenOrder = useCanAccess(['mgt_order_read']);

  if (shipment.error) {
    const notFound = shipment.error.code === 'NOT_FOUND' || shipment.error.code === 'VALIDATION';
    const title = t(notFound ? 'tracking.detail.notFoundTitle' : 'tracking.detail.loadErrorTitle');
    return (
      <>
        <PageHeader title={title} back={{ href: LIST_HREF, label: t('tracking.detail.backToList') }} />
        <StateMessage
          title={title}
          role={notFound ? 'status' : 'alert'}
          headingComponent="h2"
          action={notFound ? null : <Button onClick={shipment.reload}>{t('common:ui.retry')}</Button>}
        >
          {notFound ? t('tracking.detail.notFoundBody') : t(errorKey(shipment.error.code))}
        </StateMessage>
      </>
    );
  }
  if (!shipment.data) {
    return (
      <>
        <PageHeader title={t('tracking.title')} back={{ href: LIST_HREF, label: t('tracking.detail.backToList') }} />
        <LinearProgress aria-label={t('tracking.detail.loading')} />
      </>
    );
  }

  const s = shipment.data;
  const order = s.order;
  return (
    <>
      <PageHeader
        title={t('tracking.detail.title', { shipmentNo: s.shipmentNo })}
        back={{ href: LIST_HREF, label: t('tracking.detail.backToList') }}
        subtitle={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <StatusChip status={s.status} />
            <span>
              {courierLabel(t, s.courier)} · {t('tracking.detail.trackingNo')} {s.trackingNo}
            </span>
          </Box>
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
                <Link component={NextLink} href={`/my-orders/manage/${order.id}`} sx={{ fontWeight: 600 }}>
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
                [t('page:orders.columns.type'), `${t(`orders.type.${order.orderType}`)} · ${t('tracking.detail.items', { count: order.itemCount })}`],
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
