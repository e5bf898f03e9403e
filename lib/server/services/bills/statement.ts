import { and, asc, eq, lt } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { AGEING_BUCKETS, ageingBucket, type AgeingBucket, type BillStatus } from '@/lib/bills/schemas';
import { daysBetween } from '@/lib/dates/hongKong';
import { bills, contracts } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { BUCKET_LABELS, type StatementDocument, type StatementLine, type StatementTotals } from '@/lib/server/pdf/statementPdf';
import { billRowColumns } from './listBills';
import { documentParties } from './parties';

/**
 * The statement of account at `today`: every bill of the customer that still has a balance (under review included:
 * a slip is not a payment until approved), oldest first, each in its ageing bucket by days past its due date, and
 * the totals per bucket.
 */
export async function buildStatement(db: Db, ucpId: string, today: string): Promise<StatementDocument> {
  // The list row's columns (one definition of balance and status), less what a statement line does not show.
  const { id: _id, contractId: _c, periodStart: _ps, periodEnd: _pe, ...columns } = billRowColumns(today);
  const rows = await db
    .select(columns)
    .from(bills)
    .leftJoin(contracts, eq(contracts.id, bills.contractId))
    .where(and(eq(bills.ucpId, ucpId), lt(bills.paidCents, bills.amountCents)))
    .orderBy(asc(bills.dueDate), asc(bills.billNo));

  const totals = Object.fromEntries([...AGEING_BUCKETS.map((b) => [b, 0]), ['balance', 0]]) as StatementTotals;
  const lines: StatementLine[] = rows.map((r) => {
    const balanceCents = Number(r.balanceCents);
    const daysPastDue = daysBetween(r.dueDate, today);
    const bucket = ageingBucket(daysPastDue);
    totals[bucket] += balanceCents;
    totals.balance += balanceCents;
    return { ...r, balanceCents, daysPastDue, bucket, status: r.status };
  });
  const parties = await documentParties(db, ucpId);
  return { ...parties, asOf: today, lines, totals };
}

const CSV_HEADINGS = {
  en: {
    billNo: 'Bill no.',
    contractNo: 'Contract no.',
    billDate: 'Bill date',
    dueDate: 'Due date',
    amount: 'Amount (HKD)',
    paid: 'Paid (HKD)',
    balance: 'Balance (HKD)',
    daysPastDue: 'Days past due',
    status: 'Status',
    total: 'Total',
  },
  tc: {
    billNo: '帳單編號',
    contractNo: '合約編號',
    billDate: '帳單日期',
    dueDate: '到期日',
    amount: '金額（港元）',
    paid: '已付（港元）',
    balance: '結欠（港元）',
    daysPastDue: '逾期日數',
    status: '狀態',
    total: '總計',
  },
} as const;

const STATUS_TEXT: Record<'en' | 'tc', Record<BillStatus, string>> = {
  en: { paid: 'Paid', under_review: 'Payment under review', overdue: 'Overdue', partly_paid: 'Partly paid', unpaid: 'Unpaid' },
  tc: { paid: '已付清', under_review: '付款審核中', overdue: '逾期', partly_paid: '部分已付', unpaid: '未付' },
};

/** Cents → "1234.50": plain decimals, no grouping, so a spreadsheet reads them as numbers. */
const decimal = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** Text cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) get a leading apostrophe. */
const safeText = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/**
 * The statement as CSV (aged-receivables layout: one column per ageing bucket, the balance in the bill's bucket, a
 * total row). UTF-8 with a byte-order mark, so Excel opens the Chinese headings and names correctly; CRLF line ends.
 */
export function statementCsv(statement: StatementDocument, lang: 'en' | 'tc'): Buffer {
  const h = CSV_HEADINGS[lang];
  const bucketHeads = AGEING_BUCKETS.map((b) => (lang === 'tc' ? BUCKET_LABELS[b][1] : BUCKET_LABELS[b][0]));
  const records: string[][] = [
    [h.billNo, h.contractNo, h.billDate, h.dueDate, h.amount, h.paid, h.balance, h.daysPastDue, h.status, ...bucketHeads],
  ];
  for (const l of statement.lines) {
    records.push([
      safeText(l.billNo),
      safeText(l.contractNo ?? ''),
      l.billDate,
      l.dueDate,
      decimal(l.amountCents),
      decimal(l.paidCents),
      decimal(l.balanceCents),
      String(Math.max(0, l.daysPastDue)),
      STATUS_TEXT[lang][l.status],
      ...AGEING_BUCKETS.map((b: AgeingBucket) => (b === l.bucket ? decimal(l.balanceCents) : '')),
    ]);
  }
  records.push([h.total, '', '', '', '', '', decimal(statement.totals.balance), '', '', ...AGEING_BUCKETS.map((b) => decimal(statement.totals[b]))]);
  const text = stringify(records, { record_delimiter: 'windows' });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}
