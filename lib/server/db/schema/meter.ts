import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { READING_SOURCES, READING_STATUSES, SUBMISSION_CHANNELS } from '@/lib/meter/constants';
import { customerRef } from './customers';
import { billLines, storedFiles } from './billing';
import { machines } from './equipment';
import { actorRef } from './users';
import { uuidPk, createdAt, uuidRef, optionalUuidRef, inList } from './columns';

/**
 * Meter readings and the submissions that brought them (docs/contracts-and-meters.md). A reading is the counters a
 * machine showed on a day; the pages used in a period are the difference of two readings, never stored, so they
 * cannot disagree with the counters. Bill lines name the two readings they were computed from (bill_line_readings).
 */

/** One submission of readings (a form or a CSV): the idempotency key makes a replay answer the same submission. */
export const meterSubmissions = pgTable(
  'meter_submissions',
  {
    id: uuidPk(),
    ucpId: customerRef(),
    submittedBy: actorRef('submitted_by'),
    /** 'form' or 'csv'. */
    channel: text('channel', { enum: SUBMISSION_CHANNELS }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    readingCount: integer('reading_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('meter_submissions_idempotency_uq').on(t.ucpId, t.idempotencyKey),
    check('meter_submissions_channel_chk', sql`${t.channel} in ${inList(SUBMISSION_CHANNELS)}`),
    check('meter_submissions_count_chk', sql`${t.readingCount} > 0`),
  ],
);

export const meterReadings = pgTable(
  'meter_readings',
  {
    id: uuidPk(),
    machineId: uuidRef('machine_id', () => machines.id, 'cascade'),
    /** The machine's customer when the reading was taken (tenancy of every query). */
    ucpId: customerRef(),
    readingDate: date('reading_date', { mode: 'string' }).notNull(),
    monoCounter: integer('mono_counter').notNull(),
    /** 0 on a mono machine. */
    colourCounter: integer('colour_counter').notNull().default(0),
    source: text('source', { enum: READING_SOURCES }).notNull(),
    status: text('status', { enum: READING_STATUSES }).notNull().default('accepted'),
    submissionId: optionalUuidRef('submission_id', () => meterSubmissions.id),
    photoFileId: optionalUuidRef('photo_file_id', () => storedFiles.id),
    enteredBy: actorRef('entered_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('meter_readings_machine_date_uq').on(t.machineId, t.readingDate),
    index('meter_readings_ucp_date_idx').on(t.ucpId, t.readingDate),
    check('meter_readings_source_chk', sql`${t.source} in ${inList(READING_SOURCES)}`),
    check('meter_readings_status_chk', sql`${t.status} in ${inList(READING_STATUSES)}`),
    check('meter_readings_counters_chk', sql`${t.monoCounter} >= 0 and ${t.colourCounter} >= 0`),
  ],
);

/** Which readings a usage line of a bill was computed from (its opening and closing counters are copies of these). */
export const billLineReadings = pgTable(
  'bill_line_readings',
  {
    billLineId: uuid('bill_line_id')
      .primaryKey()
      .references(() => billLines.id, { onDelete: 'cascade' }),
    openingReadingId: uuidRef('opening_reading_id', () => meterReadings.id, 'restrict'),
    closingReadingId: uuidRef('closing_reading_id', () => meterReadings.id, 'restrict'),
  },
  (t) => [index('bill_line_readings_closing_idx').on(t.closingReadingId)],
);
