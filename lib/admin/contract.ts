/** The admin landing page (docs/admin.md): counts of work waiting for the caller. Declared once (lib/contract). */
import { z } from 'zod';
import { defineContract, output, query } from '@/lib/contract';
import { ADMIN_CODES } from '@/lib/permissions/codes';

/**
 * Each count is present only when the caller may open the area it belongs to (null otherwise), and only for
 * areas whose data exists: pending account-change approvals and this month's renewals join when those features land.
 */
export type AdminLandingCounts = {
  pendingPaymentSlips: number | null;
  /** Open service requests breached or at risk of breaching their SLA (docs/service-requests.md). */
  serviceRequestsAtRisk: number | null;
};

export const adminContract = defineContract('admin', {
  landingCounts: query({
    summary: 'Provider staff: counts needing attention on the admin landing page: { pendingPaymentSlips } (null without the payment-slip review codes).',
    permission: { anyOf: ADMIN_CODES },
    body: z.strictObject({}),
    output: output<AdminLandingCounts>(),
    silent: true,
  }),
});
