import { useEndpointQuery } from '@/lib/api/query';
import { billsContract } from '@/lib/bills/contract';
import type { BillSummary } from '@/lib/bills/schemas';

/**
 * The home card's figures (outstanding and overdue), a query of the bills area (approving a payment slip refreshes
 * it), read only when `enabled` (the user may open the bills page). `data` is null while loading or when disabled;
 * `failed` says the call failed (finally, or while it is retried every 5 s): the card then says the figure is unavailable.
 */
export function useBillSummary(enabled: boolean): { data: BillSummary | null; failed: boolean } {
  const summary = useEndpointQuery(billsContract.endpoints.getBillSummary, enabled ? {} : null);
  return { data: enabled ? (summary.data ?? null) : null, failed: enabled && Boolean(summary.apiError || summary.retrying) };
}
