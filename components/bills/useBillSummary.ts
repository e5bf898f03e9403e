import { useEffect, useState } from 'react';
import { getBillSummary } from '@/lib/api/bills';
import type { BillSummary } from '@/lib/bills/schemas';

/**
 * The home card's figures (outstanding and overdue), loaded once per mount and only when `enabled` (the user may open
 * the bills page). Null while loading, when disabled, or when the call failed: the card then shows its hint.
 */
export function useBillSummary(enabled: boolean): BillSummary | null {
  const [summary, setSummary] = useState<BillSummary | null>(null);
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    void getBillSummary({ signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted && result.ok) setSummary(result.data);
    });
    return () => controller.abort();
  }, [enabled]);
  return enabled ? summary : null;
}
