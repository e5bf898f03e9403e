import { AGEING_BUCKETS, type AgeingBucket, type BillStatus } from '@/lib/bills/schemas';
import { addressBlock, documentHeader } from './billPdf';
import { FONT, renderPdf } from './document';
import { contentWidth, drawTable, ensureSpace, generatedFooter, money, sectionHeading, type Bi, type Cell, type Column } from './layout';
import type { Party } from './parties';

export type StatementLine = {
  billNo: string;
  contractNo: string | null;
  billDate: string;
  dueDate: string;
  amountCents: number;
  paidCents: number;
  balanceCents: number;
  /** Days after the due date (0 or less: not yet due). */
  daysPastDue: number;
  bucket: AgeingBucket;
  status: BillStatus;
};

export type StatementTotals = Record<AgeingBucket, number> & { balance: number };

export type StatementDocument = {
  provider: Party;
  customer: Party;
  /** Hong Kong date the ageing is computed at. */
  asOf: string;
  lines: StatementLine[];
  totals: StatementTotals;
};

export const BUCKET_LABELS: Record<AgeingBucket, Bi> = {
  current: ['Current', '未到期'],
  d1to30: ['1–30 days', '1至30日'],
  d31to60: ['31–60 days', '31至60日'],
  d61to90: ['61–90 days', '61至90日'],
  over90: ['Over 90 days', '90日以上'],
};

const L = {
  title: ['STATEMENT OF ACCOUNT', '帳戶結單'],
  asOf: ['Statement date', '結單日期'],
  openBills: ['Open bills', '未付清帳單'],
  bills: ['Bills with a balance', '未付清帳單數目'],
  balance: ['Total balance', '總結欠'],
  billNo: ['Bill no.', '帳單編號'],
  billDate: ['Bill date', '帳單日期'],
  dueDate: ['Due date', '到期日'],
  amount: ['Amount', '金額'],
  paid: ['Paid', '已付'],
  total: ['Total', '總計'],
  none: ['No bill has an outstanding balance. Thank you.', '所有帳單均已付清，謝謝。'],
  ageing: ['Ageing summary (HK$)', '帳齡分析（港元）'],
} as const satisfies Record<string, Bi>;

/** The statement of account: every bill with a balance, aged into current / 1–30 / 31–60 / 61–90 / over 90 days. */
export function renderStatementPdf(d: StatementDocument): Promise<Buffer> {
  return renderPdf({ title: `Statement of account ${d.customer.ucpId} ${d.asOf}`, createdOn: d.asOf }, (doc) => {
    documentHeader(doc, d.provider, L.title);
    addressBlock(doc, d.customer, [
      [L.asOf, d.asOf],
      [L.bills, String(d.lines.length)],
      [L.balance, `HK$ ${money(d.totals.balance)}`],
    ]);

    const w = contentWidth(doc);
    // Summary boxes first: what a reader looks for on a statement.
    sectionHeading(doc, L.ageing);
    const boxW = w / AGEING_BUCKETS.length;
    drawTable(
      doc,
      AGEING_BUCKETS.map((b) => ({ header: BUCKET_LABELS[b], width: boxW, align: 'right' as const })),
      [AGEING_BUCKETS.map((b) => money(d.totals[b]))],
      { fontSize: 9, boldRows: new Set([0]) },
    );
    doc.y += 14;

    ensureSpace(doc, 80);
    sectionHeading(doc, L.openBills);
    if (d.lines.length === 0) {
      doc.font(FONT.regular).fontSize(9).text(`${L.none[0]} ${L.none[1]}`, { width: w });
    } else {
      const fixed = [0.14, 0.09, 0.09, 0.09, 0.08];
      const bucketW = (1 - fixed.reduce((a, b) => a + b, 0)) / AGEING_BUCKETS.length;
      const columns: Column[] = [
        { header: L.billNo, width: w * fixed[0]! },
        { header: L.billDate, width: w * fixed[1]! },
        { header: L.dueDate, width: w * fixed[2]! },
        { header: L.amount, width: w * fixed[3]!, align: 'right' },
        { header: L.paid, width: w * fixed[4]!, align: 'right' },
        ...AGEING_BUCKETS.map((b) => ({ header: BUCKET_LABELS[b], width: w * bucketW, align: 'right' as const })),
      ];
      const rows: Cell[][] = d.lines.map((l) => [
        l.billNo,
        l.billDate,
        l.dueDate,
        money(l.amountCents),
        money(l.paidCents),
        ...AGEING_BUCKETS.map((b) => (b === l.bucket ? money(l.balanceCents) : '')),
      ]);
      rows.push([L.total, '', '', '', '', ...AGEING_BUCKETS.map((b) => money(d.totals[b]))]);
      drawTable(doc, columns, rows, { fontSize: 7.5, boldRows: new Set([rows.length - 1]), zebra: true });
    }
    generatedFooter(doc, d.asOf);
  });
}
