import { asc, eq, inArray } from 'drizzle-orm';
import { bills, paymentSlipBills } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';

/** The bills each slip names (bill no and applied amount), for a page of slips, in one query. */
export async function billsOfSlips(db: Db, slipIds: readonly string[]): Promise<Map<string, { billId: string; billNo: string; appliedCents: number }[]>> {
  const map = new Map<string, { billId: string; billNo: string; appliedCents: number }[]>();
  if (slipIds.length === 0) return map;
  const rows = await db
    .select({ slipId: paymentSlipBills.slipId, billId: paymentSlipBills.billId, billNo: bills.billNo, appliedCents: paymentSlipBills.appliedCents })
    .from(paymentSlipBills)
    .innerJoin(bills, eq(bills.id, paymentSlipBills.billId))
    .where(inArray(paymentSlipBills.slipId, [...slipIds]))
    .orderBy(asc(bills.dueDate), asc(bills.billNo));
  for (const r of rows) {
    const list = map.get(r.slipId) ?? [];
    list.push({ billId: r.billId, billNo: r.billNo, appliedCents: r.appliedCents });
    map.set(r.slipId, list);
  }
  return map;
}

/** Hong Kong calendar dates → the instants that bound them (for timestamp filters; HK has no DST). */
export { hkDayEnd, hkDayStart } from '@/lib/dates/hongKong';
