import { and, eq, inArray, sql } from 'drizzle-orm';
import { IN_TRANSIT_STEPS, OPEN_ORDER_STATUSES, type OrderSummary } from '@/lib/orders/schemas';
import { orders, shipments } from '@/lib/server/db/schema';
import type { CustomerContext } from '@/lib/server/context';

/** `getOrderSummary` (the home card): the customer's open orders and the shipments still on their way. */
export async function getOrderSummary({ db, actor: { ucpId } }: CustomerContext): Promise<OrderSummary> {
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.ucpId, ucpId), inArray(orders.status, [...OPEN_ORDER_STATUSES])));
  const [moving] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(and(eq(shipments.ucpId, ucpId), inArray(shipments.status, [...IN_TRANSIT_STEPS])));
  return { openOrders: Number(open?.n ?? 0), inTransit: Number(moving?.n ?? 0) };
}
