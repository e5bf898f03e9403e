/** Orders' fixed lists, without zod: pages that only name them (the home page's order card) load no schemas. */

// They also type the database's columns and write their CHECKs (lib/server/db/schema).
export const ORDER_TYPES = ['toner', 'supplies', 'equipment', 'service'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const SHIPMENT_STEPS = ['received', 'picked', 'dispatched', 'out_for_delivery', 'delivered', 'failed'] as const;
export type ShipmentStep = (typeof SHIPMENT_STEPS)[number];
export const PRODUCT_TYPES = ['toner', 'drum', 'waste_toner', 'staples', 'paper', 'equipment', 'service'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** What a customer may order online; equipment and service items go through the provider's sales staff. */
export const ORDERABLE_PRODUCT_TYPES = ['toner', 'drum', 'waste_toner', 'staples', 'paper'] as const satisfies readonly ProductType[];
/** Shipments that left the warehouse's hands but did not reach an end (delivered or failed), in their order. */
export const IN_TRANSIT_STEPS = ['received', 'picked', 'dispatched', 'out_for_delivery'] as const satisfies readonly ShipmentStep[];
/** Product types that make an order a toner order; anything else orderable (paper, staples) is a supplies order. */
export const TONER_PRODUCT_TYPES = ['toner', 'drum', 'waste_toner'] as const satisfies readonly ProductType[];
/** Orders still on their way to the customer (the home card's "open orders"). */
export const OPEN_ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped'] as const;
/**
 * The order list's status filter takes, beside each status, the group `open` (= OPEN_ORDER_STATUSES): the home card's
 * "7 open orders" opens `/my-orders/manage?status=open`, the same orders it counts (QA: it opened all 38).
 */
export const OPEN_ORDER_GROUP = 'open' as const;
export const ORDER_STATUS_FILTERS = [OPEN_ORDER_GROUP, ...ORDER_STATUSES] as const;
