import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { customers } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { customerNosByLine, type CustomerNosByLine } from './customerNumbers';

/** The customer a session acts for, as the header, home and account screens show it. An explicit column list. */
export type CurrentCustomer = {
  ucpId: string;
  nameEn: string;
  nameZh: string;
  brNo: string | null;
  billingAddressEn: string;
  billingAddressZh: string;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  receiveHardcopyBill: boolean;
  isProvider: boolean;
  customerNos: CustomerNosByLine;
};

/** `ucpId` comes from the caller's token (the router checked the link), never from a request body. */
export async function getCurrentCustomer(db: Db, ucpId: string): Promise<CurrentCustomer> {
  const [row] = await db
    .select({
      ucpId: customers.ucpId,
      nameEn: customers.nameEn,
      nameZh: customers.nameZh,
      brNo: customers.brNo,
      billingAddressEn: customers.billingAddressEn,
      billingAddressZh: customers.billingAddressZh,
      contactName: customers.contactName,
      contactPhone: customers.contactPhone,
      contactEmail: customers.contactEmail,
      receiveHardcopyBill: customers.receiveHardcopyBill,
      isProvider: customers.isProvider,
    })
    .from(customers)
    .where(eq(customers.ucpId, ucpId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { publicMessage: 'Customer not found' });
  return { ...row, customerNos: await customerNosByLine(db, ucpId) };
}
