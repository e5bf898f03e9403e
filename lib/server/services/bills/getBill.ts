import { and, asc, desc, eq } from 'drizzle-orm';
import type { BillDetail } from '@/lib/bills/schemas';
import { billLines, bills, contracts, customers, paymentSlipBills, paymentSlips } from '@/lib/server/db/schema';
import type { CustomerContext } from '@/lib/server/context';
import { AppError } from '@/lib/server/errors';
import { billRowColumns, toBillListItem } from './listBills';

/**
 * `/api/bills/getBill`: one bill of the customer with the lines that explain its amount (each with its own copy of
 * the readings, allowance and rate it was computed from), its contract, and the payment slips that name it. Another
 * customer's bill, or an id that does not exist, is NOT_FOUND alike.
 */
export async function getBill({ db, actor: { ucpId } }: CustomerContext, id: string, today: string): Promise<BillDetail> {
  const [row] = await db
    .select({
      ...billRowColumns(today),
      contractType: contracts.contractType,
      billingFrequency: contracts.billingFrequency,
    })
    .from(bills)
    .leftJoin(contracts, eq(contracts.id, bills.contractId))
    .where(and(eq(bills.id, id), eq(bills.ucpId, ucpId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', { message: `bill ${id} not found for ${ucpId}` });

  const lines = await db
    .select({
      lineNo: billLines.lineNo,
      lineType: billLines.lineType,
      descriptionEn: billLines.descriptionEn,
      descriptionZh: billLines.descriptionZh,
      machineId: billLines.machineId,
      serialNo: billLines.serialNo,
      openingReading: billLines.openingReading,
      closingReading: billLines.closingReading,
      allowance: billLines.allowance,
      billablePages: billLines.billablePages,
      rate: billLines.rate,
      amountCents: billLines.amountCents,
    })
    .from(billLines)
    .where(eq(billLines.billId, id))
    .orderBy(asc(billLines.lineNo));

  const payments = await db
    .select({
      slipNo: paymentSlips.slipNo,
      status: paymentSlips.status,
      paymentDate: paymentSlips.paymentDate,
      paymentMethod: paymentSlips.paymentMethod,
      amountCents: paymentSlips.amountCents,
      appliedCents: paymentSlipBills.appliedCents,
    })
    .from(paymentSlipBills)
    .innerJoin(paymentSlips, eq(paymentSlips.id, paymentSlipBills.slipId))
    .where(and(eq(paymentSlipBills.billId, id), eq(paymentSlips.ucpId, ucpId)))
    .orderBy(desc(paymentSlips.createdAt));

  const [billTo] = await db
    .select({ nameEn: customers.nameEn, nameZh: customers.nameZh, addressEn: customers.billingAddressEn, addressZh: customers.billingAddressZh })
    .from(customers)
    .where(eq(customers.ucpId, ucpId));

  const { contractType, billingFrequency, ...item } = row;
  return {
    ...toBillListItem(item),
    billTo: billTo ?? { nameEn: '', nameZh: '', addressEn: '', addressZh: '' },
    contract:
      item.contractId && item.contractNo
        ? { id: item.contractId, contractNo: item.contractNo, contractType: contractType ?? '', billingFrequency: billingFrequency ?? '' }
        : null,
    lines,
    payments,
  };
}
