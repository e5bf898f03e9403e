/**
 * Service requests (docs/service-requests.md): request schemas and answer types shared by the API
 * (lib/server/api/serviceRequests.ts) and the screens (components/serviceRequests, components/admin/serviceDesk).
 * Client-safe.
 */
import { z } from 'zod';
import type { CustomerRef } from '@/lib/customers/schemas';
import { recordIdSchema, required, text, uuidSchema, PHONE_PATTERN, trimBlank, trimHalfWidth } from '@/lib/zodText';
import type { MachineSummary } from '@/lib/machines/schemas';
import { isoDateSchema, listBodySchema, searchTextSchema, type ListResult } from '@/lib/listQuery';
import { msg, zodMessages } from '@/lib/zodMessages';
import {
  ETA_MAX_DAYS,
  ETA_PAST_SLACK_MINUTES,
  MAX_VISIT_WINDOWS,
  SERVICE_CATEGORIES,
  SERVICE_STATUSES,
  SLA_STATES,
  SLA_SUSPENSION_KINDS,
  SR_LIMITS,
  SUSPENSION_LIMITS,
  VISIT_SLOTS,
  type ServiceAction,
  type ServiceActor,
  type ServiceCategory,
  type ServiceEventKind,
  type ServiceStatus,
  type SlaState,
  type SlaSuspensionKind,
  type VisitSlot,
} from './constants';


export const phoneSchema = z.string().overwrite(trimHalfWidth).regex(PHONE_PATTERN, { error: msg('serviceRequests:form.phoneFormat') });
const versionSchema = z.number().int().min(1);
const ratingSchema = z.number({ error: zodMessages.choose }).int(zodMessages.integer).min(1, zodMessages.min(1)).max(5, zodMessages.max(5));

export const idSchema = recordIdSchema;
/** Every change names the version it was read at: another change in between answers 409 SERVICE_REQUEST_CHANGED. */
const actionBase = { id: uuidSchema, version: versionSchema };

// ── Customer side ────────────────────────────────────────────────────────────────────────────────────────────────

export const visitWindowSchema = z.strictObject({ date: isoDateSchema, slot: z.enum(VISIT_SLOTS, { error: zodMessages.choose }) });

const reportFaultFields = {
  machineId: uuidSchema,
  category: z.enum(SERVICE_CATEGORIES, { error: zodMessages.choose }),
  errorCode: text(SR_LIMITS.errorCode),
  description: text(SR_LIMITS.description).min(10, msg('serviceRequests:form.descriptionTooShort', { min: 10 })),
  /** A photo uploaded with uploadPhoto (this customer's, this machine's). */
  photoFileId: uuidSchema.optional(),
  contactName: required(SR_LIMITS.name),
  contactPhone: phoneSchema,
  visitWindows: z.array(visitWindowSchema).max(MAX_VISIT_WINDOWS, zodMessages.maxItems(MAX_VISIT_WINDOWS)),
};

/** An error code is asked for when the category says the machine shows one. */
const errorCodeRule = (v: { category: ServiceCategory; errorCode: string }, ctx: z.RefinementCtx) => {
  if (v.category === 'error_code' && !v.errorCode) ctx.addIssue({ code: 'custom', path: ['errorCode'], message: 'serviceRequests:form.errorCodeRequired' });
};

export const reportFaultFormSchema = z.strictObject(reportFaultFields).superRefine(errorCodeRule);
export type ReportFaultForm = z.infer<typeof reportFaultFormSchema>;
export const createServiceRequestSchema = z.strictObject({ ...reportFaultFields, idempotencyKey: uuidSchema }).superRefine(errorCodeRule);
export type CreateServiceRequestBody = z.infer<typeof createServiceRequestSchema>;

export const newRequestContextSchema = z.strictObject({ machineId: uuidSchema });
export const uploadPhotoFieldsSchema = z.strictObject({ machineId: uuidSchema });

export const cancelSchema = z.strictObject({ ...actionBase, reason: text(SR_LIMITS.reason).optional() });
export const confirmSchema = z.strictObject({ ...actionBase, rating: ratingSchema.optional(), comment: text(SR_LIMITS.comment).optional() });
export const reopenSchema = z.strictObject({ ...actionBase, reason: required(SR_LIMITS.reason) });
export const rateSchema = z.strictObject({ ...actionBase, rating: ratingSchema, comment: text(SR_LIMITS.comment).optional() });
export type CancelBody = z.infer<typeof cancelSchema>;
export type ConfirmBody = z.infer<typeof confirmSchema>;
export type ReopenBody = z.infer<typeof reopenSchema>;
export type RateBody = z.infer<typeof rateSchema>;

export const CUSTOMER_SORT_FIELDS = ['createdAt', 'reference', 'status'] as const;
export const listServiceRequestsSchema = listBodySchema(CUSTOMER_SORT_FIELDS, {
  machineId: uuidSchema.optional(),
  status: z.enum(SERVICE_STATUSES).optional(),
  /** `open` (submitted … on site), `done` (resolved, closed, cancelled). */
  state: z.enum(['open', 'done']).optional(),
  q: searchTextSchema.optional(),
});
export type ListServiceRequestsBody = z.infer<typeof listServiceRequestsSchema>;

/** The machine a request is about (bilingual texts: the screen picks its language), with its address. */
export type ServiceMachine = MachineSummary & { addressEn: string; addressZh: string };

export type SlaInfo = {
  /** Business hours to respond, from the contract. */
  responseHours: number;
  dueAt: string;
  state: SlaState;
  /** When the engineer arrived (or the fault was fixed remotely); null while none. */
  respondedAt: string | null;
};
/** A time the SLA clock stood still, as a request's page names it. */
export type SuspensionSpan = { kind: SlaSuspensionKind; startsAt: string; endsAt: string };

export type ServiceRequestRow = {
  id: string;
  reference: string;
  machine: Pick<ServiceMachine, 'id' | 'serialNo' | 'modelNameEn' | 'modelNameZh' | 'locationEn' | 'locationZh'>;
  category: ServiceCategory;
  status: ServiceStatus;
  engineerName: string | null;
  etaAt: string | null;
  sla: SlaInfo;
  createdAt: string;
  updatedAt: string;
};
export type ServiceRequestListResult = ListResult<ServiceRequestRow>;

export type ServiceRequestEvent = {
  id: string;
  kind: ServiceEventKind;
  status: ServiceStatus;
  at: string;
  actor: ServiceActor;
  /** Who acted, as the customer may see it: its own user's name; staff appear as the service desk (null). */
  actorName: string | null;
  note: string;
  engineerName: string | null;
  etaAt: string | null;
};

export type ServicePhoto = { fileId: string; fileName: string; mimeType: string; sizeBytes: number };

export type ServiceRequestDetail = ServiceRequestRow & {
  machine: ServiceMachine;
  /** Clock suspensions (typhoon, black rainstorm) between the report and the response (or now), oldest first: they moved the due time. */
  clockSuspensions: SuspensionSpan[];
  /** The contract the request was filed under (its page links from the customer's view); null without one. */
  contractId: string | null;
  contractNo: string | null;
  errorCode: string;
  description: string;
  photo: ServicePhoto | null;
  contactName: string;
  contactPhone: string;
  visitWindows: { date: string; slot: VisitSlot }[];
  engineerPhone: string | null;
  acknowledgedAt: string | null;
  resolvedAt: string | null;
  closedAt: string | null;
  cancelledAt: string | null;
  resolutionNotes: string | null;
  cancelReason: string | null;
  reopenCount: number;
  rating: number | null;
  ratingComment: string | null;
  /** Last moment the customer may confirm or reopen a resolved request (resolution + 7 days); null unless resolved. */
  reopenUntil: string | null;
  version: number;
  /** What the signed-in user may do now (its codes and the status and dates decide). */
  actions: ServiceAction[];
  timeline: ServiceRequestEvent[];
};

export type ServiceRequestReceipt = { id: string; reference: string; createdAt: string; slaDueAt: string; replayed: boolean };

/** What the "Report a fault" form shows before the user types: the machine, its service level, the usual contact. */
export type NewRequestContext = {
  machine: ServiceMachine;
  contractNo: string | null;
  responseHours: number;
  /** The due time if the fault were reported now (business hours, docs/service-requests.md). */
  dueIfNow: string;
  contactName: string;
  contactPhone: string;
  /** Requests of this machine still open: the user may be about to report the same fault twice. */
  openRequests: { id: string; reference: string; status: ServiceStatus; createdAt: string }[];
  /** Today in Hong Kong (YYYY-MM-DD): visit windows start from it. */
  today: string;
};

export type PhotoResult = { fileId: string };

// ── Staff side (service desk) ────────────────────────────────────────────────────────────────────────────────────

/** `sla`: breached first, then at risk, then by due time (the default order of the queue). */
export const DESK_SORT_FIELDS = ['sla', 'createdAt', 'reference', 'customer'] as const;
export const listDeskSchema = listBodySchema(DESK_SORT_FIELDS, {
  status: z.enum(SERVICE_STATUSES).optional(),
  /** `open`: every status before resolved. */
  state: z.enum(['open', 'done']).optional(),
  category: z.enum(SERVICE_CATEGORIES).optional(),
  ucpId: z.string().overwrite(trimBlank).max(20).optional(),
  sla: z.enum(SLA_STATES).optional(),
  q: searchTextSchema.optional(),
});
export type ListDeskBody = z.infer<typeof listDeskSchema>;

export type ServiceDeskRow = ServiceRequestRow & CustomerRef;
export type ServiceDeskListResult = ListResult<ServiceDeskRow>;

export type ServiceDeskDetail = Omit<ServiceRequestDetail, 'timeline'> & CustomerRef & {
  reportedBy: { name: string; loginId: string } | null;
  /** Staff see who acted, staff included. */
  timeline: (ServiceRequestEvent & { actorLoginId: string | null })[];
};

export const acknowledgeSchema = z.strictObject({ ...actionBase, note: text(SR_LIMITS.notes).optional() });
export const assignSchema = z.strictObject({
  ...actionBase,
  engineerName: required(SR_LIMITS.engineer),
  engineerPhone: z.union([z.literal(''), phoneSchema]).optional(),
  /** ISO date-time with offset (the form sends HK time, `2026-11-24T14:00:00+08:00`). */
  etaAt: z.iso.datetime({ offset: true, error: zodMessages.date }),
  note: text(SR_LIMITS.notes).optional(),
});
/**
 * Why an expected arrival cannot be told to the customer, as a field message (null: it can). The API checks it with
 * the request's clock, the assign dialog with the browser's.
 */
export function etaProblem(eta: Date, now: Date): string | null {
  if (eta.getTime() < now.getTime() - ETA_PAST_SLACK_MINUTES * 60_000) return 'serviceDesk:errors.etaPast';
  if (eta.getTime() > now.getTime() + ETA_MAX_DAYS * 24 * 3600_000) return msg('serviceDesk:errors.etaTooFar', { days: ETA_MAX_DAYS });
  return null;
}
export const onSiteSchema = z.strictObject({ ...actionBase, note: text(SR_LIMITS.notes).optional() });
export const resolveSchema = z.strictObject({ ...actionBase, resolutionNotes: text(SR_LIMITS.notes).min(5, zodMessages.minLength(5)) });
export const closeSchema = z.strictObject({ ...actionBase, note: text(SR_LIMITS.notes).optional() });
export type AcknowledgeBody = z.infer<typeof acknowledgeSchema>;
export type AssignBody = z.infer<typeof assignSchema>;
export type OnSiteBody = z.infer<typeof onSiteSchema>;
export type ResolveBody = z.infer<typeof resolveSchema>;
export type CloseBody = z.infer<typeof closeSchema>;

/** The admin landing page's counts (open requests only). */
export type ServiceDeskSummary = { open: number; unacknowledged: number; atRisk: number; breached: number };

// ── Clock suspensions (typhoon, black rainstorm) ────────────────────────────────────────────────────────────────

/** ISO date-times with offset (the form sends HK time, `2026-09-16T09:40:00+08:00`). */
export const addSuspensionSchema = z.strictObject({
  kind: z.enum(SLA_SUSPENSION_KINDS, { error: zodMessages.choose }),
  startsAt: z.iso.datetime({ offset: true, error: zodMessages.date }),
  endsAt: z.iso.datetime({ offset: true, error: zodMessages.date }),
  note: text(SUSPENSION_LIMITS.note).optional(),
});
export type AddSuspensionBody = z.infer<typeof addSuspensionSchema>;

/**
 * Why a suspension cannot be recorded, as field messages (none: it can). The API checks it with its clock, the dialog
 * with the browser's: it must end after it starts, last at most maxHours, start at most pastDays back and end at most
 * aheadHours from now.
 */
export function suspensionProblems(startsAt: Date, endsAt: Date, now: Date): Partial<Record<'startsAt' | 'endsAt', string>> {
  const hour = 3600_000;
  if (startsAt.getTime() < now.getTime() - SUSPENSION_LIMITS.pastDays * 24 * hour) return { startsAt: msg('serviceDesk:errors.suspensionTooOld', { days: SUSPENSION_LIMITS.pastDays }) };
  if (endsAt.getTime() <= startsAt.getTime()) return { endsAt: 'serviceDesk:errors.suspensionEndsBeforeStart' };
  if (endsAt.getTime() - startsAt.getTime() > SUSPENSION_LIMITS.maxHours * hour) return { endsAt: msg('serviceDesk:errors.suspensionTooLong', { hours: SUSPENSION_LIMITS.maxHours }) };
  if (endsAt.getTime() > now.getTime() + SUSPENSION_LIMITS.aheadHours * hour) return { endsAt: msg('serviceDesk:errors.suspensionTooFar', { hours: SUSPENSION_LIMITS.aheadHours }) };
  return {};
}

export type SlaSuspension = SuspensionSpan & { id: string; note: string; createdByName: string | null; createdAt: string };
export type SuspensionList = { items: SlaSuspension[] };
/** What recording or removing a suspension did: how many requests' due times it moved. */
export type SuspensionResult = { id: string; requestsMoved: number };

