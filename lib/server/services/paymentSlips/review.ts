import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ApproveSlipBody, listForReviewSchema, RejectSlipBody, ReviewDetail, ReviewListResult, ReviewResult } from '@/lib/paymentSlips/schemas';
import { bills, customers, paymentSlipBills, paymentSlips, storedFiles, userAccounts } from '@/lib/server/db/schema';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import type { FileResponseInit } from '@/lib/server/api/fileResponse';
import { textSearch } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { billStatusSql } from '@/lib/server/services/bills/status';
import { billsOfSlips, hkDayEnd, hkDayStart } from './common';
import { SLIP_SORT_COLUMNS, slipColumns, slipFile, toSlipItem } from './listSlips';

export type ListForReviewQuery = z.output<typeof listForReviewSchema>;

/**
 * Slips as staff review them, with their customer, their file and their uploader: the list and the detail of review
 * read the same rows; the detail adds the file's name and size and the reviewer (`extra`), which the list does not read
 * (the list adds its total instead).
 */
const REVIEW_DETAIL_COLUMNS = { fileName: storedFiles.fileName, fileSize: storedFiles.sizeBytes, reviewedBy: paymentSlips.reviewedBy };
type ReviewExtra = Partial<typeof REVIEW_DETAIL_COLUMNS & { __total: ReturnType<typeof totalCount> }>;
const selectForReview = <E extends ReviewExtra>(db: Db, extra: E) =>
  db
    .select({
      ...slipColumns,
      ucpId: paymentSlips.ucpId,
      customerNameEn: customers.nameEn,
      customerNameZh: customers.nameZh,
      fileMimeType: storedFiles.mimeType,
      ...extra,
    })
    .from(paymentSlips)
    .innerJoin(customers, eq(customers.ucpId, paymentSlips.ucpId))
    .innerJoin(storedFiles, eq(storedFiles.id, paymentSlips.fileId))
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, paymentSlips.uploadedBy));

/**
 * `/api/paymentSlips/listForReview`: slips of every customer for provider staff (pending first by default, oldest
 * first among them, so the queue is worked in order), filtered by status, customer, upload date and free text.
 */
export async function listForReview({ db }: ServiceContext, query: ListForReviewQuery): Promise<ReviewListResult> {
  const f = query.filter ?? {};
  const conditions: SQL[] = [];
  if (f.status?.length) conditions.push(inArray(paymentSlips.status, f.status));
  if (f.ucpId) conditions.push(eq(paymentSlips.ucpId, f.ucpId));
  if (f.dateFrom) conditions.push(gte(paymentSlips.createdAt, hkDayStart(f.dateFrom)));
  if (f.dateTo) conditions.push(lt(paymentSlips.createdAt, hkDayEnd(f.dateTo)));
  if (f.q) conditions.push(textSearch(f.q, [paymentSlips.slipNo, customers.nameEn, customers.nameZh, paymentSlips.ucpId]));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = query.sort
    ? [(query.sort.direction === 'asc' ? asc : desc)(SLIP_SORT_COLUMNS[query.sort.field]), asc(paymentSlips.slipNo)]
    : [sql`(${paymentSlips.status} = 'pending') desc`, asc(paymentSlips.createdAt), asc(paymentSlips.slipNo)];

  const q = selectForReview(db, { __total: totalCount() }).where(where).orderBy(...order);
  const page = await paginate(q, query, (r) => r);
  const billsOf = await billsOfSlips(db, page.items.map((r) => r.id));
  return {
    items: page.items.map(({ ucpId, customerNameEn, customerNameZh, fileMimeType, ...r }) => ({
      ...toSlipItem(r, billsOf),
      ucpId,
      customerNameEn,
      customerNameZh,
      fileMimeType,
    })),
    total: page.total,
  };
}

/** `/api/paymentSlips/getForReview`: one slip with its customer, its bills as they stand now, and its file's facts. */
export async function getForReview({ db }: ServiceContext, id: string, today: string): Promise<ReviewDetail> {
  const [row] = await selectForReview(db, REVIEW_DETAIL_COLUMNS)
    .where(eq(paymentSlips.id, id))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: `slip ${id} not found` });

  const slipBills = await db
    .select({
      billId: bills.id,
      billNo: bills.billNo,
      dueDate: bills.dueDate,
      amountCents: bills.amountCents,
      paidCents: bills.paidCents,
      appliedCents: paymentSlipBills.appliedCents,
      status: billStatusSql(today),
    })
    .from(paymentSlipBills)
    .innerJoin(bills, eq(bills.id, paymentSlipBills.billId))
    .where(eq(paymentSlipBills.slipId, id))
    .orderBy(asc(bills.dueDate), asc(bills.billNo));

  let reviewedByName: string | null = null;
  if (row.reviewedBy) {
    const [reviewer] = await db.select({ name: userAccounts.name }).from(userAccounts).where(eq(userAccounts.userAcUuid, row.reviewedBy));
    reviewedByName = reviewer?.name ?? null;
  }
  const { ucpId, customerNameEn, customerNameZh, fileMimeType, fileName, fileSize, reviewedBy: _reviewedBy, ...slip } = row;
  const billsOut = slipBills.map((b) => ({ ...b, balanceCents: b.amountCents - b.paidCents, status: String(b.status) }));
  const item = toSlipItem(slip, new Map());
  return {
    ...item,
    ucpId,
    customerNameEn,
    customerNameZh,
    fileMimeType,
    bills: billsOut,
    file: { fileName, mimeType: fileMimeType, sizeBytes: Number(fileSize) },
    reviewedByName,
    outstandingCents: billsOut.reduce((s, b) => s + b.balanceCents, 0),
  };
}

/** `/api/paymentSlips/getReviewFile`: the file of any slip, for staff. */
export function reviewFile({ db }: ServiceContext, id: string): Promise<FileResponseInit> {
  return slipFile(db, eq(paymentSlips.id, id));
}

type LockedSlip = { id: string; slipNo: string; ucpId: string; amountCents: number; status: string; reviewComment: string | null };

/** Locks the slip for the review; a slip already approved or rejected is a conflict (409), a missing one 404. */
async function lockPendingSlip(tx: Db, id: string): Promise<LockedSlip> {
  const [slip] = await tx
    .select({
      id: paymentSlips.id,
      slipNo: paymentSlips.slipNo,
      ucpId: paymentSlips.ucpId,
      amountCents: paymentSlips.amountCents,
      status: paymentSlips.status,
      reviewComment: paymentSlips.reviewComment,
    })
    .from(paymentSlips)
    .where(eq(paymentSlips.id, id))
    .for('update');
  if (!slip) throw new AppError('NOT_FOUND', { message: `slip ${id} not found` });
  if (slip.status !== 'pending') throw new AppError('SLIP_ALREADY_REVIEWED', { message: `slip ${slip.slipNo} is ${slip.status}` });
  return slip;
}

type LockedBill = { id: string; billNo: string; amountCents: number; paidCents: number };

/**
 * Splits the slip's amount over its bills: by default the oldest bill (due date, then number) first, each up to its
 * balance; or as the reviewer said, each allocation within the bill's balance and together within the slip amount.
 * What the bills cannot take (they were paid otherwise meanwhile) stays unapplied and is recorded in the audit row.
 */
export function allocate(slipAmount: number, slipBills: readonly LockedBill[], requested?: ApproveSlipBody['allocations']): Map<string, number> {
  const result = new Map<string, number>(slipBills.map((b) => [b.id, 0]));
  if (!requested) {
    let remaining = slipAmount;
    for (const b of slipBills) {
      const apply = Math.max(0, Math.min(b.amountCents - b.paidCents, remaining));
      result.set(b.id, apply);
      remaining -= apply;
    }
    return result;
  }
  const fields: Record<string, string[]> = {};
  const seen = new Set<string>();
  requested.forEach((a, i) => {
    const bill = slipBills.find((b) => b.id === a.billId);
    if (!bill || seen.has(a.billId)) (fields[`allocations.${i}.billId`] ??= []).push('paymentSlips.validation.allocationBill');
    else if (a.appliedCents > bill.amountCents - bill.paidCents) (fields[`allocations.${i}.appliedCents`] ??= []).push('paymentSlips.validation.allocationOverBalance');
    seen.add(a.billId);
    if (bill) result.set(bill.id, a.appliedCents);
  });
  const total = requested.reduce((s, a) => s + a.appliedCents, 0);
  if (total > slipAmount) (fields.allocations ??= []).push('paymentSlips.validation.allocationOverAmount');
  if (total === 0) (fields.allocations ??= []).push('paymentSlips.validation.allocationNothing');
  if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields, publicMessage: 'The allocations do not fit the slip or its bills' });
  return result;
}

/**
 * `/api/paymentSlips/approveSlip`: the slip's amount is applied to its bills (bills.paid_cents grows, each link
 * records what it got), the slip becomes approved, and an audit row records who, before and after, all in one
 * transaction. A slip no longer pending is 409.
 */
export async function approveSlip(ctx: ServiceContext, body: ApproveSlipBody): Promise<ReviewResult> {
  return inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const slip = await lockPendingSlip(tx, body.id);
    const slipBills: LockedBill[] = await tx
      .select({ id: bills.id, billNo: bills.billNo, amountCents: bills.amountCents, paidCents: bills.paidCents })
      .from(bills)
      .innerJoin(paymentSlipBills, eq(paymentSlipBills.billId, bills.id))
      .where(eq(paymentSlipBills.slipId, slip.id))
      .orderBy(asc(bills.dueDate), asc(bills.billNo))
      .for('update', { of: bills });
    const applied = allocate(slip.amountCents, slipBills, body.allocations);

    for (const b of slipBills) {
      const cents = applied.get(b.id) ?? 0;
      if (cents > 0) {
        await tx
          .update(bills)
          .set({ paidCents: sql`${bills.paidCents} + ${cents}`, updatedAt: ctx.now() })
          .where(eq(bills.id, b.id));
      }
      await tx
        .update(paymentSlipBills)
        .set({ appliedCents: cents })
        .where(and(eq(paymentSlipBills.slipId, slip.id), eq(paymentSlipBills.billId, b.id)));
    }
    const comment = body.comment?.trim() || null;
    await tx
      .update(paymentSlips)
      .set({ status: 'approved', reviewedBy: ctx.actor.userAcUuid, reviewedAt: ctx.now(), reviewComment: comment })
      .where(eq(paymentSlips.id, slip.id));

    const allocations = slipBills.map((b) => ({ billId: b.id, appliedCents: applied.get(b.id) ?? 0 }));
    const appliedTotal = allocations.reduce((s, a) => s + a.appliedCents, 0);
    await audit(txCtx, {
      action: 'payment_slip.approve',
      entity: 'payment_slip',
      entityId: slip.id,
      before: { slipNo: slip.slipNo, ucpId: slip.ucpId, status: slip.status, bills: slipBills.map((b) => ({ billNo: b.billNo, paidCents: b.paidCents })) },
      after: {
        status: 'approved',
        comment,
        bills: slipBills.map((b) => ({ billNo: b.billNo, paidCents: b.paidCents + (applied.get(b.id) ?? 0), appliedCents: applied.get(b.id) ?? 0 })),
        unappliedCents: slip.amountCents - appliedTotal,
      },
    });
    return { id: slip.id, status: 'approved', allocations };
  });
}

/**
 * `/api/paymentSlips/rejectSlip`: the slip becomes `reject` with the reviewer's reason (shown to the customer); its
 * bills are no longer under review, so they show unpaid / overdue / partly paid again. Audit row; 409 if not pending.
 */
export async function rejectSlip(ctx: ServiceContext, body: RejectSlipBody): Promise<ReviewResult> {
  return inTransaction(ctx, async (txCtx) => {
    const tx = txCtx.db;
    const slip = await lockPendingSlip(tx, body.id);
    await tx
      .update(paymentSlips)
      .set({ status: 'reject', reviewedBy: ctx.actor.userAcUuid, reviewedAt: ctx.now(), reviewComment: body.reason })
      .where(eq(paymentSlips.id, slip.id));
    await audit(txCtx, {
      action: 'payment_slip.reject',
      entity: 'payment_slip',
      entityId: slip.id,
      before: { slipNo: slip.slipNo, ucpId: slip.ucpId, status: slip.status, comment: slip.reviewComment },
      after: { status: 'reject', comment: body.reason },
    });
    return { id: slip.id, status: 'reject', allocations: [] };
  });
}
