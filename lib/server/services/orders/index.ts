export { listOrders } from './listOrders';
export { getOrder, shipmentsOfOrder } from './getOrder';
export { placeTonerOrder } from './placeTonerOrder';
export { cancelOrder } from './cancelOrder';
export { getOrderSummary } from './getOrderSummary';
export { listShipments, getShipment } from './shipments';
