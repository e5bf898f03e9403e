/**
 * Orders and order tracking: every endpoint declared once (lib/contract). The server implements these in
 * lib/server/api/orders.ts; the screens call them through lib/api/query.ts.
 */
import { z } from 'zod';
import { defineContract, mutation, output, query } from '@/lib/contract';
import { reads } from '@/lib/contract/grants';
import type { ListResult } from '@/lib/listQuery';
import {
  byIdSchema,
  cancelOrderSchema,
  listOrdersSchema,
  listProductsForMachineSchema,
  listShipmentsSchema,
  placeTonerOrderSchema,
  type OrderableMachine,
  type OrderableProduct,
  type OrderDetail,
  type OrderListItem,
  type OrderStatus,
  type OrderSummary,
  type PlaceOrderResult,
  type ShipmentDetail,
  type ShipmentListItem,
} from './schemas';

const READ = { anyOf: ['mgt_order_read'] } as const;
const WRITE = { anyOf: ['mgt_order_write'] } as const;
const TRACK = { anyOf: ['track_order_read'] } as const;
const read = reads(READ);
const readTracking = reads(TRACK);

export const ordersContract = defineContract('orders', {
  listOrders: read(
    "One page of the customer's orders: { items: [{ id, orderNo, orderType, status, createdAt, requestedDate, machine, firstItemEn, firstItemZh, itemCount, totalCents }], total }. " +
      'Filters status[], type[], dateFrom/dateTo (created, Hong Kong dates), q (order no, serial, item code or description; literal). Sort orderNo | createdAt | status | requestedDate.',
    listOrdersSchema,
    output<ListResult<OrderListItem>>(),
  ),
  getOrder: read(
    "One order of the customer with items and totals (cents), status history, machine and shipments. Another customer's or an unknown id is NOT_FOUND.",
    byIdSchema,
    output<OrderDetail>(),
  ),
  getOrderSummary: query({
    summary: 'The home card: { openOrders, inTransit } of the customer (open = pending | confirmed | processing | shipped).',
    permission: READ,
    silent: true,
    body: z.strictObject({}),
    output: output<OrderSummary>(),
  }),
  listOrderableMachines: query({
    summary: "The customer's active machines with model, location, contract and toner delivery address / contact (the order form's first step).",
    permission: WRITE,
    body: z.strictObject({}),
    output: output<OrderableMachine[]>(),
  }),
  listProductsForMachine: query({
    summary:
      "Products that may be ordered for one of the customer's machines: consumables compatible with its model plus generic supplies, each with its unit price and max quantity. Another customer's machine is NOT_FOUND.",
    permission: WRITE,
    body: listProductsForMachineSchema,
    output: output<OrderableProduct[]>(),
  }),
  placeTonerOrder: mutation({
    summary:
      'Places a toner / supplies order for a machine of the customer: { id, orderNo, created }. Items must fit the model and stay within max quantities (VALIDATION names the line). ' +
      'Idempotent by idempotencyKey: a repeat (also concurrent) returns the same order with created: false.',
    permission: WRITE,
    body: placeTonerOrderSchema,
    output: output<PlaceOrderResult>(),
    invalidates: ['orders', 'tracking'],
  }),
  cancelOrder: mutation({
    summary: "Cancels a pending order of the customer: { id, status: 'cancelled' }. Any other status is CONFLICT; another customer's order NOT_FOUND.",
    permission: WRITE,
    body: cancelOrderSchema,
    output: output<{ id: string; status: Extract<OrderStatus, 'cancelled'> }>(),
    invalidates: ['orders'],
  }),
});

export const trackingContract = defineContract('tracking', {
  listShipments: readTracking(
    "One page of the customer's shipments: { items: [{ id, shipmentNo, courier, trackingNo, status, createdAt, updatedAt, orderId, orderNo, lastEventAt }], total }. " +
      'Filters status[] (latest step), dateFrom/dateTo (created), q (shipment no, tracking no, order no; literal). Sort shipmentNo | createdAt | status | orderNo.',
    listShipmentsSchema,
    output<ListResult<ShipmentListItem>>(),
  ),
  getShipment: readTracking(
    "One shipment of the customer with its timeline (events oldest first) and the order it belongs to. Another customer's or an unknown id is NOT_FOUND.",
    byIdSchema,
    output<ShipmentDetail>(),
  ),
});
