import { z } from 'zod';
import {
  byIdSchema,
  cancelOrderSchema,
  listOrdersSchema,
  listProductsForMachineSchema,
  placeTonerOrderSchema,
} from '@/lib/orders/schemas';
import { listOrderableMachines, listProductsForMachine } from '@/lib/server/services/equipment';
import { cancelOrder, getOrder, getOrderSummary, listOrders, placeTonerOrder } from '@/lib/server/services/orders';
import { defineHandler, type AnyHandler } from './defineHandler';


export const orderRoutes: Record<string, AnyHandler> = {
  '/api/orders/listOrders': defineHandler({
    summary:
      "One page of the customer's orders: { items: [{ id, orderNo, orderType, status, createdAt, requestedDate, machine, firstItemEn, firstItemZh, itemCount, totalCents }], total }. " +
      'Filters status[], type[], dateFrom/dateTo (created, Hong Kong dates), q (order no, serial, item code or description; literal). Sort orderNo | createdAt | status | requestedDate.',
    permission: { anyOf: ['mgt_order_read'] },
    body: listOrdersSchema,
    handler: ({ db, principal, body }) => listOrders(db, principal.ucpId, body),
  }),

  '/api/orders/getOrder': defineHandler({
    summary:
      "One order of the customer with items and totals (cents), status history, machine and shipments. Another customer's or an unknown id is NOT_FOUND.",
    permission: { anyOf: ['mgt_order_read'] },
    body: byIdSchema,
    handler: ({ db, principal, body }) => getOrder(db, principal.ucpId, body.id),
  }),

  '/api/orders/getOrderSummary': defineHandler({
    summary: "The home card: { openOrders, inTransit } of the customer (open = pending | confirmed | processing | shipped).",
    permission: { anyOf: ['mgt_order_read'] },
    silent: true,
    body: z.strictObject({}),
    handler: ({ db, principal }) => getOrderSummary(db, principal.ucpId),
  }),

  '/api/orders/listOrderableMachines': defineHandler({
    summary: "The customer's active machines with model, location, contract and toner delivery address / contact (the order form's first step).",
    permission: { anyOf: ['mgt_order_write'] },
    body: z.strictObject({}),
    handler: ({ db, principal }) => listOrderableMachines(db, principal.ucpId),
  }),

  '/api/orders/listProductsForMachine': defineHandler({
    summary:
      "Products that may be ordered for one of the customer's machines: consumables compatible with its model plus generic supplies, each with its unit price and max quantity. Another customer's machine is NOT_FOUND.",
    permission: { anyOf: ['mgt_order_write'] },
    body: listProductsForMachineSchema,
    handler: ({ db, principal, body }) => listProductsForMachine(db, principal.ucpId, body.machineId),
  }),

  '/api/orders/placeTonerOrder': defineHandler({
    summary:
      'Places a toner / supplies order for a machine of the customer: { id, orderNo, created }. Items must fit the model and stay within max quantities (VALIDATION names the line). ' +
      'Idempotent by idempotencyKey: a repeat (also concurrent) returns the same order with created: false.',
    permission: { anyOf: ['mgt_order_write'] },
    body: placeTonerOrderSchema,
    handler: ({ db, principal, body }) => placeTonerOrder(db, principal, body),
  }),

  '/api/orders/cancelOrder': defineHandler({
    summary: "Cancels a pending order of the customer: { id, status: 'cancelled' }. Any other status is CONFLICT; another customer's order NOT_FOUND.",
    permission: { anyOf: ['mgt_order_write'] },
    body: cancelOrderSchema,
    handler: ({ db, principal, body }) => cancelOrder(db, principal, body),
  }),
};
