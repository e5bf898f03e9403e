import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/types';
import { customerNumbers, PRODUCT_LINES, type ProductLine } from '@/lib/server/db/schema';

export type CustomerNosByLine = Record<ProductLine, string[]>;

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
  const grouped = Object.fromEntries(PRODUCT_LINES.map((l) => [l, [] as string[]])) as CustomerNosByLine;
  for (const r of rows) {
    if ((PRODUCT_LINES as readonly string[]).includes(r.productLine)) grouped[r.productLine as ProductLine].push(r.customerNo);
  }
  return grouped;
}
