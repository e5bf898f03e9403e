import { ordersContract } from '@/lib/orders/contract';
import { listOrderableMachines, listProductsForMachine } from '@/lib/server/services/equipment';
import { cancelOrder, getOrder, getOrderSummary, listOrders, placeTonerOrder } from '@/lib/server/services/orders';
import { implement } from './implement';

export const orderRoutes = implement(ordersContract, {
  listOrders: ({ db, principal, body }) => listOrders(db, principal.ucpId, body),
  getOrder: ({ db, principal, body }) => getOrder(db, principal.ucpId, body.id),
  getOrderSummary: ({ db, principal }) => getOrderSummary(db, principal.ucpId),
  listOrderableMachines: ({ db, principal }) => listOrderableMachines(db, principal.ucpId),
  listProductsForMachine: ({ db, principal, body }) => listProductsForMachine(db, principal.ucpId, body.machineId),
  placeTonerOrder: ({ db, principal, body }) => placeTonerOrder(db, principal, body),
  cancelOrder: ({ db, principal, body }) => cancelOrder(db, principal, body),
});
