import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { BillListItem, BillListResult, BillSortField, BillSummary, listBillsSchema } from '@/lib/bills/schemas';
import { bills, contracts, paymentSlips } from '@/lib/server/db/schema';
import type { CustomerContext } from '@/lib/server/context';
import { containsPattern, ilikeLiteral } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { balanceSql, billIs, billStatusFilter, billStatusesSql, billStatusSql, parseBillStatuses, pendingSql, payableSql } from './status';

export type ListBillsQuery = z.output<typeof listBillsSchema>;

/** The sort allow-list, mapped to columns (the client never names a column). */
const SORT_COLUMNS = {
  billNo: bills.billNo,
  billDate: bills.billDate,
  dueDate: bills.dueDate,
  amount: bills.amountCents,
  // The amount columns sort (issue 10 minor): the balance is derived, so it sorts by the same expression it shows.
  balance: balanceSql,
} as const satisfies Record<BillSortField, unknown>;

/** The columns of a list row (also used by the statement and the bill detail). */
export function billRowColumns(today: string) {
  return {
    id: bills.id,
    billNo: bills.billNo,
    contractId: bills.contractId,
    contractNo: contracts.contractNo,
    periodStart: bills.periodStart,
    periodEnd: bills.periodEnd,
    billDate: bills.billDate,
    dueDate: bills.dueDate,
    amountCents: bills.amountCents,
    paidCents: bills.paidCents,
    balanceCents: balanceSql,
    pendingCents: pendingSql,
    payableCents: payableSql,
    status: billStatusSql(today),
    statuses: billStatusesSql(today),
  };
}

type BillRow = Omit<BillListItem, 'statuses'> & { statuses: string };

export const toBillListItem = (r: BillRow): BillListItem => ({
  ...r,
  balanceCents: Number(r.balanceCents),
  pendingCents: Number(r.pendingCents),
  payableCents: Number(r.payableCents),
  statuses: parseBillStatuses(r.statuses),
});

/**
 * Totals over ALL of the customer's bills (the summary bar does not change with the list's filters): what is still
 * to pay, what of it is overdue, and what slips under review cover. Overdue is `billIs(today).overdue`, the very
 * condition of the list's "Overdue" filter, so the count here (and on the home card) is what that filter finds. One
 * rule with the statement PDF and CSV (issue 10 item 6): a bill is overdue by its whole balance once its due date has
 * passed, whether or not a slip for it is under review; the amount under review is shown beside it, never subtracted.
 */
export async function billSummary({ db, actor: { ucpId } }: CustomerContext, today: string): Promise<BillSummary> {
  const isOverdue = billIs(today).overdue;
  const [row] = await db
    .select({
      outstanding: sql<string>`coalesce(sum(${balanceSql}) filter (where ${bills.paidCents} < ${bills.amountCents}), 0)::bigint`,
      overdue: sql<string>`coalesce(sum(${balanceSql}) filter (where ${isOverdue}), 0)::bigint`,
      overdueCount: sql<number>`(count(*) filter (where ${isOverdue}))::int`,
    })
    .from(bills)
    .where(eq(bills.ucpId, ucpId));
  const [review] = await db
    .select({
      underReview: sql<string>`coalesce(sum(${paymentSlips.amountCents}), 0)::bigint`,
      underReviewCount: sql<number>`count(*)::int`,
    })
    .from(paymentSlips)
    .where(and(eq(paymentSlips.ucpId, ucpId), eq(paymentSlips.status, 'pending')));
  return {
    outstandingCents: Number(row?.outstanding ?? 0),
    overdueCents: Number(row?.overdue ?? 0),
    overdueCount: Number(row?.overdueCount ?? 0),
    underReviewCents: Number(review?.underReview ?? 0),
    underReviewCount: Number(review?.underReviewCount ?? 0),
  };
}

/**
 * `/api/bills/listBills`: one page of the customer's bills (tenancy: `ucpId` from the token), filtered, sorted and
 * paged in SQL (status filter on the derived status), newest bill first by default, with the total of matches and
 * the summary of the whole account.
 */
export async function listBills(ctx: CustomerContext, query: ListBillsQuery, today: string): Promise<BillListResult> {
  const { db, actor: { ucpId } } = ctx;
  const f = query.filter ?? {};
  const conditions: SQL[] = [eq(bills.ucpId, ucpId)];
  // A bill matches every status it meets (an overdue bill under review is found by "Overdue" and by "Under review").
  const byStatus = f.status?.length ? billStatusFilter(today, f.status) : undefined;
  if (byStatus) conditions.push(byStatus);
  if (f.contractId) conditions.push(eq(bills.contractId, f.contractId));
  if (f.dateFrom) conditions.push(gte(bills.billDate, f.dateFrom));
  if (f.dateTo) conditions.push(lte(bills.billDate, f.dateTo));
  if (f.q) conditions.push(ilikeLiteral(bills.billNo, containsPattern(f.q)));
  const where = and(...conditions);

  const sort = query.sort ?? { field: 'billDate', direction: 'desc' };
  const dir = sort.direction === 'asc' ? asc : desc;
  // Bill numbers are unique: the last tie-breaker keeps pages from overlapping.
  const order = sort.field === 'billNo' ? [dir(bills.billNo)] : [dir(SORT_COLUMNS[sort.field]), dir(bills.billNo)];

  const q = db
    .select({ ...billRowColumns(today), __total: totalCount() })
    .from(bills)
    .leftJoin(contracts, eq(contracts.id, bills.contractId))
    .where(where)
    .orderBy(...order);
  const page = await paginate(q, query, toBillListItem);

  return { ...page, summary: await billSummary(ctx, today) };
}

/** The contracts the customer has bills for (the list's contract filter). */
export async function listBillContracts({ db, actor: { ucpId } }: CustomerContext): Promise<{ id: string; contractNo: string }[]> {
  return db
    .selectDistinct({ id: contracts.id, contractNo: contracts.contractNo })
    .from(bills)
    .innerJoin(contracts, eq(contracts.id, bills.contractId))
    .where(eq(bills.ucpId, ucpId))
    .orderBy(asc(contracts.contractNo));
}
