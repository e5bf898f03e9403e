import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatHkd } from '@/lib/contracts/terms';
import { PAYMENT_DATE_MESSAGES, paymentDateProblem, type UploadSlipFields, type UploadSlipResult } from '@/lib/paymentSlips/schemas';
import { bills, paymentSlipBills, paymentSlips } from '@/lib/server/db/schema';
import { inTransaction, type CustomerContext } from '@/lib/server/context';
import { AppError } from '@/lib/server/errors';
import type { CheckedFile } from '@/lib/server/uploads';
import { nextReference } from '@/lib/server/db/rows';
import { storeUpload } from '@/lib/server/uploads/store';

export type UploadSlipInput = UploadSlipFields & { file: CheckedFile };

async function findByKey({ db, actor }: CustomerContext, key: string): Promise<UploadSlipResult | null> {
  const [row] = await db
    .select({ id: paymentSlips.id, slipNo: paymentSlips.slipNo, status: paymentSlips.status })
    .from(paymentSlips)
    .where(and(eq(paymentSlips.ucpId, actor.ucpId), eq(paymentSlips.idempotencyKey, key)));
  return row ? { id: row.id, slipNo: row.slipNo, status: row.status, replayed: true } : null;
}

/** Thrown inside the transaction when a concurrent request with the same key won: rolls back the file row too. */
class ReplayRace extends Error {}

/**
 * `/api/paymentSlips/uploadSlip`: a payment slip for one or several of the customer's bills. The file arrives
 * already checked (size while streaming, type by content, integrity); here:
 *
 * - the payment date lies within a year before today (Hong Kong) and not after it → VALIDATION;
 * - every bill belongs to the customer (tenancy from the token) → else NOT_FOUND, as if it did not exist;
 * - no bill is already paid (BILL_ALREADY_PAID) or has its whole balance covered by pending slips (BILL_UNDER_REVIEW)
 *   → 409;
 * - the amount is at most the sum of what the bills still may take (balance less their pending slips, each counted
 *   whole) → else PAYMENT_AMOUNT_EXCEEDS_BALANCE (400);
 * - the file, the slip and its bill links are written in ONE transaction (the bills are locked while it runs, so
 *   two uploads for one bill cannot both pass the checks);
 * - idempotent by `idempotencyKey` (unique per customer): a replay, even a concurrent one, gets the first slip back
 *   (`replayed: true`) and stores nothing.
 */
export async function uploadSlip(ctx: CustomerContext, input: UploadSlipInput, today: string): Promise<UploadSlipResult> {
  const { actor } = ctx;
  const replay = await findByKey(ctx, input.idempotencyKey);
  if (replay) return replay;

  const dateProblem = paymentDateProblem(input.paymentDate, today);
  if (dateProblem) {
    throw new AppError('VALIDATION', {
      fields: { paymentDate: [PAYMENT_DATE_MESSAGES[dateProblem]] },
      publicMessage: dateProblem === 'future' ? 'The payment date is in the future' : 'The payment date is more than a year ago',
    });
  }

  try {
    return await inTransaction(ctx, async (txCtx) => {
      const tx = txCtx.db;
      const selected = await tx
        .select({ id: bills.id, billNo: bills.billNo, amountCents: bills.amountCents, paidCents: bills.paidCents })
        .from(bills)
        .where(and(eq(bills.ucpId, actor.ucpId), inArray(bills.id, input.billIds)))
        // The same lock order as approveSlip (due date, bill no.): rows are locked in the order returned, and two
        // transactions locking the same bills in different orders can deadlock on PostgreSQL.
        .orderBy(asc(bills.dueDate), asc(bills.billNo))
        .for('update');
      // A concurrent twin of this request may have committed while we waited for the bill locks: answer its slip.
      const twin = await findByKey(txCtx, input.idempotencyKey);
      if (twin) return twin;
      if (selected.length !== input.billIds.length) {
        throw new AppError('NOT_FOUND', { publicMessage: 'A selected bill was not found', message: `bills ${input.billIds.join(',')} of ${actor.ucpId}` });
      }
      const paid = selected.filter((b) => b.paidCents >= b.amountCents);
      if (paid.length) {
        throw new AppError('BILL_ALREADY_PAID', { publicMessage: `Already paid: ${paid.map((b) => b.billNo).join(', ')}` });
      }
      // Pending slips naming the bills (each counted whole): a bill stays open to another slip for what they do not
      // cover (docs/bills.md, "Part-payment slips").
      const pendingRows = await tx
        .select({ billId: paymentSlipBills.billId, pendingCents: sql<string>`sum(${paymentSlips.amountCents})` })
        .from(paymentSlipBills)
        .innerJoin(paymentSlips, eq(paymentSlips.id, paymentSlipBills.slipId))
        .where(and(inArray(paymentSlipBills.billId, input.billIds), eq(paymentSlips.status, 'pending')))
        .groupBy(paymentSlipBills.billId);
      const pendingOf = new Map(pendingRows.map((r) => [r.billId, Number(r.pendingCents)]));
      const payableOf = (b: (typeof selected)[number]) => Math.max(b.amountCents - b.paidCents - (pendingOf.get(b.id) ?? 0), 0);
      const covered = selected.filter((b) => payableOf(b) === 0);
      if (covered.length) {
        throw new AppError('BILL_UNDER_REVIEW', { publicMessage: `Slips under review already cover the balance of: ${covered.map((b) => b.billNo).join(', ')}` });
      }
      const outstanding = selected.reduce((sum, b) => sum + payableOf(b), 0);
      if (input.amountCents > outstanding) {
        throw new AppError('PAYMENT_AMOUNT_EXCEEDS_BALANCE', {
          fields: { amountCents: ['paymentSlips.validation.amountOverBalance'] },
          publicMessage: `The amount ${formatHkd(input.amountCents)} is more than the outstanding balance ${formatHkd(outstanding)} of the selected bills`,
        });
      }

      const fileId = await storeUpload(tx, { ucpId: actor.ucpId, uploadedBy: actor.userAcUuid }, input.file);
      const [slip] = await tx
        .insert(paymentSlips)
        .values({
          slipNo: await nextReference(tx, 'PS', today),
          ucpId: actor.ucpId,
          uploadedBy: actor.userAcUuid,
          fileId,
          amountCents: input.amountCents,
          paymentDate: input.paymentDate,
          paymentMethod: input.paymentMethod,
          reference: input.reference,
          status: 'pending',
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: [paymentSlips.ucpId, paymentSlips.idempotencyKey] })
        .returning({ id: paymentSlips.id, slipNo: paymentSlips.slipNo });
      if (!slip) throw new ReplayRace();
      await tx.insert(paymentSlipBills).values(input.billIds.map((billId) => ({ slipId: slip.id, billId, appliedCents: 0 })));
      return { id: slip.id, slipNo: slip.slipNo, status: 'pending' as const, replayed: false };
    });
  } catch (err) {
    if (!(err instanceof ReplayRace)) throw err;
    const winner = await findByKey(ctx, input.idempotencyKey);
    if (!winner) throw new AppError('CONFLICT', { message: 'idempotency race without a winner' });
    return winner;
  }
}
