import { useEndpointQuery } from '@/lib/api/query';
import { billsContract } from '@/lib/bills/contract';
import type { BillSummary } from '@/lib/bills/schemas';

/**
 * The home card's figures (outstanding and overdue), a query of the bills area (approving a payment slip refreshes
 * it), read only when `enabled` (the user may open the bills page). Null while loading, when disabled, or when the
 * call failed: the card then shows its hint.
 */
export function useBillSummary(enabled: boolean): BillSummary | null {
  const summary = useEndpointQuery(billsContract.endpoints.getBillSummary, enabled ? {} : null);
  return enabled ? (summary.data ?? null) : null;
}
