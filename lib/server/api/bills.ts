import { z } from 'zod';
import { billIdSchema, listBillsSchema, statementSchema } from '@/lib/bills/schemas';
import { billingToday, billPdfFile, billSummary, getBill, listBillContracts, listBills, statementFile } from '@/lib/server/services/bills';
import { defineHandler, type AnyHandler } from './defineHandler';
import { fileResponse } from './fileResponse';

const READ = { anyOf: ['mgt_bills_read'] } as const;

export const billRoutes: Record<string, AnyHandler> = {
  '/api/bills/listBills': defineHandler({
    summary:
      "One page of the customer's bills: { items: [{ id, billNo, contractNo, periodStart, periodEnd, billDate, dueDate, amountCents, " +
      'paidCents, balanceCents, status }], total, summary: { outstandingCents, overdueCents, overdueCount } }. Status is derived ' +
      '(paid, under_review, overdue, partly_paid, unpaid; docs/bills.md); filter by status[], contractId, dateFrom/dateTo (bill date), ' +
      'q (bill no.); sort billNo | billDate | dueDate | amount. The summary covers all bills, whatever the filter.',
    permission: READ,
    body: listBillsSchema,
    handler: ({ db, principal, body }) => listBills(db, principal.ucpId, body, billingToday()),
  }),

  '/api/bills/getBillSummary': defineHandler({
    summary: "Outstanding and overdue totals of the customer's bills (the home card): { outstandingCents, overdueCents, overdueCount }.",
    permission: READ,
    silent: true,
    body: z.strictObject({}),
    handler: ({ db, principal }) => billSummary(db, principal.ucpId, billingToday()),
  }),

  '/api/bills/listBillContracts': defineHandler({
    summary: 'Contracts the customer has bills for (the contract filter): [{ id, contractNo }].',
    permission: READ,
    silent: true,
    body: z.strictObject({}),
    handler: ({ db, principal }) => listBillContracts(db, principal.ucpId),
  }),

  '/api/bills/getBill': defineHandler({
    summary:
      'One bill with the lines that explain its amount (each with its own opening/closing readings, allowance, billable pages, rate), ' +
      'its contract and the payment slips naming it. Another customer’s bill is NOT_FOUND.',
    permission: READ,
    body: billIdSchema,
    handler: ({ db, principal, body }) => getBill(db, principal.ucpId, body.id, billingToday()),
  }),

  '/api/bills/downloadBillPdf': defineHandler({
    summary:
      'FILE (application/pdf attachment, not an envelope): the bill as a bilingual PDF generated from its data (Noto Sans TC, subset). ' +
      'Errors are JSON envelopes. Another customer’s bill is NOT_FOUND.',
    permission: READ,
    body: billIdSchema,
    handler: async ({ db, principal, body }) => fileResponse(await billPdfFile(db, principal.ucpId, body.id, billingToday())),
  }),

  '/api/bills/downloadStatement': defineHandler({
    summary:
      'FILE (attachment): the statement of account at today (Hong Kong) with ageing current / 1–30 / 31–60 / 61–90 / over 90 days past due, ' +
      'as `format` pdf (bilingual) or csv (UTF-8 with BOM; headings in `lang`, default en).',
    permission: READ,
    body: statementSchema,
    handler: async ({ db, principal, body }) =>
      fileResponse(await statementFile(db, principal.ucpId, body.format, body.lang ?? 'en', billingToday())),
  }),
};
