import { eq, sql } from 'drizzle-orm';
import type { AdminLandingCounts } from '@/lib/admin/contract';
import { canAccess } from '@/lib/permissions/canAccess';
import type { ServiceContext } from '@/lib/server/context';
import { paymentSlips } from '@/lib/server/db/schema';
import { deskSummary } from '@/lib/server/services/serviceRequests/desk';

/** Counts for the admin landing page: only what the caller's codes open (docs/admin.md). */
export async function landingCounts(ctx: ServiceContext): Promise<AdminLandingCounts> {
  const slips = canAccess(ctx.actor.codes, ['payslip_review_read', 'payslip_review_write'])
    ? ((await ctx.db.select({ n: sql<number>`count(*)::int` }).from(paymentSlips).where(eq(paymentSlips.status, 'pending')))[0]?.n ?? 0)
    : null;
  const serviceRequestsAtRisk = canAccess(ctx.actor.codes, ['service_req_admin_read', 'service_req_admin_write'])
    ? await (async () => {
        const s = await deskSummary(ctx);
        return s.atRisk + s.breached;
      })()
    : null;
  return { pendingPaymentSlips: slips, serviceRequestsAtRisk };
}
