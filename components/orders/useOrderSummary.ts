import { useEndpointQuery } from '@/lib/api/query';
import { ordersContract } from '@/lib/orders/contract';
import type { OrderSummary } from '@/lib/orders/schemas';

/**
 * The home card's figures (open orders, deliveries on their way), a query of the orders area (placing or cancelling
 * an order refreshes it), read only when `enabled` (the user may open the orders page). Null while loading, when
 * disabled, or when the call failed: the card then shows its hint instead of a number it does not have.
 */
export function useOrderSummary(enabled: boolean): OrderSummary | null {
  const summary = useEndpointQuery(ordersContract.endpoints.getOrderSummary, enabled ? {} : null);
  return enabled ? (summary.data ?? null) : null;
}
