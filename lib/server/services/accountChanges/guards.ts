import { and, asc, eq, inArray } from 'drizzle-orm';
import { OPEN_STATUSES_OF, type ChangeType } from '@/lib/accountChanges/constants';
import { normalizeHkPhone } from '@/lib/phone';
import { msg } from '@/lib/zodMessages';
import { changeRequests, customers } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import type { Built } from './values';

const V = (key: string) => `accountChanges:validation.${key}`;

export { OPEN_STATUSES, OPEN_STATUSES_OF } from '@/lib/accountChanges/constants';

/**
 * The form field a "nothing would change" or "already pending" answer is shown on: the first field the customer fills
 * in for that type (the form puts the server's field errors on their fields and in its error summary).
 */
export const GUARD_FIELD = {
  comp_name: 'nameEn',
  bill_addr: 'address.street',
  machine_loc: 'machineIds',
  rec_hardcopy: 'receiveHardcopy',
  toner_addr: 'machineIds',
  trans_agree: 'contractIds',
} as const satisfies Record<ChangeType, string>;

const text = (v: string | null | undefined) => (v ?? '').trim().replace(/\s+/g, ' ');
const same = (a: string | null | undefined, b: string | null | undefined) => text(a) === text(b);
const sameEmail = (a: string | null | undefined, b: string | null | undefined) => text(a).toLowerCase() === text(b).toLowerCase();
const samePhone = (a: string | null | undefined, b: string | null | undefined) => normalizeHkPhone(text(a)) === normalizeHkPhone(text(b));

/** Whether the request asks for exactly what the records say now (per type; a transfer always changes the party). */
const UNCHANGED: { [T in ChangeType]: (b: Built<T>) => boolean } = {
  comp_name: ({ oldValue: o, newValue: n }) => same(o.nameEn, n.nameEn) && same(o.nameZh, n.nameZh) && same(o.brNo, n.brNo),
  bill_addr: ({ oldValue: o, newValue: n }) =>
    same(o.addressEn, n.addressEn) && same(o.addressZh, n.addressZh) && same(o.contactName, n.contactName) && samePhone(o.contactPhone, n.contactPhone),
  machine_loc: ({ oldValue: o, newValue: n }) =>
    o.machines.every(
      (m) => same(m.addressEn, n.addressEn) && same(m.addressZh, n.addressZh) && same(m.locationEn, n.locationDetail) && same(m.locationZh, n.locationDetail),
    ),
  rec_hardcopy: ({ oldValue: o, newValue: n }) => o.receiveHardcopy === n.receiveHardcopy && sameEmail(o.ebillEmail, n.ebillEmail),
  toner_addr: ({ oldValue: o, newValue: n }) =>
    o.machines.every(
      (m) =>
        same(m.tonerAddressEn, n.addressEn) && same(m.tonerAddressZh, n.addressZh) && same(m.tonerContactName, n.contactName) && samePhone(m.tonerContactPhone, n.contactPhone),
    ),
  trans_agree: () => false,
};

/** A request identical to the current records changes nothing: 400 VALIDATION with the message on the type's field. */
export function refuseUnchanged<T extends ChangeType>(type: T, built: Built<T>): void {
  if (!UNCHANGED[type](built)) return;
  throw new AppError('VALIDATION', { publicMessage: 'The request asks for what the records say already', fields: { [GUARD_FIELD[type]]: [V('noChange')] } });
}

/**
 * Serialises the submissions of one customer (held to the end of the transaction), so two at once cannot both pass the
 * pending check. NO KEY UPDATE: rows that only reference the customer (foreign keys take KEY SHARE) are not held up.
 */
export async function lockCustomer(db: Db, ucpId: string): Promise<void> {
  await db.select({ ucpId: customers.ucpId }).from(customers).where(eq(customers.ucpId, ucpId)).for('no key update');
}

/**
 * The machines (or contracts) a request of a per-item type is about, from its stored new value; null for the other
 * types. Also what the customer's list gives as `machineIds` / `contractIds` (read.ts), so a form marks what this refuses.
 */
export function itemsOf(type: ChangeType, value: unknown): { ids: string[]; labels: string[] } | null {
  const v = (value ?? {}) as { machineIds?: string[]; serialNos?: string[]; contractIds?: string[]; contractNos?: string[] };
  if (type === 'machine_loc' || type === 'toner_addr') return { ids: v.machineIds ?? [], labels: v.serialNos ?? [] };
  if (type === 'trans_agree') return { ids: v.contractIds ?? [], labels: v.contractNos ?? [] };
  return null;
}

/**
 * One open request per customer and type (open: `OPEN_STATUSES_OF`), and for the per-machine / per-contract types per
 * machine or contract: a second one is refused with 409 CHANGE_ALREADY_PENDING, its message (on the type's field) naming
 * the open request's number and, for machines and contracts, which of the chosen ones it already covers (an approved
 * transfer's message says it is being completed rather than waiting for a decision).
 */
export async function refuseIfPending<T extends ChangeType>(db: Db, ucpId: string, type: T, built: Built<T>): Promise<void> {
  const open = await db
    .select({ requestNo: changeRequests.requestNo, status: changeRequests.status, newValue: changeRequests.newValue })
    .from(changeRequests)
    .where(and(eq(changeRequests.ucpId, ucpId), eq(changeRequests.changeType, type), inArray(changeRequests.status, [...OPEN_STATUSES_OF[type]])))
    .orderBy(asc(changeRequests.submittedAt), asc(changeRequests.requestNo));
  const wanted = itemsOf(type, built.newValue);
  for (const row of open) {
    if (!wanted) throw pending(type, row.requestNo);
    const theirs = itemsOf(type, row.newValue);
    const shared = wanted.ids.map((id, i) => ({ id, label: wanted.labels[i] ?? id })).filter(({ id }) => theirs?.ids.includes(id));
    if (shared.length > 0) throw pending(type, row.requestNo, shared.map((s) => s.label), row.status === 'approved');
  }
}

function pending(type: ChangeType, requestNo: string, items?: string[], approved = false): AppError {
  // The serial / contract numbers go as a list: the page joins them in its own language (「A、B和C」 on tc pages).
  const message = items ? msg(V(approved ? 'alreadyApprovedFor' : 'alreadyPendingFor'), { requestNo, items }) : msg(V('alreadyPending'), { requestNo });
  return new AppError('CHANGE_ALREADY_PENDING', {
    publicMessage: `Request ${requestNo} of this type${items ? ` for ${items.join(', ')}` : ''} is still open`,
    fields: { [GUARD_FIELD[type]]: [message] },
  });
}
