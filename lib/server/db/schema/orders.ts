import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, ORDER_TYPES, SHIPMENT_STEPS } from '@/lib/orders/constants';
import { customerRef } from './customers';
import { machines, products } from './equipment';
import { actorRef } from './users';
import { uuidPk, timestamps, eventAt, uuidRef, optionalUuidRef, inList } from './columns';

export const orders = pgTable(
  'orders',
  {
    id: uuidPk(),
    orderNo: text('order_no').notNull(),
    ucpId: customerRef(),
    orderType: text('order_type', { enum: ORDER_TYPES }).notNull(),
    machineId: optionalUuidRef('machine_id', () => machines.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    deliveryAddress: text('delivery_address').notNull().default(''),
    contactName: text('contact_name').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    requestedDate: date('requested_date', { mode: 'string' }),
    promisedDate: date('promised_date', { mode: 'string' }),
    remarks: text('remarks').notNull().default(''),
    createdBy: actorRef('created_by'),
    /** Client-supplied key: a double click or a retried request places one order (unique per customer). */
    idempotencyKey: text('idempotency_key'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('orders_no_uq').on(t.orderNo),
    unique('orders_idempotency_uq').on(t.ucpId, t.idempotencyKey),
    index('orders_ucp_created_idx').on(t.ucpId, t.createdAt),
    index('orders_ucp_status_idx').on(t.ucpId, t.status),
    check('orders_type_chk', sql`${t.orderType} in ${inList(ORDER_TYPES)}`),
    check('orders_status_chk', sql`${t.status} in ${inList(ORDER_STATUSES)}`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuidPk(),
    orderId: uuidRef('order_id', () => orders.id, 'cascade'),
    lineNo: integer('line_no').notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.productCode),
    /** Copies at order time: a later catalogue change does not rewrite history. */
    descriptionEn: text('description_en').notNull(),
    descriptionZh: text('description_zh').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
  },
  (t) => [
    unique('order_items_line_uq').on(t.orderId, t.lineNo),
    check('order_items_qty_chk', sql`${t.quantity} > 0 and ${t.unitPriceCents} >= 0`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuidPk(),
    orderId: uuidRef('order_id', () => orders.id, 'cascade'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    at: eventAt(),
    noteEn: text('note_en').notNull().default(''),
    noteZh: text('note_zh').notNull().default(''),
    changedBy: actorRef('changed_by'),
  },
  (t) => [
    index('order_status_history_order_idx').on(t.orderId, t.at),
    check('order_status_history_status_chk', sql`${t.status} in ${inList(ORDER_STATUSES)}`),
  ],
);

export const shipments = pgTable(
  'shipments',
  {
    id: uuidPk(),
    shipmentNo: text('shipment_no').notNull(),
    orderId: uuidRef('order_id', () => orders.id, 'cascade'),
    /** Denormalised from the order for tenancy checks and the list query. */
    ucpId: customerRef(),
    courier: text('courier').notNull(),
    trackingNo: text('tracking_no').notNull(),
    /** The latest step reached (kept with the events in one transaction). */
    status: text('status', { enum: SHIPMENT_STEPS }).notNull().default('received'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('shipments_no_uq').on(t.shipmentNo),
    index('shipments_ucp_idx').on(t.ucpId, t.createdAt),
    index('shipments_order_idx').on(t.orderId),
    check('shipments_status_chk', sql`${t.status} in ${inList(SHIPMENT_STEPS)}`),
  ],
);

export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: uuidPk(),
    shipmentId: uuidRef('shipment_id', () => shipments.id, 'cascade'),
    step: text('step', { enum: SHIPMENT_STEPS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    locationEn: text('location_en').notNull().default(''),
    locationZh: text('location_zh').notNull().default(''),
    noteEn: text('note_en').notNull().default(''),
    noteZh: text('note_zh').notNull().default(''),
  },
  (t) => [
    index('shipment_events_shipment_idx').on(t.shipmentId, t.at),
    check('shipment_events_step_chk', sql`${t.step} in ${inList(SHIPMENT_STEPS)}`),
  ],
);
