/** The admin landing page (docs/admin.md): counts of work waiting for the caller. Declared once (lib/contract). */
import { defineContract, noBody, output, query } from '@/lib/contract';
import { ADMIN_CODES } from '@/lib/permissions/codes';

/** Each count is present only when the caller may open the area it belongs to (null otherwise); docs/admin.md. */
export type AdminLandingCounts = {
  pendingPaymentSlips: number | null;
  /** Account-change requests waiting (status pending) of the types the caller may review (apv_*, credit control). */
  pendingApprovals: number | null;
  /** Contract renewals submitted this calendar month (Hong Kong time), any status but withdrawn (contract_renewal_log). */
  renewalsThisMonth: number | null;
  /** Open service requests breached or at risk of breaching their SLA (docs/service-requests.md). */
  serviceRequestsAtRisk: number | null;
};

export const adminContract = defineContract('admin', {
  landingCounts: query({
    summary:
      'Provider staff: counts needing attention on the admin landing page and the staff cards of home: { pendingPaymentSlips, pendingApprovals, renewalsThisMonth, serviceRequestsAtRisk }, each null without the codes of its area.',
    permission: { anyOf: ADMIN_CODES },
    body: noBody,
    output: output<AdminLandingCounts>(),
    silent: true,
  }),
});
