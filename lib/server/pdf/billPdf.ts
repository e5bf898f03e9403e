import type { BillDetail, BillLine } from '@/lib/bills/schemas';
import { FONT, PAGE, renderPdf, type Doc } from './document';
import { COLOR, contentWidth, drawTable, ensureSpace, generatedFooter, int, keyValues, money, pair, type Bi, type Cell, type Column } from './layout';
import type { Party, PaymentInstructions } from './parties';

export type BillDocument = {
  provider: Party;
  customer: Party;
  bill: BillDetail;
  instructions: PaymentInstructions;
  /** Hong Kong date the document was produced. */
  generatedOn: string;
};

const L = {
  title: ['BILL', '帳單'],
  billTo: ['Bill to', '客戶'],
  account: ['Account no.', '客戶編號'],
  billNo: ['Bill no.', '帳單編號'],
  billDate: ['Bill date', '帳單日期'],
  dueDate: ['Due date', '付款到期日'],
  contract: ['Contract', '合約編號'],
  period: ['Billing period', '計費期間'],
  description: ['Description', '項目'],
  serial: ['Serial no.', '機身號碼'],
  opening: ['Opening', '上期讀數'],
  closing: ['Closing', '本期讀數'],
  allowance: ['Allowance', '免費張數'],
  billable: ['Billable', '計費張數'],
  rate: ['Rate HK$', '每張單價'],
  amount: ['Amount HK$', '金額（港元）'],
  total: ['Total this bill', '本期總額'],
  paid: ['Amount paid', '已付金額'],
  balance: ['Balance due', '應付餘額'],
  howToPay: ['How to pay', '付款方法'],
  bank: ['Bank transfer', '銀行轉帳'],
  fps: ['FPS (Faster Payment System)', '轉數快'],
  cheque: ['Cheque', '支票'],
  quote: ['Please quote the bill no. as the payment reference and upload the payment slip in the customer portal.', '付款時請註明帳單編號，並於客戶平台上載入數紙。'],
  br: ['BR no.', '商業登記號碼'],
} as const satisfies Record<string, Bi>;

function header(doc: Doc, provider: Party, title: Bi): void {
  const width = contentWidth(doc);
  const top = PAGE.margin;
  doc.font(FONT.bold).fontSize(13).fillColor(COLOR.text).text(provider.nameEn, PAGE.margin, top, { width: width * 0.62 });
  doc.font(FONT.bold).fontSize(11).text(provider.nameZh, { width: width * 0.62 });
  doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted);
  doc.text(provider.addressEn, { width: width * 0.62 });
  doc.text(provider.addressZh, { width: width * 0.62 });
  doc.text([provider.phone, provider.email, provider.brNo ? `${pair(L.br)} ${provider.brNo}` : ''].filter(Boolean).join('  ·  '), { width: width * 0.62 });
  const afterLeft = doc.y;
  doc.font(FONT.bold).fontSize(title[0].length > 12 ? 15 : 20).fillColor(COLOR.accent).text(title[0], PAGE.margin + width * 0.62, top, { width: width * 0.38, align: 'right' });
  doc.font(FONT.bold).fontSize(14).text(title[1], { width: width * 0.38, align: 'right' });
  doc.y = Math.max(afterLeft, doc.y) + 8;
  doc.moveTo(PAGE.margin, doc.y).lineTo(PAGE.margin + width, doc.y).lineWidth(1).strokeColor(COLOR.accent).stroke();
  doc.y += 10;
}

/** The customer block on the left and the document's key facts on the right. */
export function addressBlock(doc: Doc, customer: Party, facts: readonly (readonly [Bi, string])[]): void {
  const width = contentWidth(doc);
  const top = doc.y;
  const leftWidth = width * 0.55;
  doc.font(FONT.regular).fontSize(8).fillColor(COLOR.muted).text(pair(L.billTo), PAGE.margin, top, { width: leftWidth });
  doc.font(FONT.bold).fontSize(10.5).fillColor(COLOR.text).text(customer.nameEn, { width: leftWidth });
  doc.font(FONT.bold).fontSize(10).text(customer.nameZh, { width: leftWidth });
  doc.font(FONT.regular).fontSize(8.5).fillColor(COLOR.text);
  if (customer.addressEn) doc.text(customer.addressEn, { width: leftWidth });
  if (customer.addressZh) doc.text(customer.addressZh, { width: leftWidth });
  doc.fillColor(COLOR.muted).text(`${pair(L.account)} ${customer.ucpId}`, { width: leftWidth });
  const leftBottom = doc.y;
  const rightBottom = keyValues(doc, PAGE.margin + leftWidth + 15, top, width - leftWidth - 15, facts);
  doc.x = PAGE.margin;
  doc.y = Math.max(leftBottom, rightBottom) + 12;
}

export { header as documentHeader };

function lineCells(line: BillLine): Cell[] {
  const isUsage = line.lineType === 'mono_usage' || line.lineType === 'colour_usage';
  return [
    [line.descriptionEn, line.descriptionZh],
    line.serialNo ?? '',
    isUsage ? int(line.openingReading) : '',
    isUsage ? int(line.closingReading) : '',
    isUsage ? int(line.allowance) : '',
    isUsage ? int(line.billablePages) : '',
    line.rate !== null && isUsage ? line.rate : '',
    money(line.amountCents),
  ];
}

function instructionsBlock(doc: Doc, ins: PaymentInstructions, billNo: string): void {
  const width = contentWidth(doc);
  ensureSpace(doc, 150);
  doc.y += 14;
  const top = doc.y;
  doc.font(FONT.bold).fontSize(10).fillColor(COLOR.text).text(pair(L.howToPay), PAGE.margin, top, { width });
  doc.moveDown(0.3);
  const colWidth = (width - 20) / 3;
  const y = doc.y;
  const block = (i: number, title: Bi, lines: readonly string[]) => {
    const x = PAGE.margin + i * (colWidth + 10);
    doc.font(FONT.bold).fontSize(8.5).fillColor(COLOR.text).text(title[0], x, y, { width: colWidth });
    doc.text(title[1], { width: colWidth });
    doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.text);
    for (const l of lines) doc.text(l, { width: colWidth });
    return doc.y;
  };
  const bottoms = [
    block(0, L.bank, [
      `${ins.bankNameEn}`,
      ins.bankNameZh,
      `Bank code 銀行編號: ${ins.bankCode}`,
      `Account no. 帳戶號碼: ${ins.accountNo}`,
      `Account name 帳戶名稱: ${ins.accountNameEn}`,
      ins.accountNameZh,
    ]),
    block(1, L.fps, [`FPS ID 轉數快識別碼: ${ins.fpsId}`, ins.accountNameEn, ins.accountNameZh]),
    block(2, L.cheque, [
      `Payable to 抬頭: ${ins.chequePayableEn}`,
      ins.chequePayableZh,
      `Mail to 郵寄地址: ${ins.mailingAddressEn}`,
      ins.mailingAddressZh,
    ]),
  ];
  doc.x = PAGE.margin;
  doc.y = Math.max(...bottoms) + 6;
  doc.font(FONT.regular).fontSize(7.5).fillColor(COLOR.muted).text(`${L.quote[0]} (${billNo})`, { width });
  doc.text(`${L.quote[1]}（${billNo}）`, { width });
}

/** The PDF of one bill, drawn from its data: bilingual header, lines with their readings, totals, how to pay. */
export function renderBillPdf(d: BillDocument): Promise<Buffer> {
  const { bill } = d;
  return renderPdf({ title: `Bill ${bill.billNo}`, subject: `${bill.billNo} ${d.customer.nameEn}`, createdOn: bill.billDate }, (doc) => {
    header(doc, d.provider, L.title);
    addressBlock(doc, d.customer, [
      [L.billNo, bill.billNo],
      [L.billDate, bill.billDate],
      [L.dueDate, bill.dueDate],
      [L.contract, bill.contract?.contractNo ?? bill.contractNo ?? '—'],
      [L.period, `${bill.periodStart} – ${bill.periodEnd}`],
    ]);

    const w = contentWidth(doc);
    const columns: Column[] = [
      { header: L.description, width: w * 0.25 },
      { header: L.serial, width: w * 0.12 },
      { header: L.opening, width: w * 0.1, align: 'right' },
      { header: L.closing, width: w * 0.1, align: 'right' },
      { header: L.allowance, width: w * 0.1, align: 'right' },
      { header: L.billable, width: w * 0.1, align: 'right' },
      { header: L.rate, width: w * 0.09, align: 'right' },
      { header: L.amount, width: w * 0.14, align: 'right' },
    ];
    const rows: Cell[][] = bill.lines.map(lineCells);
    const blank = ['', '', '', '', '', ''];
    rows.push([L.total, ...blank, money(bill.amountCents)]);
    rows.push([L.paid, ...blank, money(bill.paidCents)]);
    rows.push([L.balance, ...blank, money(bill.balanceCents)]);
    const n = bill.lines.length;
    drawTable(doc, columns, rows, { boldRows: new Set([n, n + 2]), zebra: true });

    instructionsBlock(doc, d.instructions, bill.billNo);
    generatedFooter(doc, d.generatedOn);
  });
}
