import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { BILL_LINE_TYPES } from '@/lib/bills/constants';
import { PAYMENT_METHODS, SLIP_STATUSES } from '@/lib/paymentSlips/constants';
import { customerRef } from './customers';
import { contracts, machines } from './equipment';
import { bytea } from './types';
import { actorRef } from './users';
import { uuidPk, createdAt, timestamps, uuidRef, optionalUuidRef, inList } from './columns';

/**
 * Bills. The stored state is only what happened (amount, amount paid); what a bill *is* right now (unpaid, partly
 * paid, paid, overdue, payment under review) is derived in the query from the amounts, the due date and pending
 * payment slips, so it can never go stale (docs/data-model.md).
 */
export const bills = pgTable(
  'bills',
  {
    id: uuidPk(),
    billNo: text('bill_no').notNull(),
    ucpId: customerRef(),
    contractId: optionalUuidRef('contract_id', () => contracts.id),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('bills_no_uq').on(t.billNo),
    index('bills_ucp_date_idx').on(t.ucpId, t.billDate),
    index('bills_ucp_due_idx').on(t.ucpId, t.dueDate),
    check('bills_amounts_chk', sql`${t.amountCents} >= 0 and ${t.paidCents} >= 0 and ${t.paidCents} <= ${t.amountCents}`),
    check('bills_dates_chk', sql`${t.periodEnd} >= ${t.periodStart} and ${t.dueDate} >= ${t.billDate}`),
  ],
);

/**
 * A bill line keeps its own copy of what it was computed from (readings, allowance, rate), so the bill still explains
 * itself after a contract or a reading changes.
 */
export const billLines = pgTable(
  'bill_lines',
  {
    id: uuidPk(),
    billId: uuidRef('bill_id', () => bills.id, 'cascade'),
    lineNo: integer('line_no').notNull(),
    lineType: text('line_type', { enum: BILL_LINE_TYPES }).notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionZh: text('description_zh').notNull(),
    machineId: optionalUuidRef('machine_id', () => machines.id),
    serialNo: text('serial_no'),
    openingReading: integer('opening_reading'),
    closingReading: integer('closing_reading'),
    allowance: integer('allowance'),
    /** Pages charged = max(0, closing − opening − allowance). */
    billablePages: integer('billable_pages'),
    rate: numeric('rate', { precision: 10, scale: 4 }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    unique('bill_lines_line_uq').on(t.billId, t.lineNo),
    check('bill_lines_type_chk', sql`${t.lineType} in ${inList(BILL_LINE_TYPES)}`),
    check('bill_lines_readings_chk', sql`${t.closingReading} is null or ${t.openingReading} is null or ${t.closingReading} >= ${t.openingReading}`),
  ],
);

/** Uploaded files (payment slips, later meter photos and agreements), stored in the same transaction as their record. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuidPk(),
    ucpId: customerRef(),
    uploadedBy: actorRef('uploaded_by'),
    /** The name the user gave it (display only; never used as a path). */
    fileName: text('file_name').notNull(),
    /** Detected from the content (magic bytes), not from the name or the browser's claim. */
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_ucp_idx').on(t.ucpId), check('stored_files_size_chk', sql`${t.sizeBytes} > 0`)],
);

export const paymentSlips = pgTable(
  'payment_slips',
  {
    id: uuidPk(),
    slipNo: text('slip_no').notNull(),
    ucpId: customerRef(),
    uploadedBy: actorRef('uploaded_by'),
    fileId: uuidRef('file_id', () => storedFiles.id, 'restrict'),
    amountCents: integer('amount_cents').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    reference: text('reference').notNull().default(''),
    status: text('status', { enum: SLIP_STATUSES }).notNull().default('pending'),
    reviewedBy: actorRef('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewComment: text('review_comment'),
    /** Client-supplied key: a replayed upload stores nothing new (unique per customer). */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_slips_no_uq').on(t.slipNo),
    unique('payment_slips_idempotency_uq').on(t.ucpId, t.idempotencyKey),
    index('payment_slips_ucp_idx').on(t.ucpId, t.createdAt),
    index('payment_slips_status_idx').on(t.status, t.createdAt),
    check('payment_slips_amount_chk', sql`${t.amountCents} > 0`),
    check('payment_slips_method_chk', sql`${t.paymentMethod} in ${inList(PAYMENT_METHODS)}`),
    check('payment_slips_status_chk', sql`${t.status} in ${inList(SLIP_STATUSES)}`),
    check('payment_slips_review_chk', sql`${t.status} = 'pending' or (${t.reviewedAt} is not null)`),
  ],
);

/** Which bills a slip pays, and on approval how much of it went to each. */
export const paymentSlipBills = pgTable(
  'payment_slip_bills',
  {
    slipId: uuidRef('slip_id', () => paymentSlips.id, 'cascade'),
    billId: uuidRef('bill_id', () => bills.id, 'restrict'),
    appliedCents: integer('applied_cents').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.slipId, t.billId] }), index('payment_slip_bills_bill_idx').on(t.billId)],
);
