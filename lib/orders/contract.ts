/**
 * Orders and order tracking: every endpoint declared once (lib/contract). The server implements these in
 * lib/server/api/orders.ts; the screens call them through lib/api/query.ts.
 */
import { defineContract, lazyBodies, noBody, output } from '@/lib/contract';
import { reads, writes } from '@/lib/contract/grants';
import type { ListResult } from '@/lib/listQuery';
import type {
  OrderableMachine,
  OrderableProduct,
  OrderDetail,
  OrderListItem,
  OrderStatus,
  OrderSummary,
  PlaceOrderResult,
  ShipmentDetail,
  ShipmentListItem,
} from './schemas';

/** The bodies are loaded when first checked (the server) and never built in the browser (docs/performance.md). */
const schema = lazyBodies(() => import('./schemas'));

const READ = { anyOf: ['mgt_order_read'] } as const;
const WRITE = { anyOf: ['mgt_order_write'] } as const;
const TRACK = { anyOf: ['track_order_read'] } as const;
const read = reads(READ);
const readQuietly = reads(READ, { silent: true });
/** What the order form reads: open to those who may order. */
const readOrderForm = reads(WRITE);
const write = writes(WRITE, ['orders']);
const readTracking = reads(TRACK);

export const ordersContract = defineContract('orders', {
  listOrders: read(
    "One page of the customer's orders: { items: [{ id, orderNo, orderType, status, createdAt, requestedDate, machine, firstItemEn, firstItemZh, itemCount, totalCents }], total }. " +
      'Filters status[] (a status, or open = pending | confirmed | processing | shipped), type[], dateFrom/dateTo (created, Hong Kong dates), q (order no, serial, item code or description; literal). Sort orderNo | createdAt | status | requestedDate.',
    schema('listOrdersSchema'),
    output<ListResult<OrderListItem>>(),
  ),
  getOrder: read(
    "One order of the customer with items and totals (cents), status history, machine and shipments. Another customer's or an unknown id is NOT_FOUND.",
    schema('byIdSchema'),
    output<OrderDetail>(),
  ),
  getOrderSummary: readQuietly(
    'The home card: { openOrders, inTransit } of the customer (open = pending | confirmed | processing | shipped).',
    noBody,
    output<OrderSummary>(),
  ),
  listOrderableMachines: readOrderForm(
    "The customer's active machines with model, location, contract and toner delivery address / contact and site address (the order form's first step; an order without an address goes to the toner, else the site address).",
    noBody,
    output<OrderableMachine[]>(),
  ),
  listProductsForMachine: readOrderForm(
    "Products that may be ordered for one of the customer's machines: consumables compatible with its model plus generic supplies, each with its unit price and max quantity. Another customer's machine is NOT_FOUND.",
    schema('listProductsForMachineSchema'),
    output<OrderableProduct[]>(),
  ),
  placeTonerOrder: write(
    'Places a toner / supplies order for a machine of the customer: { id, orderNo, created }. Items must fit the model and stay within max quantities (VALIDATION names the line). ' +
      'Idempotent by idempotencyKey: a repeat (also concurrent) returns the same order with created: false.',
    schema('placeTonerOrderSchema'),
    output<PlaceOrderResult>(),
    ['orders', 'tracking'],
  ),
  cancelOrder: write(
    "Cancels a pending order of the customer: { id, status: 'cancelled' }. Any other status is CONFLICT; another customer's order NOT_FOUND.",
    schema('cancelOrderSchema'),
    output<{ id: string; status: Extract<OrderStatus, 'cancelled'> }>(),
  ),
});

export const trackingContract = defineContract('tracking', {
  listShipments: readTracking(
    "One page of the customer's shipments: { items: [{ id, shipmentNo, courier, trackingNo, status, createdAt, updatedAt, orderId, orderNo, lastEventAt }], total }. " +
      'Filters status[] (latest step), dateFrom/dateTo (created), q (shipment no, tracking no, order no; literal). Sort shipmentNo | createdAt | status | orderNo.',
    schema('listShipmentsSchema'),
    output<ListResult<ShipmentListItem>>(),
  ),
  getShipment: readTracking(
    "One shipment of the customer with its timeline (events oldest first) and the order it belongs to. Another customer's or an unknown id is NOT_FOUND.",
    schema('byIdSchema'),
    output<ShipmentDetail>(),
  ),
});
