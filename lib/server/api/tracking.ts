import { trackingContract } from '@/lib/orders/contract';
import { getShipment, listShipments } from '@/lib/server/services/orders';
import { implement } from './implement';

export const trackingRoutes = implement(trackingContract, {
  listShipments: ({ service, body }) => listShipments(service, body),
  getShipment: ({ service, body }) => getShipment(service, body.id),
});
