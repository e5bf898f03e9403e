/** Machines and meter readings (docs/contracts-and-meters.md). Declared once (lib/contract). */
import { defineContract, download, output, upload, withBodyLimit } from '@/lib/contract';
import { reads, writes } from '@/lib/contract/grants';
import {
  checkReadingsSchema,
  exportReadingsSchema,
  listReadingsSchema,
  parseCsvSchema,
  submitReadingsSchema,
  templateSchema,
  uploadPhotoFieldsSchema,
  usageSchema,
  type CheckResult,
  type MachinesResult,
  type ParseCsvResult,
  type PhotoResult,
  type ReadingListResult,
  type SubmitReadingsResult,
  type UsageResult,
} from './schemas';

const HISTORY = { anyOf: ['meter_history_read'] } as const;
const UPLOAD_READ = { anyOf: ['meter_upload_read', 'meter_upload_write'] } as const;
const readHistory = reads(HISTORY);
const UPLOAD_WRITE = { anyOf: ['meter_upload_write'] } as const;
const MACHINES = { anyOf: ['meter_history_read', 'meter_upload_read', 'meter_upload_write'] } as const;
const readMachines = reads(MACHINES);
/** Checks that save nothing: open to those who may open the upload page. */
const check = writes(UPLOAD_READ, []);
const writeReadings = writes(UPLOAD_WRITE, ['meter']);
/**
 * Bodies at their schema's maximum, 6 bytes a character (`maxJsonSize`, __tests__/api/bodyLimit.test.ts): 200 rows
 * (≈ 243 kB), a CSV of 100,000 characters (≈ 586 kB; a CSV of Chinese machine locations or headers is 3 bytes a
 * character, and 100,000 ASCII characters with their line breaks escaped are already over the default 100 kB).
 */
const ROWS_BODY_LIMIT = 256 * 1024;
const CSV_BODY_LIMIT = 608 * 1024;

export const meterContract = defineContract('meter', {
  listMachines: readMachines(
    "The customer's machines: serial, model, colour or mono, location, contract, latest reading, the current period's reading day and its flag (ok | due | overdue), usual monthly volume.",
    templateSchema,
    output<MachinesResult>(),
  ),
  listReadings: readHistory(
    'Readings of the customer’s machines, newest first: counters, pages since the previous reading, source (web | automatic | staff | estimated), status, billed. Filter machineId, dateFrom/dateTo, source[]; sort readingDate | serialNo.',
    listReadingsSchema,
    output<ReadingListResult>(),
  ),
  usage: readHistory(
    'Monthly pages per machine (black and colour) between fromMonth and toMonth (YYYY-MM, 1900-01 to 2100-12; default the last 12 months; a longer range than 60 months keeps its last 60), optionally one machine.',
    usageSchema,
    output<UsageResult>(),
  ),
  exportReadings: download({
    summary: 'FILE (CSV, UTF-8 with BOM): the readings of the filter, headings in `lang`.',
    permission: HISTORY,
    body: exportReadingsSchema,
  }),
  csvTemplate: download({
    summary: 'FILE (CSV): the upload template `serial,date,bw,colour` with one row per machine of the customer.',
    permission: UPLOAD_READ,
    body: templateSchema,
  }),
  checkReadings: withBodyLimit(check(
    'Checks rows { serialNo, readingDate, monoCounter, colourCounter } without saving: per row its errors (UNKNOWN_SERIAL (also another customer’s serial), DATE_IN_FUTURE, ' +
      'DATE_BEFORE_PREVIOUS, DUPLICATE_DATE, COUNTER_LOWER, COLOUR_ON_MONO, COLOUR_MISSING (a colour machine’s row without colourCounter; 0 when left out on a mono one), DUPLICATE_ROW) and warnings (JUMP_WARNING), with the previous reading and pages used.',
    checkReadingsSchema,
    output<CheckResult>(),
  ), ROWS_BODY_LIMIT),
  parseCsv: withBodyLimit(check(
    'Reads a CSV `serial,date,bw,colour` (header optional, ≤ 100,000 characters): per-row parse errors, then the same checks as checkReadings. Saves nothing.',
    parseCsvSchema,
    output<ParseCsvResult>(),
  ), CSV_BODY_LIMIT),
  submitReadings: withBodyLimit(writeReadings(
    'Saves the rows, all or nothing: any row error → 400 METER_READINGS_INVALID with fields `rows.N`; warnings not confirmed → 409 METER_CONFIRM_REQUIRED. ' +
      'The same idempotencyKey answers the first submission ({ replayed: true }) and records nothing.',
    submitReadingsSchema,
    output<SubmitReadingsResult>(),
  ), ROWS_BODY_LIMIT),
  uploadPhoto: upload({
    summary:
      'MULTIPART/FORM-DATA: field serialNo (a machine of the customer), file part `file` (JPEG or PNG by content, at most upload_file_size MB). Answers { fileId } to name in submitReadings.',
    permission: UPLOAD_WRITE,
    body: uploadPhotoFieldsSchema,
    output: output<PhotoResult>(),
  }),
});
