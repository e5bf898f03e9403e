import { stringify } from 'csv-stringify/sync';

/** A spreadsheet opens a text cell starting with = + - @ (or tab / CR) as a formula: such text gets a leading apostrophe. */
export const formulaSafe = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A CSV download as spreadsheets open it: the header row, then the records; UTF-8 with a byte-order mark, CRLF. */
export const csvFile = (head: readonly string[], records: readonly (readonly unknown[])[]): Buffer =>
  Buffer.from(`\uFEFF${stringify([[...head], ...records], { record_delimiter: 'windows' })}`, 'utf8');

/**
 * The line a CSV that csv-parse could not read goes wrong on, as a spreadsheet user finds it: for a quote never closed,
 * the line where it opened (csv-parse names the file's last line, where it gave up); else the parser's line. Reads the
 * text as the imports parse it (a quote opens a cell only at its start, after spaces; `""` inside is a quote).
 */
export function csvErrorLine(err: unknown, text: string, delimiter: string): number | undefined {
  const { code, lines } = (err ?? {}) as { code?: string; lines?: number };
  if (code !== 'CSV_QUOTE_NOT_CLOSED') return typeof lines === 'number' && lines > 0 ? lines : undefined;
  let line = 1;
  let openedAt: number | undefined;
  let inQuote = false;
  let cellStart = true;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\n') line += 1;
    if (inQuote) {
      if (ch === '"' && text[i + 1] === '"') i += 1;
      else if (ch === '"') inQuote = false;
    } else if (ch === '"' && cellStart) {
      inQuote = true;
      openedAt = line;
    } else {
      cellStart = ch === delimiter || ch === '\n' || ch === '\r' || (cellStart && ch === ' ');
      continue;
    }
    cellStart = false;
  }
  return openedAt;
}
