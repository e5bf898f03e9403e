import { stringify } from 'csv-stringify/sync';

/** A spreadsheet opens a text cell starting with = + - @ (or tab / CR) as a formula: such text gets a leading apostrophe. */
export const formulaSafe = (text: string): string => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A CSV download as spreadsheets open it: the header row, then the records; UTF-8 with a byte-order mark, CRLF. */
export const csvFile = (head: readonly string[], records: readonly (readonly unknown[])[]): Buffer =>
  Buffer.from(`\uFEFF${stringify([[...head], ...records], { record_delimiter: 'windows' })}`, 'utf8');
