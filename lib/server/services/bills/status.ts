import { or, sql, type SQL } from 'drizzle-orm';
import { BILL_STATUSES, type BillStatus } from '@/lib/bills/schemas';
import { bills } from '@/lib/server/db/schema';
import { quotedList } from '@/lib/server/db/quotedList';

/** amount − paid. */
export const balanceSql = sql<number>`(${bills.amountCents} - ${bills.paidCents})`;

/**
 * What the customer's pending payment slips naming the bill add up to (each such slip counted whole: a slip for
 * several bills is not split between them until a reviewer approves it). Reads the outer query's `bills` row.
 */
export const pendingSql = sql<number>`(select coalesce(sum(ps_p.amount_cents), 0) from payment_slip_bills psb_p
  join payment_slips ps_p on ps_p.id = psb_p.slip_id where psb_p.bill_id = ${bills.id} and ps_p.status = 'pending')`;

/**
 * What another slip may still cover: the balance less the pending slips naming the bill, never below 0. A bill with
 * a pending slip for only part of its balance may receive another slip for the rest (docs/bills.md).
 */
export const payableSql = sql<number>`greatest(${balanceSql} - ${pendingSql}, 0)`;

/**
 * Each status as a condition on the outer query's `bills` row: THE definition used by the list's status filter, the
 * summary (overdue count and amount, home card) and the labels a row shows (docs/bills.md, "Bill status").
 * A bill may meet several: an overdue bill can also be partly paid and under review. `today` is Hong Kong's date
 * ('YYYY-MM-DD'), a parameter, never the database's clock.
 */
export function billIs(today: string): Record<BillStatus, SQL> {
  const open = sql`${bills.paidCents} < ${bills.amountCents}`;
  const pendingSlip = sql`exists (
      select 1 from payment_slip_bills psb_s join payment_slips ps_s on ps_s.id = psb_s.slip_id
      where psb_s.bill_id = ${bills.id} and ps_s.status = 'pending'
    )`;
  const due = sql`${bills.dueDate} < ${today}::date`;
  return {
    paid: sql`(not (${open}))`,
    under_review: sql`(${open} and ${pendingSlip})`,
    overdue: sql`(${open} and ${due})`,
    partly_paid: sql`(${open} and ${bills.paidCents} > 0)`,
    // Nothing else applies: nothing paid, not yet due, no slip pending.
    unpaid: sql`(${open} and ${bills.paidCents} <= 0 and not (${due}) and not (${pendingSlip}))`,
  };
}

/** Bills meeting any of `statuses` (the list's status filter). */
export function billStatusFilter(today: string, statuses: readonly BillStatus[]): SQL | undefined {
  const is = billIs(today);
  return or(...statuses.map((s) => is[s]));
}

/**
 * A bill's main status, the first that applies in this order: paid → under_review → overdue → partly_paid → unpaid.
 * The other statuses it meets are shown beside it (`billStatusesSql`).
 */
export function billStatusSql(today: string): SQL<BillStatus> {
  const is = billIs(today);
  return sql<BillStatus>`(case
    when ${is.paid} then 'paid'
    when ${is.under_review} then 'under_review'
    when ${is.overdue} then 'overdue'
    when ${is.partly_paid} then 'partly_paid'
    else 'unpaid'
  end)`;
}

/**
 * Every status the bill meets, the main one first, as one comma-separated text ('under_review,overdue,partly_paid'):
 * a text, not an array, so PGlite and node-postgres answer it alike.
 */
export function billStatusesSql(today: string): SQL<string> {
  const is = billIs(today);
  return sql<string>`concat_ws(',', ${sql.join(
    BILL_STATUSES.map((s) => sql`case when ${is[s]} then ${sql.raw(quotedList([s]))} end`),
    sql`, `,
  )})`;
}

/** `billStatusesSql`'s text as the statuses it names (an empty text: none). */
export const parseBillStatuses = (text: string): BillStatus[] => text.split(',').filter((s): s is BillStatus => (BILL_STATUSES as readonly string[]).includes(s));
