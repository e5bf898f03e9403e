import { useEndpointQuery } from '@/lib/api/query';
import { ordersContract } from '@/lib/orders/contract';
import type { OrderSummary } from '@/lib/orders/schemas';

/**
 * The home card's figures (open orders, deliveries on their way), a query of the orders area (placing or cancelling
 * an order refreshes it), read only when `enabled` (the user may open the orders page). `data` is null while loading
 * or when disabled; `failed` says the call failed (finally, or while it is retried every 5 s): the card then says the figure is unavailable
 * instead of waiting for a number it will not get.
 */
export function useOrderSummary(enabled: boolean): { data: OrderSummary | null; failed: boolean } {
  const summary = useEndpointQuery(ordersContract.endpoints.getOrderSummary, enabled ? {} : null);
  return { data: enabled ? (summary.data ?? null) : null, failed: enabled && Boolean(summary.apiError || summary.retrying) };
}
