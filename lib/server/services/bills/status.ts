import { sql, type SQL } from 'drizzle-orm';
import type { BillStatus } from '@/lib/bills/schemas';
import { bills } from '@/lib/server/db/schema';

/**
 * A bill's status, derived in SQL from what happened, in this order (docs/bills.md):
 * paid (paid ≥ amount) → under_review (a pending slip names it) → overdue (due before today, Hong Kong) →
 * partly_paid (something paid) → unpaid. Nothing is stored, so a status can never go stale at midnight.
 * Reads the outer query's `bills` row; `today` is a parameter ('YYYY-MM-DD'), never the database's clock.
 */
export function billStatusSql(today: string): SQL<BillStatus> {
  return sql<BillStatus>`(case
    when ${bills.paidCents} >= ${bills.amountCents} then 'paid'
    when exists (
      select 1 from payment_slip_bills psb_s join payment_slips ps_s on ps_s.id = psb_s.slip_id
      where psb_s.bill_id = ${bills.id} and ps_s.status = 'pending'
    ) then 'under_review'
    when ${bills.dueDate} < ${today}::date then 'overdue'
    when ${bills.paidCents} > 0 then 'partly_paid'
    else 'unpaid'
  end)`;
}

/** amount − paid. */
export const balanceSql = sql<number>`(${bills.amountCents} - ${bills.paidCents})`;

