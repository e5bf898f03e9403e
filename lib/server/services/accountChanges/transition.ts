import { and, asc, eq, inArray } from 'drizzle-orm';
import { ACTION_FROM, ACTION_TARGET, staffReadableTypes, staffWritableTypes, type ChangeType } from '@/lib/accountChanges/constants';
import type { NewValue, TransitionResult, transitionSchema } from '@/lib/accountChanges/schemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { changeRequestEvents, changeRequests, customers, machines } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import type { z } from 'zod';
import { parseValues } from './common';
import { notifyCustomer } from './notify';

type TransitionInput = z.output<typeof transitionSchema>;

/** What approval writes to the records, per type; answers what the records said before and after (the audit row). */
async function applyChange(db: Db, ucpId: string, type: ChangeType, value: unknown, now: Date): Promise<{ before: unknown; after: unknown }> {
  const customerWhere = eq(customers.ucpId, ucpId);
  const customerBefore = async () => (await db.select().from(customers).where(customerWhere).for('update'))[0];
  switch (type) {
    case 'comp_name': {
      const v = value as NewValue<'comp_name'>;
      const c = await customerBefore();
      await db.update(customers).set({ nameEn: v.nameEn, nameZh: v.nameZh, brNo: v.brNo, updatedAt: now }).where(customerWhere);
      return { before: { nameEn: c?.nameEn, nameZh: c?.nameZh, brNo: c?.brNo }, after: { nameEn: v.nameEn, nameZh: v.nameZh, brNo: v.brNo } };
    }
    case 'bill_addr': {
      const v = value as NewValue<'bill_addr'>;
      const c = await customerBefore();
      const after = { billingAddressEn: v.addressEn, billingAddressZh: v.addressZh, contactName: v.contactName, contactPhone: v.contactPhone };
      await db.update(customers).set({ ...after, updatedAt: now }).where(customerWhere);
      return {
        before: { billingAddressEn: c?.billingAddressEn, billingAddressZh: c?.billingAddressZh, contactName: c?.contactName, contactPhone: c?.contactPhone },
        after,
      };
    }
    case 'rec_hardcopy': {
      const v = value as NewValue<'rec_hardcopy'>;
      const c = await customerBefore();
      await db.update(customers).set({ receiveHardcopyBill: v.receiveHardcopy, contactEmail: v.ebillEmail, updatedAt: now }).where(customerWhere);
      return { before: { receiveHardcopyBill: c?.receiveHardcopyBill, contactEmail: c?.contactEmail }, after: { receiveHardcopyBill: v.receiveHardcopy, contactEmail: v.ebillEmail } };
    }
    case 'machine_loc':
    case 'toner_addr': {
      const v = value as NewValue<'machine_loc'> | NewValue<'toner_addr'>;
      // Only the customer's machines still there: one removed since the request was made is left out (audit shows it).
      const where = and(eq(machines.ucpId, ucpId), eq(machines.status, 'active'), inArray(machines.id, v.machineIds))!;
      // Locked in id order, as a meter submission locks them: two transactions taking the same machines in different
      // orders could deadlock (one of them a 500).
      const before = await db.select().from(machines).where(where).orderBy(asc(machines.id)).for('update');
      const set =
        type === 'machine_loc'
          ? {
              addressEn: v.addressEn,
              addressZh: v.addressZh,
              locationEn: (v as NewValue<'machine_loc'>).locationDetail,
              locationZh: (v as NewValue<'machine_loc'>).locationDetail,
            }
          : {
              tonerAddressEn: v.addressEn,
              tonerAddressZh: v.addressZh,
              tonerContactName: (v as NewValue<'toner_addr'>).contactName,
              tonerContactPhone: (v as NewValue<'toner_addr'>).contactPhone,
            };
      if (before.length) await db.update(machines).set({ ...set, updatedAt: now }).where(where);
      return {
        before: before.map((m) => ({ serialNo: m.serialNo, addressEn: m.addressEn, locationEn: m.locationEn, tonerAddressEn: m.tonerAddressEn, tonerContactName: m.tonerContactName })),
        after: { machines: before.map((m) => m.serialNo), ...set },
      };
    }
    case 'trans_agree':
      // A novation re-papers the contracts with the transferee (a new contract party, credit check, signatures):
      // the provider's contract team does it outside the portal and marks the request completed when done.
      return { before: null, after: { recorded: true } };
  }
}

/**
 * `/api/accountChanges/transition`: a staff step on a request. The request is locked (SELECT … FOR UPDATE) and then
 * updated only WHERE its status is still the one read (so of two staff acting at once exactly one wins; the other gets
 * 409 CHANGE_STATUS_CONFLICT), and:
 * - a type the caller may not read is NOT_FOUND, one it may read but not act on (no `apv_*_write`) FORBIDDEN;
 * - the step must be allowed from the current status (constants ACTION_FROM), else 409;
 * - approve applies the change to the customer / machine records in the same transaction;
 * - reject needs its reason (zod); every step writes a history row, an audit row and an inbox notice to the customer.
 */
export async function transitionRequest(ctx: ServiceContext, input: TransitionInput): Promise<TransitionResult> {
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(changeRequests).where(eq(changeRequests.id, input.id)).for('update');
    const type = row?.changeType;
    if (!row || !type || !staffReadableTypes(ctx.actor.codes).includes(type)) throw new AppError('NOT_FOUND', { message: `change request ${input.id} not found` });
    if (!staffWritableTypes(ctx.actor.codes).includes(type)) throw new AppError('FORBIDDEN', { message: `no approval write code for ${type}` });
    const from = row.status;
    if (!ACTION_FROM[input.action].includes(from)) {
      throw new AppError('CHANGE_STATUS_CONFLICT', { message: `${row.requestNo}: ${input.action} not allowed from ${from}` });
    }
    const to = ACTION_TARGET[input.action];
    const now = tx.now();
    const comment = input.comment || null;
    const [updated] = await tx.db
      .update(changeRequests)
      .set({
        status: to,
        reviewedBy: ctx.actor.userAcUuid,
        reviewerComment: comment ?? row.reviewerComment,
        updatedAt: now,
        ...(to === 'approved' || to === 'reject' ? { decidedAt: now } : {}),
        ...(to === 'completed' ? { completedAt: now } : {}),
      })
      .where(and(eq(changeRequests.id, row.id), eq(changeRequests.status, from)))
      .returning({ id: changeRequests.id });
    if (!updated) throw new AppError('CHANGE_STATUS_CONFLICT', { message: `${row.requestNo} changed meanwhile` });

    let applied: { before: unknown; after: unknown } | null = null;
    if (to === 'approved') {
      const values = parseValues(type, row.oldValue, row.newValue);
      applied = await applyChange(tx.db, row.ucpId, type, values.newValue, now);
    }
    await tx.db.insert(changeRequestEvents).values({ requestId: row.id, fromStatus: from, toStatus: to, actorUuid: ctx.actor.userAcUuid, byProvider: true, comment, at: now });
    await audit(tx, {
      action: `change_request.${input.action}`,
      entity: 'change_request',
      entityId: row.id,
      before: { requestNo: row.requestNo, ucpId: row.ucpId, type, status: from, ...(applied ? { records: applied.before } : {}) },
      after: { status: to, comment, ...(applied ? { records: applied.after } : {}) },
    });
    await notifyCustomer(tx, { ucpId: row.ucpId, requestNo: row.requestNo, type, status: to, comment, submittedBy: row.submittedBy });
    return { id: row.id, status: to };
  });
}
