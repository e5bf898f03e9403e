import { billsContract } from '@/lib/bills/contract';
import { billingToday, billPdfFile, billSummary, getBill, listBillContracts, listBills, statementFile } from '@/lib/server/services/bills';
import { fileResponse } from './fileResponse';
import { implement } from './implement';

export const billRoutes = implement(billsContract, {
  listBills: ({ service, body }) => listBills(service, body, billingToday()),
  getBillSummary: ({ service }) => billSummary(service, billingToday()),
  listBillContracts: ({ service }) => listBillContracts(service),
  getBill: ({ service, body }) => getBill(service, body.id, billingToday()),
  downloadBillPdf: async ({ service, body }) => fileResponse(await billPdfFile(service, body.id, billingToday())),
  downloadStatement: async ({ service, body }) => fileResponse(await statementFile(service, body.format, body.lang ?? 'en', billingToday())),
});
