/** Bills and the statement of account (docs/bills.md): every endpoint declared once (lib/contract). */
import { defineContract, lazyBodies, download, noBody, output } from '@/lib/contract';
import { reads } from '@/lib/contract/grants';
import type {
  BillContractOption,
  BillDetail,
  BillListResult,
  BillSummary,
} from './schemas';

/** The bodies are loaded when first checked (the server) and never built in the browser (docs/performance.md). */
const schema = lazyBodies(() => import('./schemas'));

const READ = { anyOf: ['mgt_bills_read'] } as const;
const read = reads(READ);
const readQuietly = reads(READ, { silent: true });

export const billsContract = defineContract('bills', {
  listBills: read(
    "One page of the customer's bills: { items: [{ id, billNo, contractNo, periodStart, periodEnd, billDate, dueDate, amountCents, " +
      'paidCents, balanceCents, pendingCents, payableCents, status, statuses }], total, summary: { outstandingCents, overdueCents, overdueCount } }. ' +
      'Statuses are derived (paid, under_review, overdue, partly_paid, unpaid; a bill may meet several, status is the main one; docs/bills.md); ' +
      'filter by status[] (a bill matches any status it meets), contractId, dateFrom/dateTo (bill date), ' +
      'q (bill no.); sort billNo | billDate | dueDate | amount. The summary covers all bills, whatever the filter.',
    schema('listBillsSchema'),
    output<BillListResult>(),
  ),
  getBillSummary: readQuietly(
    "Outstanding and overdue totals of the customer's bills (the home card): { outstandingCents, overdueCents, overdueCount }.",
    noBody,
    output<BillSummary>(),
  ),
  listBillContracts: readQuietly('Contracts the customer has bills for (the contract filter): [{ id, contractNo }].', noBody, output<BillContractOption[]>()),
  getBill: read(
    'One bill with the lines that explain its amount (each with its own opening/closing readings, allowance, billable pages, rate), ' +
      'its contract and the payment slips naming it. Another customer’s bill is NOT_FOUND.',
    schema('billIdSchema'),
    output<BillDetail>(),
  ),
  downloadBillPdf: download({
    summary:
      'FILE (application/pdf attachment, not an envelope): the bill as a bilingual PDF generated from its data (Noto Sans TC, subset). ' +
      'Errors are JSON envelopes. Another customer’s bill is NOT_FOUND.',
    permission: READ,
    body: schema('billIdSchema'),
  }),
  downloadStatement: download({
    summary:
      'FILE (attachment): the statement of account at today (Hong Kong) with ageing current / 1–30 / 31–60 / 61–90 / over 90 days past due, ' +
      'as `format` pdf (bilingual) or csv (UTF-8 with BOM; headings in `lang`, default en).',
    permission: READ,
    body: schema('statementSchema'),
  }),
});
