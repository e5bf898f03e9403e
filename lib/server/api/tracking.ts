import { trackingContract } from '@/lib/orders/contract';
import { getShipment, listShipments } from '@/lib/server/services/orders';
import { implement } from './implement';

export const trackingRoutes = implement(trackingContract, {
  listShipments: ({ db, principal, body }) => listShipments(db, principal.ucpId, body),
  getShipment: ({ db, principal, body }) => getShipment(db, principal.ucpId, body.id),
});
