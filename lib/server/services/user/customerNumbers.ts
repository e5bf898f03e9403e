import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { customerNumbers } from '@/lib/server/db/schema';
import type { CustomerNosByLine, ProductLine } from '@/lib/customer/schemas';

export type { CustomerNosByLine } from '@/lib/customer/schemas';

/** The customer's numbers of one product line, in a stable order. */
export async function listCustomerNos(db: Db, ucpId: string, productLine: ProductLine): Promise<string[]> {
  const rows = await db
    .select({ customerNo: customerNumbers.customerNo })
    .from(customerNumbers)
    .where(and(eq(customerNumbers.ucpId, ucpId), eq(customerNumbers.productLine, productLine)))
    .orderBy(asc(customerNumbers.customerNo));
  return rows.map((r) => r.customerNo);
}

/** All of the customer's numbers, grouped by product line (every line present, empty when it has none). */
export async function customerNosByLine(db: Db, ucpId: string): Promise<CustomerNosByLine> {
  const rows = await db
    .select({ productLine: customerNumbers.productLine, customerNo: customerNumbers.customerNo })
    .from(customerNumbers)
    .where(eq(customerNumbers.ucpId, ucpId))
    .orderBy(asc(customerNumbers.productLine), asc(customerNumbers.customerNo));
  const grouped: CustomerNosByLine = { copier: [], printer: [], software: [] };
  for (const r of rows) grouped[r.productLine].push(r.customerNo);
  return grouped;
}
