/** Orders' fixed lists, without zod: pages that only name them (the home page's order card) load no schemas. */

// The same lists as lib/server/db/schema (server-only); __tests__/api/orders checks that they stay equal.
export const ORDER_TYPES = ['toner', 'supplies', 'equipment', 'service'] as const;
export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'] as const;
export const SHIPMENT_STEPS = ['received', 'picked', 'dispatched', 'out_for_delivery', 'delivered', 'failed'] as const;
export const PRODUCT_TYPES = ['toner', 'drum', 'waste_toner', 'staples', 'paper', 'equipment', 'service'] as const;
/** Orders still on their way to the customer (the home card's "open orders"). */
export const OPEN_ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'shipped'] as const;
/**
 * The order list's status filter takes, beside each status, the group `open` (= OPEN_ORDER_STATUSES): the home card's
 * "7 open orders" opens `/my-orders/manage?status=open`, the same orders it counts (QA: it opened all 38).
 */
export const OPEN_ORDER_GROUP = 'open' as const;
export const ORDER_STATUS_FILTERS = [OPEN_ORDER_GROUP, ...ORDER_STATUSES] as const;
