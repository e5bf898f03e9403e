import { FONT, PAGE, type Doc } from './document';

/** A bilingual text: English first, Traditional Chinese below (documents are read in both languages). */
export type Bi = readonly [en: string, zh: string];

export const COLOR = { text: '#1f2329', muted: '#5f6670', rule: '#c9ced6', band: '#f2f4f7', accent: '#c62828' } as const;

export const contentWidth = (doc: Doc): number => doc.page.width - PAGE.margin * 2;
export const bottomLimit = (doc: Doc): number => doc.page.height - PAGE.margin - 24;

/** HK$ amounts: integer cents → "1,234.50" (negative with a minus sign). */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.trunc(abs / 100).toLocaleString('en-US');
  return `${sign}${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

export const int = (n: number | null | undefined): string => (n === null || n === undefined ? '' : n.toLocaleString('en-US'));

/** A label pair on one line: "Bill no. 帳單編號". */
export const pair = ([en, zh]: Bi): string => `${en} ${zh}`;

export type Column = {
  header: Bi;
  width: number;
  align?: 'left' | 'right' | 'center';
};

/** A cell: one line, or an English line with a Chinese line under it. */
export type Cell = string | Bi;

export type TableOptions = {
  fontSize?: number;
  /** Rows drawn bold with a band (totals). */
  boldRows?: ReadonlySet<number>;
  zebra?: boolean;
};

const PAD = 3;

function cellText(cell: Cell): string {
  return typeof cell === 'string' ? cell : cell[1] ? `${cell[0]}\n${cell[1]}` : cell[0];
}

function rowHeight(doc: Doc, columns: readonly Column[], cells: readonly Cell[], fontSize: number, bold: boolean): number {
  doc.font(bold ? FONT.bold : FONT.regular).fontSize(fontSize);
  let h = 0;
  columns.forEach((col, i) => {
    h = Math.max(h, doc.heightOfString(cellText(cells[i] ?? ''), { width: col.width - PAD * 2 }));
  });
  return h + PAD * 2;
}

function drawHeader(doc: Doc, columns: readonly Column[], x0: number, fontSize: number): void {
  const y = doc.y;
  const cells = columns.map((c) => c.header);
  const h = rowHeight(doc, columns, cells, fontSize, true);
  const width = columns.reduce((s, c) => s + c.width, 0);
  doc.save().rect(x0, y, width, h).fill(COLOR.band).restore();
  let x = x0;
  doc.font(FONT.bold).fontSize(fontSize).fillColor(COLOR.text);
  columns.forEach((col, i) => {
    doc.text(cellText(cells[i]!), x + PAD, y + PAD, { width: col.width - PAD * 2, align: col.align ?? 'left' });
    x += col.width;
  });
  doc.moveTo(x0, y + h).lineTo(x0 + width, y + h).lineWidth(0.8).strokeColor(COLOR.rule).stroke();
  doc.x = x0;
  doc.y = y + h;
}

/**
 * A table that breaks across pages, repeating its header on each new page. Cells wrap within their column.
 */
export function drawTable(doc: Doc, columns: readonly Column[], rows: readonly (readonly Cell[])[], opts: TableOptions = {}): void {
  const fontSize = opts.fontSize ?? 8;
  const x0 = PAGE.margin;
  const width = columns.reduce((s, c) => s + c.width, 0);
  drawHeader(doc, columns, x0, fontSize);
  rows.forEach((cells, r) => {
    const bold = opts.boldRows?.has(r) ?? false;
    const h = rowHeight(doc, columns, cells, fontSize, bold);
    if (doc.y + h > bottomLimit(doc)) {
      doc.addPage();
      drawHeader(doc, columns, x0, fontSize);
    }
    const y = doc.y;
    if (bold || (opts.zebra && r % 2 === 1)) doc.save().rect(x0, y, width, h).fill(bold ? COLOR.band : '#fafbfc').restore();
    let x = x0;
    doc.font(bold ? FONT.bold : FONT.regular).fontSize(fontSize).fillColor(COLOR.text);
    columns.forEach((col, i) => {
      doc.text(cellText(cells[i] ?? ''), x + PAD, y + PAD, { width: col.width - PAD * 2, align: col.align ?? 'left' });
      x += col.width;
    });
    doc.moveTo(x0, y + h).lineTo(x0 + width, y + h).lineWidth(0.4).strokeColor(COLOR.rule).stroke();
    doc.x = x0;
    doc.y = y + h;
  });
}

/** Space left on the page; adds a page when less than `needed`. */
export function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > bottomLimit(doc)) doc.addPage();
}

/** Key/value lines in a box: "Bill no. 帳單編號   INV-…". */
export function keyValues(doc: Doc, x: number, y: number, width: number, rows: readonly (readonly [Bi, string])[], fontSize = 8.5): number {
  const labelWidth = width * 0.5;
  let cy = y;
  for (const [label, value] of rows) {
    doc.font(FONT.regular).fontSize(fontSize).fillColor(COLOR.muted);
    const lh = doc.heightOfString(pair(label), { width: labelWidth });
    doc.text(pair(label), x, cy, { width: labelWidth });
    doc.font(FONT.bold).fillColor(COLOR.text);
    const vh = doc.heightOfString(value, { width: width - labelWidth });
    doc.text(value, x + labelWidth, cy, { width: width - labelWidth, align: 'right' });
    cy += Math.max(lh, vh) + 2;
  }
  return cy;
}

/** Page numbers and a footer note on every page (needs `bufferPages`). */
export function footer(doc: Doc, note: Bi): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const y = doc.page.height - PAGE.margin - 10;
    // Writing below the bottom margin would make pdfkit start a new page: lift the margin while drawing the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONT.regular).fontSize(7).fillColor(COLOR.muted);
    doc.text(`${note[0]}  ${note[1]}`, PAGE.margin, y, { width: contentWidth(doc) - 60, lineBreak: false });
    doc.text(`${i - range.start + 1} / ${range.count}`, doc.page.width - PAGE.margin - 60, y, { width: 60, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}

/** The footer of a document the portal generated, dated (the day it was produced, or the day it speaks for). */
export function generatedFooter(doc: Doc, date: string): void {
  footer(doc, [`Generated by the customer portal ${date}`, `由客戶平台產生 ${date}`]);
}

/** A section's bold bilingual heading at the left margin, with a little space under it. */
export function sectionHeading(doc: Doc, title: Bi): void {
  doc.font(FONT.bold).fontSize(10).text(pair(title), PAGE.margin, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.3);
}
