import { and, eq } from 'drizzle-orm';
import type { AttachmentKind, ChangeType } from '@/lib/accountChanges/constants';
import type { SubmitResult } from '@/lib/accountChanges/schemas';
import { hkToday } from '@/lib/dates/hongKong';
import { audit } from '@/lib/server/audit';
import { inTransaction, type CustomerContext } from '@/lib/server/context';
import { changeRequestAttachments, changeRequestEvents, changeRequests } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import type { CheckedFile } from '@/lib/server/uploads';
import { nextReference } from '@/lib/server/db/rows';
import { lockCustomer, refuseIfPending, refuseUnchanged } from './guards';
import { notifyCustomer } from './notify';
import { BUILDERS, type FormOf } from './values';
import { storeUpload } from '@/lib/server/uploads/store';

export type SubmitInput<T extends ChangeType> = {
  type: T;
  idempotencyKey: string;
  form: FormOf[T];
  file?: { kind: AttachmentKind; file: CheckedFile };
};

async function findByKey(db: Db, ucpId: string, key: string): Promise<SubmitResult | null> {
  const [row] = await db
    .select({ id: changeRequests.id, requestNo: changeRequests.requestNo, status: changeRequests.status })
    .from(changeRequests)
    .where(and(eq(changeRequests.ucpId, ucpId), eq(changeRequests.idempotencyKey, key)));
  return row ? { id: row.id, requestNo: row.requestNo, status: row.status, replayed: true } : null;
}

/** Thrown inside the transaction when a concurrent twin with the same key won: rolls the file row back too. */
class ReplayRace extends Error {}

/**
 * Submits a change request of the caller's customer (tenancy from the token), channel source W. The endpoint's
 * permission is the type's `_write` code. Old values are read from the records now, new values come from the form
 * (machines and contracts must be the customer's own and active, else NOT_FOUND). A request identical to the records
 * is refused (400 VALIDATION, `noChange`), and so is a second open one of the type for the same customer, machine or
 * contract (409 CHANGE_ALREADY_PENDING naming it; see guards.ts). The file, the request, its first
 * history row, the audit row and the inbox notice are written in ONE transaction. Idempotent by `idempotencyKey`
 * (unique per customer): a replay, even a concurrent one, answers the first request (`replayed: true`).
 */
export async function submitChange<T extends ChangeType>(ctx: CustomerContext, input: SubmitInput<T>): Promise<SubmitResult> {
  const { ucpId, userAcUuid } = ctx.actor;
  const replay = await findByKey(ctx.db, ucpId, input.idempotencyKey);
  if (replay) return replay;
  try {
    return await inTransaction(ctx, async (tx) => {
      // One submission of this customer at a time: the twin of a concurrent replay finds the winner here, and of two
      // different requests at once the second sees the first as open.
      await lockCustomer(tx.db, ucpId);
      const twin = await findByKey(tx.db, ucpId, input.idempotencyKey);
      if (twin) return twin;
      const built = await BUILDERS[input.type](tx.db, ucpId, input.form);
      refuseUnchanged(input.type, built);
      await refuseIfPending(tx.db, ucpId, input.type, built);
      let fileId: string | null = null;
      if (input.file) {
        fileId = await storeUpload(tx.db, { ucpId, uploadedBy: userAcUuid }, input.file.file);
      }
      const now = tx.now();
      const requestNo = await nextReference(tx.db, 'ACR', hkToday(now));
      const [row] = await tx.db
        .insert(changeRequests)
        .values({
          requestNo,
          ucpId,
          changeType: input.type,
          channelSource: 'W',
          status: 'pending',
          oldValue: built.oldValue,
          newValue: built.newValue,
          effectiveDate: built.effectiveDate,
          submittedBy: userAcUuid,
          submittedAt: now,
          idempotencyKey: input.idempotencyKey,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: [changeRequests.ucpId, changeRequests.idempotencyKey] })
        .returning({ id: changeRequests.id });
      if (!row) throw new ReplayRace();
      if (fileId && input.file) await tx.db.insert(changeRequestAttachments).values({ requestId: row.id, fileId, kind: input.file.kind });
      await tx.db.insert(changeRequestEvents).values({ requestId: row.id, fromStatus: null, toStatus: 'pending', actorUuid: userAcUuid, byProvider: false, at: now });
      await audit(tx, { action: 'change_request.submit', entity: 'change_request', entityId: row.id, after: { requestNo, type: input.type, newValue: built.newValue } });
      await notifyCustomer(tx, { ucpId, requestNo, type: input.type, status: 'pending', comment: null, submittedBy: userAcUuid });
      return { id: row.id, requestNo, status: 'pending' as const, replayed: false };
    });
  } catch (err) {
    if (!(err instanceof ReplayRace)) throw err;
    const winner = await findByKey(ctx.db, ucpId, input.idempotencyKey);
    if (!winner) throw new AppError('CONFLICT', { message: 'idempotency race without a winner' });
    return winner;
  }
}
