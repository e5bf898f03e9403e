import { useEffect, useState } from 'react';
import { getOrderSummary } from '@/lib/api/orders';
import type { OrderSummary } from '@/lib/orders/schemas';

/**
 * The home card's figures (open orders, deliveries on their way), loaded once per mount and only when `enabled` (the
 * user may open the orders page). Null while loading, when disabled, or when the call failed: the card then shows
 * its hint instead of a number it does not have.
 */
export function useOrderSummary(enabled: boolean): OrderSummary | null {
  const [summary, setSummary] = useState<OrderSummary | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    void getOrderSummary({ signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted && result.ok) setSummary(result.data);
    });
    return () => controller.abort();
  }, [enabled]);
  return enabled ? summary : null;
}
