import { byIdSchema, listShipmentsSchema } from '@/lib/orders/schemas';
import { getShipment, listShipments } from '@/lib/server/services/orders';
import { defineHandler, type AnyHandler } from './defineHandler';

export const trackingRoutes: Record<string, AnyHandler> = {
  '/api/tracking/listShipments': defineHandler({
    summary:
      "One page of the customer's shipments: { items: [{ id, shipmentNo, courier, trackingNo, status, createdAt, updatedAt, orderId, orderNo, lastEventAt }], total }. " +
      'Filters status[] (latest step), dateFrom/dateTo (created), q (shipment no, tracking no, order no; literal). Sort shipmentNo | createdAt | status | orderNo.',
    permission: { anyOf: ['track_order_read'] },
    body: listShipmentsSchema,
    handler: ({ db, principal, body }) => listShipments(db, principal.ucpId, body),
  }),

  '/api/tracking/getShipment': defineHandler({
    summary: "One shipment of the customer with its timeline (events oldest first) and the order it belongs to. Another customer's or an unknown id is NOT_FOUND.",
    permission: { anyOf: ['track_order_read'] },
    body: byIdSchema,
    handler: ({ db, principal, body }) => getShipment(db, principal.ucpId, body.id),
  }),
};
