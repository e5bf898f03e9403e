import { billsContract } from '@/lib/bills/contract';
import { billingToday, billPdfFile, billSummary, getBill, listBillContracts, listBills, statementFile } from '@/lib/server/services/bills';
import { fileResponse } from './fileResponse';
import { implement } from './implement';

export const billRoutes = implement(billsContract, {
  listBills: ({ db, principal, body }) => listBills(db, principal.ucpId, body, billingToday()),
  getBillSummary: ({ db, principal }) => billSummary(db, principal.ucpId, billingToday()),
  listBillContracts: ({ db, principal }) => listBillContracts(db, principal.ucpId),
  getBill: ({ db, principal, body }) => getBill(db, principal.ucpId, body.id, billingToday()),
  downloadBillPdf: async ({ db, principal, body }) => fileResponse(await billPdfFile(db, principal.ucpId, body.id, billingToday())),
  downloadStatement: async ({ db, principal, body }) =>
    fileResponse(await statementFile(db, principal.ucpId, body.format, body.lang ?? 'en', billingToday())),
});
