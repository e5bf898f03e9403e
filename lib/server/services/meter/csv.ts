import { parse } from 'csv-parse/sync';
import { delimiterOf } from '@/lib/upload/decodeText';
import { stringify } from 'csv-stringify/sync';
import { hkToday } from '@/lib/dates/hongKong';
import { parseTypedDate } from '@/lib/i18n/dateInput';
import { isoDateSchema } from '@/lib/listQuery';
import { MAX_COUNTER, MAX_READINGS_PER_SUBMISSION } from '@/lib/meter/constants';
import { readCounter } from '@/lib/meter/counter';
import { readingRowSchema, type CsvField, type CsvRowError, type ParseCsvResult, type ReadingRow } from '@/lib/meter/schemas';
import type { CustomerContext } from '@/lib/server/context';
import { csvErrorLine } from '@/lib/server/csv';
import { AppError } from '@/lib/server/errors';
import { msg } from '@/lib/zodMessages';
import { checkRows } from './check';
import { listMachines } from './machines';

export const CSV_HEADER = ['serial', 'date', 'bw', 'colour'] as const satisfies readonly CsvField[];

/**
 * A date cell as the reading form reads a typed date (`parseTypedDate`): 'YYYY-MM-DD', the day-first 'DD/MM/YYYY' a
 * Hong Kong spreadsheet writes, and the other ways a spreadsheet re-saves the template's dates ('2026/12/3' under a
 * Chinese regional setting, '3-12-2026', '3 Dec 2026', '2026年12月3日', full-width digits). The CSV refused all but
 * the first two as "Not a valid date" while the form took them.
 */
function toIsoDate(text: string): string | null {
  const iso = parseTypedDate(text);
  return iso !== null && isoDateSchema.safeParse(iso).success ? iso : null;
}

/** A counter cell: empty (null), its value, or the message saying why it is not a counter (lib/meter/counter.ts). */
function toCounter(text: string | undefined): number | string | null {
  if ((text ?? '').trim() === '') return null;
  const read = readCounter(text ?? '');
  return 'value' in read ? read.value : read.error === 'max' ? msg('meter:errors.counterMax', { max: MAX_COUNTER }) : 'meter:errors.counterNumber';
}

/** The CSV column a field of the reading row comes from: what a parse error names (the page shows its translated title). */
const COLUMN_OF: Partial<Record<string, CsvField>> = { serialNo: 'serial', readingDate: 'date', monoCounter: 'bw', colourCounter: 'colour' };

/** A header cell as a column of the template: `serial`, `date`, `bw`, `colour` (also 'Serial no.', 'Color', 'B/W'). */
function fieldOfHeader(cell: string): (typeof CSV_HEADER)[number] | null {
  const h = cell.trim().toLowerCase();
  if (h.startsWith('serial')) return 'serial';
  if (h.startsWith('date')) return 'date';
  if (h === 'bw' || h.startsWith('b/w') || h.startsWith('mono')) return 'bw';
  if (h.startsWith('colour') || h.startsWith('color')) return 'colour';
  return null;
}

/**
 * The positions of the template's columns in a header line that names at least serial, date and bw (each once), in
 * whatever order; null when the line is not such a header. Other columns (a note the customer added) are not read.
 */
function columnsOfHeader(rec: readonly string[]): Record<(typeof CSV_HEADER)[number], number> | null {
  const at: Partial<Record<(typeof CSV_HEADER)[number], number>> = {};
  for (const [i, cell] of rec.entries()) {
    const field = fieldOfHeader(cell);
    if (!field) continue;
    if (at[field] !== undefined) return null;
    at[field] = i;
  }
  if (at.serial === undefined || at.date === undefined || at.bw === undefined) return null;
  return { serial: at.serial, date: at.date, bw: at.bw, colour: at.colour ?? -1 };
}

/**
 * Reads `serial,date,bw,colour` rows (or the same columns separated by tabs, see `delimiterOf`) (a header line is recognised and skipped; colour may be empty on a mono machine).
 * A row that cannot be read becomes a parse error with its line number; the others go through the same checks as a
 * form. Row numbers are the CSV's line numbers, as a spreadsheet shows them.
 */
export async function parseReadingsCsv(ctx: CustomerContext, csv: string): Promise<ParseCsvResult> {
  let records: string[][];
  const text = csv.replace(/^\uFEFF/, '');
  const delimiter = delimiterOf(text);
  try {
    // Empty lines are kept as records (and skipped below), so a record's index is its line number: with
    // skip_empty_lines the parser dropped them and every row after a blank line was reported a line too early.
    // A quote inside an unquoted cell is text (relax_quotes), so its row's check names the cell: the whole file was
    // "could not be read".
    records = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, trim: true });
  } catch (err) {
    // The line it goes wrong on (a quote never closed: where it opened), so the customer knows where to look.
    const line = csvErrorLine(err, text, delimiter);
    throw new AppError('VALIDATION', { fields: { csv: [line ? msg('meter:errors.csvUnreadableLine', { line }) : 'meter:errors.csvUnreadable'] } });
  }
  const parseErrors: CsvRowError[] = [];
  const rows: ReadingRow[] = [];
  const lineOf: number[] = [];
  let first = true;
  // Where each column is: the header's order when it names the columns (a file with colour before bw, or a column
  // added, was read by position: the counters swapped, or every row refused), else the template's.
  let columns: Record<(typeof CSV_HEADER)[number], number> | null = null;
  // The header's cells up to its last named one: a filled cell past them is under no column (a row shifted right).
  let headerWidth = 0;
  records.forEach((rec, i) => {
    const line = i + 1;
    if (rec.every((c) => c.trim() === '')) return;
    // The header is the first line that is not blank.
    const isHeader = first && (rec[0] ?? '').trim().toLowerCase().startsWith('serial');
    if (first) {
      columns = columnsOfHeader(rec);
      headerWidth = rec.findLastIndex((c) => c.trim() !== '') + 1;
    }
    const wasFirst = first;
    first = false;
    if (isHeader || (wasFirst && columns)) return;
    // Empty cells after the last filled one are no columns: Excel writes "…,," for a column once used and cleared.
    const filled = rec.findLastIndex((c) => c.trim() !== '') + 1;
    const cells = columns ? rec : rec.slice(0, Math.max(4, filled));
    if (columns ? filled > headerWidth : cells.length < 3 || cells.length > 4) {
      parseErrors.push({ rowNo: line, field: 'row', message: 'meter:errors.csvColumns' });
      return;
    }
    const at: Record<(typeof CSV_HEADER)[number], number> = columns ?? { serial: 0, date: 1, bw: 2, colour: 3 };
    const [serial, date, bw, colour] = CSV_HEADER.map((f) => cells[at[f]]);
    // No counter at all: a machine of the template not read this time (the template lists every machine; each row
    // left as it came was "Enter a whole number of pages", and the file could not be saved until they were deleted).
    if ((bw ?? '').trim() === '' && (colour ?? '').trim() === '') return;
    const readingDate = toIsoDate(date ?? '');
    const mono = toCounter(bw);
    const col = toCounter(colour);
    // Every field that cannot be read, each once, named by its CSV column (serial, date, bw, colour: the template's).
    const errors = new Map<CsvField, string>();
    if (!readingDate) errors.set('date', 'meter:errors.csvDate');
    if (mono === null) errors.set('bw', 'meter:errors.counterNumber');
    else if (typeof mono === 'string') errors.set('bw', mono);
    if (typeof col === 'string') errors.set('colour', col);
    const parsed = readingRowSchema.safeParse({
      serialNo: serial ?? '',
      readingDate: readingDate ?? '',
      monoCounter: typeof mono === 'number' ? mono : 0,
      // Empty: left out (a colour machine's row is then asked for it, a black & white one's is 0).
      colourCounter: typeof col === 'number' ? col : undefined,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = COLUMN_OF[String(issue.path[0])] ?? 'row';
        if (!errors.has(field)) errors.set(field, issue.message);
      }
    }
    const order = (field: string) => (CSV_HEADER as readonly string[]).indexOf(field) >>> 0; // 'row' (-1) last
    for (const [field, message] of [...errors].sort((a, b) => order(a[0]) - order(b[0]))) parseErrors.push({ rowNo: line, field, message });
    if (errors.size > 0 || !parsed.success) return;
    rows.push(parsed.data);
    lineOf.push(line);
  });
  // Nothing below the header (an empty file, the template unfilled): said of the file, not the form's "Enter at least one reading".
  if (rows.length + parseErrors.length === 0) throw new AppError('VALIDATION', { fields: { csv: ['meter:errors.csvNoRows'] } });
  if (rows.length > MAX_READINGS_PER_SUBMISSION) throw new AppError('VALIDATION', { fields: { csv: [`meter:errors.tooManyRows|{"max":${MAX_READINGS_PER_SUBMISSION}}`] } });
  const checked = rows.length ? await checkRows(ctx, rows) : { rows: [], errorCount: 0, warningCount: 0 };
  return {
    rows: checked.rows.map((r, i) => ({ ...r, rowNo: lineOf[i]! })),
    errorCount: checked.errorCount,
    warningCount: checked.warningCount,
    parseErrors,
  };
}

/** The upload template: the header and one row per machine of the customer, dated today, counters to fill in (or not). */
export async function csvTemplate(ctx: CustomerContext): Promise<Buffer> {
  const { items } = await listMachines(ctx);
  const today = hkToday(ctx.now());
  // Counters empty, a black & white machine's colour too (read as 0 once its B/W counter is filled): a row left so is
  // a machine not read this time. Its '0' made such a row a reading without a B/W counter.
  const text = stringify([[...CSV_HEADER], ...items.map((m) => [m.serialNo, today, '', ''])], { record_delimiter: 'windows' });
  return Buffer.from(text, 'utf8');
}
