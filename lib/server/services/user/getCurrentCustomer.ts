import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { customers } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import type { CurrentCustomer } from '@/lib/customer/schemas';
import { customerNosByLine } from './customerNumbers';

export type { CurrentCustomer } from '@/lib/customer/schemas';

/** A customer's own details as the portal shows them (its profile, and the current values of an account change). */
export const customerProfileColumns = {
  nameEn: customers.nameEn,
  nameZh: customers.nameZh,
  brNo: customers.brNo,
  billingAddressEn: customers.billingAddressEn,
  billingAddressZh: customers.billingAddressZh,
  contactName: customers.contactName,
  contactPhone: customers.contactPhone,
  contactEmail: customers.contactEmail,
  receiveHardcopyBill: customers.receiveHardcopyBill,
};


/** `ucpId` comes from the caller's token (the router checked the link), never from a request body. */
export async function getCurrentCustomer(db: Db, ucpId: string): Promise<CurrentCustomer> {
  const [row] = await db
    .select({
      ucpId: customers.ucpId,
      ...customerProfileColumns,
      isProvider: customers.isProvider,
    })
    .from(customers)
    .where(eq(customers.ucpId, ucpId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { publicMessage: 'Customer not found' });
  return { ...row, customerNos: await customerNosByLine(db, ucpId) };
}
