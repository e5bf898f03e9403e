/**
 * Meter readings: request schemas and answer types shared by the API (lib/server/api/meter.ts) and the screens
 * (components/meter). Client-safe.
 */
import { z } from 'zod';
import { trimBlank } from '@/lib/zodText';
import { MAX_ISO_DATE, MIN_ISO_DATE, isoDateSchema, listBodySchema, type ListFilterOf, type ListResult, enumListFilter, dateRangeFilter } from '@/lib/listQuery';
import type { MachineSummary } from '@/lib/machines/schemas';
import { msg } from '@/lib/zodMessages';
import { MAX_COUNTER, MAX_CSV_CHARS, MAX_READINGS_PER_SUBMISSION, READING_SOURCES, SUBMISSION_CHANNELS, type ReadingDueFlag, type ReadingIssue, type ReadingSource, type ReadingStatus } from './constants';
import { LOCALES } from '@/lib/i18n/locales';

/** Serial numbers are letters, digits and dashes (as printed on the machine's plate). */
export const serialSchema = z
  .string()
  .overwrite(trimBlank)
  .min(1, { error: 'ui.validation.required' })
  .max(40, { error: msg('ui.validation.maxLength', { max: 40 }) })
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, { error: 'meter:errors.serialFormat' });

export const counterSchema = z
  .number({ error: 'meter:errors.counterNumber' })
  .int({ error: 'meter:errors.counterNumber' })
  .min(0, { error: 'meter:errors.counterNumber' })
  .max(MAX_COUNTER, { error: msg('meter:errors.counterMax', { max: MAX_COUNTER }) });

export const readingRowSchema = z.strictObject({
  serialNo: serialSchema,
  readingDate: isoDateSchema,
  monoCounter: counterSchema,
  /**
   * Required on a colour machine (the check's COLOUR_MISSING), 0 when left out on a black & white one. It defaulted to 0
   * for every machine: a colour machine's row without it was refused as a counter gone back, or stored with colour 0.
   */
  colourCounter: counterSchema.optional(),
  /** An uploaded counter photo (uploadPhoto) of this customer. */
  photoFileId: z.uuid().optional(),
});
export type ReadingRow = z.infer<typeof readingRowSchema>;
export type ReadingRowInput = z.input<typeof readingRowSchema>;

export const readingRowsSchema = z
  .array(readingRowSchema)
  .min(1, { error: 'meter:errors.noRows' })
  .max(MAX_READINGS_PER_SUBMISSION, { error: msg('meter:errors.tooManyRows', { max: MAX_READINGS_PER_SUBMISSION }) });

export const checkReadingsSchema = z.strictObject({ rows: readingRowsSchema });

export const submitReadingsSchema = z.strictObject({
  idempotencyKey: z.uuid(),
  channel: z.enum(SUBMISSION_CHANNELS),
  rows: readingRowsSchema,
  /** The user saw the warnings (unusually high volume) and confirms the readings anyway. */
  confirmWarnings: z.boolean().default(false),
});
export type SubmitReadingsBody = z.input<typeof submitReadingsSchema>;

export const parseCsvSchema = z.strictObject({
  csv: z
    .string()
    .max(MAX_CSV_CHARS, { error: msg('meter:errors.csvTooLarge', { max: MAX_CSV_CHARS }) })
    .refine((s) => !s.includes('\u0000'), { error: 'meter:errors.csvBinary' }),
});

export type RowIssue = { code: ReadingIssue; severity: 'error' | 'warning'; values?: Record<string, string | number> };

export type CheckedRow = Omit<ReadingRow, 'colourCounter'> & {
  /** The colour counter sent, 0 when left out. */
  colourCounter: number;
  rowNo: number;
  machineId: string | null;
  /** The previous reading of the machine (before this row's date), if any. */
  previous: { readingDate: string; monoCounter: number; colourCounter: number } | null;
  /** Pages since the previous reading (when the counters are valid). */
  monoPages: number | null;
  colourPages: number | null;
  issues: RowIssue[];
};

export type CheckResult = {
  rows: CheckedRow[];
  errorCount: number;
  warningCount: number;
};

/** The CSV's columns (the template's header); `row` names a whole line (wrong number of columns). */
export const CSV_FIELDS = ['serial', 'date', 'bw', 'colour', 'row'] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

/**
 * A field of a CSV row that could not even be read (wrong columns, not a number, not a date): one per field, so a
 * line with three bad fields has three, under one `rowNo`.
 */
export type CsvRowError = { rowNo: number; field: CsvField; message: string };
export type ParseCsvResult = CheckResult & { parseErrors: CsvRowError[] };

export type SubmitReadingsResult = { submissionId: string; count: number; replayed: boolean };

/** A machine of the meter screens: the shared summary (lib/machines/schemas.ts) with its contract and reading state. */
export type MeterMachine = MachineSummary & {
  contractId: string | null;
  contractNo: string | null;
  lastReading: { readingDate: string; monoCounter: number; colourCounter: number; source: ReadingSource } | null;
  /** The billing date of the current period (the reading day) and the flag for it. */
  readingDueOn: string | null;
  dueFlag: ReadingDueFlag;
  /** Pages per month usually printed (last 12 months), for the jump warning. */
  usualMonthly: { mono: number; colour: number } | null;
};
export type MachinesResult = { items: MeterMachine[]; today: string };

export const READING_SORT_FIELDS = ['readingDate', 'serialNo'] as const;

export const listReadingsSchema = listBodySchema(READING_SORT_FIELDS, {
  machineId: z.uuid().optional(),
  ...dateRangeFilter(),
  source: enumListFilter(READING_SOURCES),
});
export type ListReadingsBody = z.input<typeof listReadingsSchema>;
export type ReadingFilter = ListFilterOf<typeof listReadingsSchema>;

export type ReadingItem = {
  id: string;
  machineId: string;
  serialNo: string;
  locationEn: string;
  locationZh: string;
  readingDate: string;
  monoCounter: number;
  colourCounter: number;
  /** Pages since the machine's previous reading; null for its first reading. */
  monoPages: number | null;
  colourPages: number | null;
  source: ReadingSource;
  status: ReadingStatus;
  billed: boolean;
  hasPhoto: boolean;
};
export type ReadingListResult = ListResult<ReadingItem>;

/** The usage chart's longest range: a longer one keeps its last this many months (services/meter/readings.ts). */
export const USAGE_MAX_MONTHS = 60;

/** 'YYYY-MM' within the dates the API takes (MIN_ISO_DATE … MAX_ISO_DATE: QA's '0001-01' was a 500). */
const monthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'ui.validation.date' })
  .refine((v) => v >= MIN_ISO_DATE.slice(0, 7) && v <= MAX_ISO_DATE.slice(0, 7), { error: 'ui.validation.date' });

export const usageSchema = z.strictObject({
  machineId: z.uuid().optional(),
  /** First and last month, 'YYYY-MM'. */
  fromMonth: monthSchema.optional(),
  toMonth: monthSchema.optional(),
});
export type UsageBody = z.infer<typeof usageSchema>;

/** Pages used in one month (by the closing reading's date) on one machine. */
export type UsagePoint = { month: string; machineId: string; mono: number; colour: number };
export type UsageResult = { months: string[]; points: UsagePoint[] };

export const exportReadingsSchema = z.strictObject({ filter: listReadingsSchema.shape.filter, lang: z.enum(LOCALES).default('en') });
export const templateSchema = z.strictObject({});

export type PhotoResult = { fileId: string };
export const uploadPhotoFieldsSchema = z.strictObject({ serialNo: serialSchema });
