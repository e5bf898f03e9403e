import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AdminLandingCounts } from '@/lib/admin/contract';
import { staffReadableTypes } from '@/lib/accountChanges/constants';
import { canAccess } from '@/lib/permissions/canAccess';
import type { ServiceContext } from '@/lib/server/context';
import { changeRequests, contractRenewals, paymentSlips } from '@/lib/server/db/schema';
import { deskSummary } from '@/lib/server/services/serviceRequests/desk';

const count = sql<number>`count(*)::int`;

/** Counts for the admin landing page: only what the caller's codes open (docs/admin.md). */
export async function landingCounts(ctx: ServiceContext): Promise<AdminLandingCounts> {
  const codes = ctx.actor.codes;
  const types = staffReadableTypes(codes);
  const [slips, approvals, renewals, desk] = await Promise.all([
    canAccess(codes, ['payslip_review_read', 'payslip_review_write'])
      ? ctx.db.select({ n: count }).from(paymentSlips).where(eq(paymentSlips.status, 'pending'))
      : null,
    // The approval queue's own rule: the types of the caller's apv_* codes (and credit control's billing addresses).
    types.length
      ? ctx.db.select({ n: count }).from(changeRequests).where(and(eq(changeRequests.status, 'pending'), inArray(changeRequests.changeType, types)))
      : null,
    canAccess(codes, ['contract_renewal_log'])
      ? ctx.db
          .select({ n: count })
          .from(contractRenewals)
          .where(
            and(
              ne(contractRenewals.status, 'withdrawn'),
              sql`date_trunc('month', ${contractRenewals.submittedAt} at time zone 'Asia/Hong_Kong') = date_trunc('month', now() at time zone 'Asia/Hong_Kong')`,
            ),
          )
      : null,
    canAccess(codes, ['service_req_admin_read', 'service_req_admin_write']) ? deskSummary(ctx) : null,
  ]);
  const n = (rows: { n: number }[] | null) => (rows === null ? null : (rows[0]?.n ?? 0));
  return { pendingPaymentSlips: n(slips), pendingApprovals: n(approvals), renewalsThisMonth: n(renewals), serviceRequestsAtRisk: desk === null ? null : desk.atRisk + desk.breached };
}
