/**
 * Bills and the statement of account: the request schemas and answer types shared by the API
 * (lib/server/api/bills.ts) and the screens (components/bills). Client-safe: no server import here.
 *
 * Zod messages are translation keys of the `common` namespace (`ui.validation.*`), so a form shows the same text
 * whether the browser or the server found the problem.
 */
import { z } from 'zod';
import { dateRangeFilter, listBodySchema, searchTextSchema, type ListResult, enumListFilter } from '@/lib/listQuery';
import { type BillLineType } from './constants';
import { LOCALES } from '@/lib/i18n/locales';

export * from './constants';

/**
 * What a bill is right now. Never stored: derived in SQL from the amounts, the due date, Hong Kong's "today" and the
 * pending payment slips (lib/server/services/bills/status.ts, docs/bills.md), in this order of precedence.
 */
export const BILL_STATUSES = ['paid', 'under_review', 'overdue', 'partly_paid', 'unpaid'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

/**
 * Bills with a balance (every status but paid): the slip form lists those of them whose `payableCents` is above 0
 * (a pending slip may cover only part of the balance; another slip may then pay the rest).
 */
export const PAYABLE_BILL_STATUSES = ['unpaid', 'partly_paid', 'overdue', 'under_review'] as const satisfies readonly BillStatus[];

export const BILL_SORT_FIELDS = ['billNo', 'billDate', 'dueDate', 'amount', 'balance'] as const;
export type BillSortField = (typeof BILL_SORT_FIELDS)[number];

export const listBillsSchema = listBodySchema(BILL_SORT_FIELDS, {
  status: enumListFilter(BILL_STATUSES),
  contractId: z.uuid().optional(),
  /** Bill date from / to, inclusive. */
  ...dateRangeFilter(),
  /** Part of the bill number. */
  q: searchTextSchema.optional(),
});
export type ListBillsBody = z.input<typeof listBillsSchema>;

export const billIdSchema = z.strictObject({ id: z.uuid() });

export const STATEMENT_FORMATS = ['pdf', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const statementSchema = z.strictObject({
  format: z.enum(STATEMENT_FORMATS),
  /** Language of the CSV's headings (the PDF is bilingual). */
  lang: z.enum(LOCALES).optional(),
});
export type StatementBody = z.infer<typeof statementSchema>;

/** Ageing buckets of the statement, by days past the due date (0 or less is "current"). */
export const AGEING_BUCKETS = ['current', 'd1to30', 'd31to60', 'd61to90', 'over90'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

export function ageingBucket(daysPastDue: number): AgeingBucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return 'd1to30';
  if (daysPastDue <= 60) return 'd31to60';
  if (daysPastDue <= 90) return 'd61to90';
  return 'over90';
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

export type BillListItem = {
  id: string;
  billNo: string;
  contractId: string | null;
  contractNo: string | null;
  periodStart: string;
  periodEnd: string;
  billDate: string;
  dueDate: string;
  amountCents: number;
  paidCents: number;
  balanceCents: number;
  /** Sum of the pending payment slips naming the bill (a slip for several bills counted whole). */
  pendingCents: number;
  /** What another slip may still pay: balance − pending, at least 0. */
  payableCents: number;
  /** The main status (the first that applies: paid, under_review, overdue, partly_paid, unpaid). */
  status: BillStatus;
  /**
   * Every status the bill meets, the main one first (an overdue, partly paid bill under review:
   * ['under_review', 'overdue', 'partly_paid']). The list's status filter matches any of them.
   */
  statuses: BillStatus[];
};

export type BillSummary = {
  /** Balance of every bill not fully paid (under review included: it is not paid until a slip is approved). */
  outstandingCents: number;
  /**
   * Balance of every bill past its due date and not fully paid, a slip under review or not (the statement ages it
   * the same way).
   */
  overdueCents: number;
  overdueCount: number;
  /** Sum of the payment slips still under review (shown beside the overdue figure, not subtracted from it). */
  underReviewCents: number;
  underReviewCount: number;
};

export type BillListResult = ListResult<BillListItem> & { summary: BillSummary };

export type BillLine = {
  lineNo: number;
  lineType: BillLineType;
  descriptionEn: string;
  descriptionZh: string;
  machineId: string | null;
  serialNo: string | null;
  openingReading: number | null;
  closingReading: number | null;
  allowance: number | null;
  billablePages: number | null;
  /** HKD per page as a decimal string ("0.0450"): exact, never a float. */
  rate: string | null;
  amountCents: number;
};

export type BillPayment = {
  slipNo: string;
  status: 'pending' | 'approved' | 'reject';
  paymentDate: string;
  paymentMethod: string;
  /** What the slip says was paid (for all the bills it names). */
  amountCents: number;
  /** What review applied to this bill: 0 until the slip is approved. */
  appliedCents: number;
};

export type BillContract = {
  id: string;
  contractNo: string;
  contractType: string;
  billingFrequency: string;
};

export type BillDetail = BillListItem & {
  contract: BillContract | null;
  /** Who the bill is for and where it goes: the customer's current name and billing address (as the PDF prints them). */
  billTo: { nameEn: string; nameZh: string; addressEn: string; addressZh: string };
  lines: BillLine[];
  /** Payment slips that name this bill (pending, approved with the amount applied, rejected). */
  payments: BillPayment[];
};

/** Contracts of the customer that have bills (the contract filter's choices). */
export type BillContractOption = { id: string; contractNo: string };

export type BillFilterOptions = { contracts: BillContractOption[] };
