/**
 * Orders and order tracking: the request schemas and answer types shared by the API (lib/server/api/orders.ts,
 * tracking.ts) and the screens (components/orders, components/tracking). Client-safe: no server import here.
 *
 * Zod messages are translation keys of the `common` namespace (`ui.validation.*` shared ones, `orders.validation.*`
 * this feature's), so a form shows the same text whether the browser or the server found the problem.
 */
import { z } from 'zod';
import { recordIdSchema, uuidSchema, trimBlank, trimHalfWidth } from '@/lib/zodText';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { msg } from '@/lib/zodMessages';
import { dateRangeFilter, isoDateSchema, listBodySchema, searchTextSchema, enumListFilter } from '@/lib/listQuery';
import type { MachineSummary } from '@/lib/machines/schemas';

import { ORDER_TYPES, SHIPMENT_STEPS, OPEN_ORDER_STATUSES, OPEN_ORDER_GROUP, ORDER_STATUS_FILTERS, type OrderStatus, type OrderType, type ShipmentStep, type ProductType } from './constants';

export * from './constants';
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** The statuses a status filter stands for: `open` expanded, each status once. */
export function expandOrderStatusFilter(values: readonly OrderStatusFilter[]): OrderStatus[] {
  const out = new Set<OrderStatus>();
  for (const v of values) for (const s of v === OPEN_ORDER_GROUP ? OPEN_ORDER_STATUSES : [v]) out.add(s);
  return [...out];
}

/** Couriers the provider uses; the shipment row stores the code, the screens translate it (unknown codes show as is). */
export const COURIERS = ['sf_express', 'kerry_express', 'own_fleet'] as const;

/** Limits of one toner / supplies order. */
export const ORDER_LIMITS = {
  maxLines: 10,
  maxRemarks: 500,
  maxAddress: 300,
  maxContactName: 100,
  /** Latest requested delivery date, in days after today (Hong Kong). */
  maxRequestedDays: 60,
} as const;


/** The window a requested delivery date must fall in: tomorrow .. today + 60 days (Hong Kong). */
export function requestedDateWindow(now: Date = new Date()): { min: string; max: string } {
  const today = hkToday(now);
  return { min: addDays(today, 1), max: addDays(today, ORDER_LIMITS.maxRequestedDays) };
}

// ---------------------------------------------------------------------------------------------------------------
// Field schemas

/**
 * A Hong Kong phone number: eight digits starting 2–9, optionally after +852, with optional spaces or hyphens
 * (`2345 6789`, `+852 9123-4567`).
 */
export const HK_PHONE_PATTERN = /^(?:\+852[\s-]?)?[2-9]\d{3}[\s-]?\d{4}$/;
export const hkPhoneSchema = z
  .string()
  .overwrite(trimHalfWidth)
  .min(1, { error: 'ui.validation.required' })
  .regex(HK_PHONE_PATTERN, { error: 'orders.validation.phone' });


/** `{ id }` of one order or shipment. */
export const byIdSchema = recordIdSchema;
export type ByIdBody = z.infer<typeof byIdSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Lists

export const ORDER_SORT_FIELDS = ['orderNo', 'createdAt', 'status', 'requestedDate', 'total'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];

export const listOrdersSchema = listBodySchema(ORDER_SORT_FIELDS, {
  /** Statuses, or the group `open` (pending, confirmed, processing, shipped: the home card's count). */
  status: enumListFilter(ORDER_STATUS_FILTERS),
  type: enumListFilter(ORDER_TYPES),
  /** Created from / to, inclusive Hong Kong dates. */
  ...dateRangeFilter(),
  /** Order number, machine serial, item code or description (either language). */
  q: searchTextSchema.optional(),
});
export type ListOrdersBody = z.infer<typeof listOrdersSchema>;

export const SHIPMENT_SORT_FIELDS = ['shipmentNo', 'createdAt', 'status', 'orderNo'] as const;
export type ShipmentSortField = (typeof SHIPMENT_SORT_FIELDS)[number];

export const listShipmentsSchema = listBodySchema(SHIPMENT_SORT_FIELDS, {
  status: enumListFilter(SHIPMENT_STEPS),
  /** Created from / to, inclusive Hong Kong dates. */
  ...dateRangeFilter(),
  /** Shipment number, tracking number or order number. */
  q: searchTextSchema.optional(),
});
export type ListShipmentsBody = z.infer<typeof listShipmentsSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Writes

export const listProductsForMachineSchema = z.strictObject({ machineId: uuidSchema });

export const orderLineSchema = z.strictObject({
  productCode: z.string().overwrite(trimBlank).min(1, { error: 'ui.validation.required' }).max(40, { error: msg('ui.validation.maxLength', { max: 40 }) }),
  quantity: z
    .number({ error: 'ui.validation.number' })
    .int({ error: 'ui.validation.integer' })
    .min(1, { error: msg('ui.validation.min', { min: 1 }) })
    .max(999, { error: msg('ui.validation.max', { max: 999 }) }),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** The delivery part of the order form (its own step on the screen). */
export const deliveryFields = {
  requestedDate: isoDateSchema.optional(),
  deliveryAddress: z.string().overwrite(trimBlank).max(ORDER_LIMITS.maxAddress, { error: msg('ui.validation.maxLength', { max: ORDER_LIMITS.maxAddress }) }).optional(),
  contactName: z
    .string()
    .overwrite(trimBlank)
    .min(1, { error: 'ui.validation.required' })
    .max(ORDER_LIMITS.maxContactName, { error: msg('ui.validation.maxLength', { max: ORDER_LIMITS.maxContactName }) }),
  contactPhone: hkPhoneSchema,
  remarks: z.string().overwrite(trimBlank).max(ORDER_LIMITS.maxRemarks, { error: msg('ui.validation.maxLength', { max: ORDER_LIMITS.maxRemarks }) }).optional(),
};

/**
 * Where an order goes when its delivery address is left empty (placeTonerOrder's rule, and what the order form's
 * review shows): the machine's toner delivery address, else its site address; null when it has neither (the order is
 * then refused). The stored address is the English one, so that is the one shown (QA: the review showed no address
 * and the order was saved with the site address the customer never saw).
 */
export function fallbackDeliveryAddress(machine: { tonerAddressEn: string; addressEn: string }): { address: string; source: 'toner' | 'site' } | null {
  const toner = machine.tonerAddressEn.trim();
  if (toner) return { address: toner, source: 'toner' };
  const site = machine.addressEn.trim();
  return site ? { address: site, source: 'site' } : null;
}

/** A requested delivery date must fall in requestedDateWindow() ("today" read when the value is validated). */
function checkRequestedDate(requestedDate: string | undefined, ctx: z.RefinementCtx): void {
  if (!requestedDate) return;
  const { min, max } = requestedDateWindow();
  if (requestedDate < min) ctx.addIssue({ code: 'custom', path: ['requestedDate'], message: 'orders.validation.requestedTooEarly' });
  else if (requestedDate > max) ctx.addIssue({ code: 'custom', path: ['requestedDate'], message: 'orders.validation.requestedTooLate' });
}

/**
 * `placeTonerOrder`. The requested date is checked against "today" in Hong Kong when the body is validated (the
 * browser's clock in the form, the server's clock in the API; the server decides).
 */
export const placeTonerOrderSchema = z
  .strictObject({
    idempotencyKey: uuidSchema,
    machineId: uuidSchema,
    items: z
      .array(orderLineSchema)
      .min(1, { error: 'orders.validation.noItems' })
      .max(ORDER_LIMITS.maxLines, { error: msg('ui.validation.maxItems', { max: ORDER_LIMITS.maxLines }) }),
    ...deliveryFields,
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.items.forEach((line, i) => {
      if (seen.has(line.productCode)) ctx.addIssue({ code: 'custom', path: ['items', i, 'productCode'], message: 'orders.validation.duplicateItem' });
      seen.add(line.productCode);
    });
    checkRequestedDate(body.requestedDate, ctx);
  });
export type PlaceTonerOrderBody = z.infer<typeof placeTonerOrderSchema>;

/**
 * The delivery step of the order form: the same fields and rules as the API, with an empty date input meaning
 * "no requested date".
 */
export const deliveryStepSchema = z
  .strictObject({
    ...deliveryFields,
    requestedDate: z.union([z.literal('').transform(() => undefined), isoDateSchema]).optional(),
  })
  .superRefine((body, ctx) => checkRequestedDate(body.requestedDate, ctx));
export type DeliveryStepInput = z.input<typeof deliveryStepSchema>;
export type DeliveryStepValues = z.output<typeof deliveryStepSchema>;

export const cancelOrderSchema = z.strictObject({
  id: uuidSchema,
  reason: z.string().overwrite(trimBlank).max(ORDER_LIMITS.maxRemarks, { error: msg('ui.validation.maxLength', { max: ORDER_LIMITS.maxRemarks }) }).optional(),
});
export type CancelOrderBody = z.infer<typeof cancelOrderSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Answers (times are ISO strings, dates 'YYYY-MM-DD', money integer HKD cents)

/** The one machine summary of every feature (lib/machines/schemas.ts). */
export type { MachineSummary };

/** A row of the order list: the order's own fields as the detail shows them (the total the same sum of its lines), and a summary of its items. */
export type OrderListItem = Pick<OrderDetail, 'id' | 'orderNo' | 'orderType' | 'status' | 'createdAt' | 'requestedDate' | 'totalCents'> & {
  machine: Pick<MachineSummary, 'serialNo' | 'modelNameEn' | 'modelNameZh'> | null;
  /** First item's description and how many lines the order has. */
  firstItemEn: string;
  firstItemZh: string;
  itemCount: number;
};

export type OrderItem = {
  lineNo: number;
  productCode: string;
  descriptionEn: string;
  descriptionZh: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
};

export type OrderStatusEvent = { status: OrderStatus; at: string; noteEn: string; noteZh: string; changedByName: string | null };

export type ShipmentSummary = {
  id: string;
  shipmentNo: string;
  courier: string;
  trackingNo: string;
  status: ShipmentStep;
  createdAt: string;
  updatedAt: string;
};

export type OrderDetail = {
  id: string;
  orderNo: string;
  orderType: OrderType;
  status: OrderStatus;
  deliveryAddress: string;
  contactName: string;
  contactPhone: string;
  requestedDate: string | null;
  promisedDate: string | null;
  remarks: string;
  createdAt: string;
  createdByName: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  machine: (MachineSummary & { addressEn: string; addressZh: string }) | null;
  items: OrderItem[];
  totalCents: number;
  history: OrderStatusEvent[];
  shipments: ShipmentSummary[];
  /** Whether the order may still be cancelled (pending). */
  canCancel: boolean;
};

export type OrderableMachine = MachineSummary & {
  tonerAddressEn: string;
  tonerAddressZh: string;
  /** The machine's site address (where an order without any delivery address goes, fallbackDeliveryAddress). */
  addressEn: string;
  addressZh: string;
  tonerContactName: string;
  tonerContactPhone: string;
  contractNo: string | null;
};

export type OrderableProduct = {
  productCode: string;
  productType: ProductType;
  descriptionEn: string;
  descriptionZh: string;
  colour: string | null;
  unitPriceCents: number;
  maxOrderQty: number;
};

export type PlaceOrderResult = { id: string; orderNo: string; created: boolean };

export type OrderSummary = { openOrders: number; inTransit: number };

export type ShipmentListItem = ShipmentSummary & {
  orderId: string;
  orderNo: string;
  /** When the latest step happened. */
  lastEventAt: string | null;
};

export type ShipmentEvent = { step: ShipmentStep; at: string; locationEn: string; locationZh: string; noteEn: string; noteZh: string };

export type ShipmentDetail = ShipmentSummary & {
  events: ShipmentEvent[];
  order: Pick<OrderDetail, 'id' | 'orderNo' | 'orderType' | 'status' | 'deliveryAddress' | 'contactName' | 'createdAt'> & {
    machine: Pick<MachineSummary, 'serialNo' | 'modelNameEn' | 'modelNameZh' | 'locationEn' | 'locationZh'> | null;
    itemCount: number;
  };
};
