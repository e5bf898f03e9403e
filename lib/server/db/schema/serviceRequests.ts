import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { SERVICE_ACTORS, SERVICE_CATEGORIES, SERVICE_EVENT_KINDS, SERVICE_STATUSES, SLA_SUSPENSION_KINDS, type VisitSlot } from '@/lib/serviceRequests/constants';
import { storedFiles } from './billing';
import { customerRef } from './customers';
import { contracts, machines } from './equipment';
import { actorRef } from './users';
import { uuidPk, timestamps, eventAt, uuidRef, optionalUuidRef, inList } from './columns';

/** Numbers of `SR-2026-000123`; the seed moves it past the highest demo number (lib/server/db/seed.ts). */
export const serviceRequestNoSeq = pgSequence('service_request_no_seq', { startWith: 1, increment: 1 });

/** A day and part of it the customer offers for the engineer's visit. */
export type VisitWindow = { date: string; slot: VisitSlot };

/**
 * A fault reported for one machine (docs/service-requests.md). The SLA's response time is copied from the machine's
 * contract at submission (`response_hours`), and the due time computed from it once (HK business hours, weekends and
 * public holidays skipped): a later contract change does not move a promise already made. `version` guards every
 * change (optimistic concurrency: a stale version answers 409). `(ucp_id, idempotency_key)` makes a repeated
 * submission file one request.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: uuidPk(),
    requestNo: text('request_no').notNull(),
    ucpId: customerRef(),
    machineId: uuidRef('machine_id', () => machines.id, 'restrict'),
    /** The machine's contract when the fault was reported. */
    contractId: optionalUuidRef('contract_id', () => contracts.id),
    category: text('category', { enum: SERVICE_CATEGORIES }).notNull(),
    errorCode: text('error_code').notNull().default(''),
    description: text('description').notNull(),
    photoFileId: optionalUuidRef('photo_file_id', () => storedFiles.id),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    visitWindows: jsonb('visit_windows').$type<VisitWindow[]>().notNull().default([]),
    status: text('status', { enum: SERVICE_STATUSES }).notNull().default('submitted'),
    engineerName: text('engineer_name'),
    engineerPhone: text('engineer_phone'),
    etaAt: timestamp('eta_at', { withTimezone: true }),
    /** Business hours to respond (engineer on site, or the fault resolved remotely), from the contract. */
    responseHours: integer('response_hours').notNull(),
    slaDueAt: timestamp('sla_due_at', { withTimezone: true }).notNull(),
    /** From when the request is "at risk" (an hour of business time before it is due): lets the queue filter in SQL. */
    slaAtRiskAt: timestamp('sla_at_risk_at', { withTimezone: true }),
    /** When the response happened (first on-site, or a resolution without a visit); null while none. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    onSiteAt: timestamp('on_site_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    resolutionNotes: text('resolution_notes'),
    cancelReason: text('cancel_reason'),
    reopenCount: integer('reopen_count').notNull().default(0),
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    createdBy: actorRef('created_by'),
    idempotencyKey: uuid('idempotency_key'),
    version: integer('version').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('service_requests_no_uq').on(t.requestNo),
    unique('service_requests_idempotency_uq').on(t.ucpId, t.idempotencyKey),
    index('service_requests_ucp_created_idx').on(t.ucpId, t.createdAt),
    index('service_requests_machine_idx').on(t.machineId, t.createdAt),
    index('service_requests_status_due_idx').on(t.status, t.slaDueAt),
    check('service_requests_category_chk', sql`${t.category} in ${inList(SERVICE_CATEGORIES)}`),
    check('service_requests_status_chk', sql`${t.status} in ${inList(SERVICE_STATUSES)}`),
    check('service_requests_rating_chk', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('service_requests_response_chk', sql`${t.responseHours} > 0`),
    check('service_requests_version_chk', sql`${t.version} > 0`),
  ],
);

/** The request's timeline: one row per status change or rating, with who did it and what they said. */
export const serviceRequestEvents = pgTable(
  'service_request_events',
  {
    id: uuidPk(),
    requestId: uuidRef('request_id', () => serviceRequests.id, 'cascade'),
    kind: text('kind', { enum: SERVICE_EVENT_KINDS }).notNull(),
    /** The status after the event. */
    status: text('status', { enum: SERVICE_STATUSES }).notNull(),
    at: eventAt(),
    actor: text('actor', { enum: SERVICE_ACTORS }).notNull(),
    actorUserAcUuid: actorRef('actor_user_ac_uuid'),
    /** Free text of the step (resolution notes, a reason, a comment); shown to the customer. */
    note: text('note').notNull().default(''),
    /** Engineer and ETA of an assignment (copies: a later reassignment keeps this step's values). */
    engineerName: text('engineer_name'),
    etaAt: timestamp('eta_at', { withTimezone: true }),
  },
  (t) => [
    index('service_request_events_request_idx').on(t.requestId, t.at),
    check('service_request_events_kind_chk', sql`${t.kind} in ${inList(SERVICE_EVENT_KINDS)}`),
    check('service_request_events_status_chk', sql`${t.status} in ${inList(SERVICE_STATUSES)}`),
    check('service_request_events_actor_chk', sql`${t.actor} in ${inList(SERVICE_ACTORS)}`),
  ],
);

/**
 * Times the SLA clock stood still for every request (Typhoon Signal No. 8 or above, Black Rainstorm Warning), recorded
 * by the service desk. Recording or removing one recomputes the due times of the requests whose clock it touches.
 */
export const slaSuspensions = pgTable(
  'sla_suspensions',
  {
    id: uuidPk(),
    kind: text('kind', { enum: SLA_SUSPENSION_KINDS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    createdBy: actorRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    index('sla_suspensions_ends_idx').on(t.endsAt),
    check('sla_suspensions_kind_chk', sql`${t.kind} in ${inList(SLA_SUSPENSION_KINDS)}`),
    check('sla_suspensions_span_chk', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

