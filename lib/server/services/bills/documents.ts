import type { CustomerContext } from '@/lib/server/context';
import { renderBillPdf } from '@/lib/server/pdf/billPdf';
import { renderStatementPdf } from '@/lib/server/pdf/statementPdf';
import type { FileResponseInit } from '@/lib/server/api/fileResponse';
import { getBill } from './getBill';
import { documentParties, paymentInstructions } from './parties';
import { buildStatement, statementCsv } from './statement';

/** A file name keeps only letters, digits, dots and dashes of the values it is built from. */
const fileSafe = (text: string): string => text.replace(/[^\w.-]+/g, '_');

/** `/api/bills/downloadBillPdf`: the PDF of one bill of the customer (another customer's bill is NOT_FOUND). */
export async function billPdfFile(ctx: CustomerContext, id: string, today: string): Promise<FileResponseInit> {
  const { db, actor: { ucpId } } = ctx;
  const bill = await getBill(ctx, id, today);
  const { customer, provider } = await documentParties(db, ucpId);
  const body = await renderBillPdf({ bill, customer, provider, instructions: paymentInstructions(provider), generatedOn: today });
  return { fileName: `bill-${fileSafe(bill.billNo)}.pdf`, contentType: 'application/pdf', body };
}

/** `/api/bills/downloadStatement`: the statement of account at today, as PDF or CSV. */
export async function statementFile({ db, actor: { ucpId } }: CustomerContext, format: 'pdf' | 'csv', lang: 'en' | 'tc', today: string): Promise<FileResponseInit> {
  const statement = await buildStatement(db, ucpId, today);
  const base = `statement-${fileSafe(ucpId)}-${today}`;
  if (format === 'csv') return { fileName: `${base}.csv`, contentType: 'text/csv; charset=utf-8', body: statementCsv(statement, lang) };
  return { fileName: `${base}.pdf`, contentType: 'application/pdf', body: await renderStatementPdf(statement) };
}
