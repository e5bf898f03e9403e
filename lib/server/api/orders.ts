import { ordersContract } from '@/lib/orders/contract';
import { listOrderableMachines, listProductsForMachine } from '@/lib/server/services/equipment';
import { cancelOrder, getOrder, getOrderSummary, listOrders, placeTonerOrder } from '@/lib/server/services/orders';
import { implement } from './implement';

export const orderRoutes = implement(ordersContract, {
  listOrders: ({ service, body }) => listOrders(service, body),
  getOrder: ({ service, body }) => getOrder(service, body.id),
  getOrderSummary: ({ service }) => getOrderSummary(service),
  listOrderableMachines: ({ service }) => listOrderableMachines(service),
  listProductsForMachine: ({ service, body }) => listProductsForMachine(service, body.machineId),
  placeTonerOrder: ({ service, body }) => placeTonerOrder(service, body),
  cancelOrder: ({ service, body }) => cancelOrder(service, body),
});
