import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgSequence, pgTable, primaryKey, text, timestamp, date, uniqueIndex } from 'drizzle-orm/pg-core';
import { ATTACHMENT_KINDS, CHANGE_STATUSES, CHANGE_TYPES, CHANNEL_SOURCES } from '@/lib/accountChanges/constants';
import { storedFiles } from './billing';
import { customerRef } from './customers';
import { actorRef } from './users';
import { uuidPk, updatedAt, eventAt, uuidRef, inList } from './columns';

/** Reference numbers ACR-<year>-<nnnnnn>: two submissions at one moment never share one; the demo seed stays below 1001. */
export const changeRequestNoSeq = pgSequence('change_request_no_seq', { startWith: 1001, increment: 1 });

/**
 * One account-information change request (docs/account-changes.md): what the customer asked (`new_value`), what the
 * records said when it was asked (`old_value`), both typed JSON validated by the per-type zod schemas of
 * lib/accountChanges/schemas.ts. Staff move it through pending → inProgress → approved → completed, or reject it.
 */
export const changeRequests = pgTable(
  'change_requests',
  {
    id: uuidPk(),
    requestNo: text('request_no').notNull(),
    ucpId: customerRef(),
    changeType: text('change_type', { enum: CHANGE_TYPES }).notNull(),
    channelSource: text('channel_source', { enum: CHANNEL_SOURCES }).notNull().default('W'),
    status: text('status', { enum: CHANGE_STATUSES }).notNull().default('pending'),
    oldValue: jsonb('old_value').notNull(),
    newValue: jsonb('new_value').notNull(),
    /** When the change is to take effect (name, billing address, transfer) or the preferred move date. */
    effectiveDate: date('effective_date', { mode: 'string' }),
    submittedBy: actorRef('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The staff member of the last step, and their comment (the reason of a rejection), shown to the customer. */
    reviewedBy: actorRef('reviewed_by'),
    reviewerComment: text('reviewer_comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Client-supplied key: a repeated submission stores nothing new (unique per customer). */
    idempotencyKey: text('idempotency_key').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('change_requests_no_uq').on(t.requestNo),
    uniqueIndex('change_requests_idem_uq').on(t.ucpId, t.idempotencyKey),
    index('change_requests_ucp_idx').on(t.ucpId, t.submittedAt.desc()),
    index('change_requests_queue_idx').on(t.status, t.changeType, t.submittedAt),
    check('change_requests_type_chk', sql`${t.changeType} in ${inList(CHANGE_TYPES)}`),
    check('change_requests_status_chk', sql`${t.status} in ${inList(CHANGE_STATUSES)}`),
    check('change_requests_channel_chk', sql`${t.channelSource} in ${inList(CHANNEL_SOURCES)}`),
    // A rejection always carries its reason.
    check('change_requests_reject_reason_chk', sql`${t.status} <> 'reject' or coalesce(${t.reviewerComment}, '') <> ''`),
  ],
);

/** Files of a request (the BR certificate of a name change, the signed transfer agreement), stored in stored_files. */
export const changeRequestAttachments = pgTable(
  'change_request_attachments',
  {
    requestId: uuidRef('request_id', () => changeRequests.id, 'cascade'),
    fileId: uuidRef('file_id', () => storedFiles.id, 'restrict'),
    kind: text('kind', { enum: ATTACHMENT_KINDS }).notNull(),
  },
  (t) => [primaryKey({ name: 'change_request_attachments_pk', columns: [t.requestId, t.fileId] }), check('change_request_attachments_kind_chk', sql`${t.kind} in ${inList(ATTACHMENT_KINDS)}`)],
);

/** The history: one row per status step (the submission is the step from null to pending). */
export const changeRequestEvents = pgTable(
  'change_request_events',
  {
    id: uuidPk(),
    requestId: uuidRef('request_id', () => changeRequests.id, 'cascade'),
    fromStatus: text('from_status', { enum: CHANGE_STATUSES }),
    toStatus: text('to_status', { enum: CHANGE_STATUSES }).notNull(),
    actorUuid: actorRef('actor_uuid'),
    byProvider: boolean('by_provider').notNull().default(false),
    comment: text('comment'),
    at: eventAt(),
  },
  (t) => [
    index('change_request_events_request_idx').on(t.requestId, t.at),
    check('change_request_events_to_chk', sql`${t.toStatus} in ${inList(CHANGE_STATUSES)}`),
    check('change_request_events_from_chk', sql`${t.fromStatus} is null or ${t.fromStatus} in ${inList(CHANGE_STATUSES)}`),
  ],
);
