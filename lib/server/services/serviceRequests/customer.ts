/**
 * The customer's side of service requests (docs/service-requests.md): report a fault (idempotent), list and read its
 * own requests (tenancy: always the actor's current customer; another customer's request is a 404), cancel before an
 * engineer is assigned, confirm or reopen within 7 days of the resolution, rate a closed request.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDays, hkToday } from '@/lib/dates/hongKong';
import { DEFAULT_RESPONSE_HOURS, PHOTO_TYPES, REOPEN_WINDOW_DAYS, visitWindowOver } from '@/lib/serviceRequests/constants';
import type {
  CancelBody,
  ConfirmBody,
  CreateServiceRequestBody,
  ListServiceRequestsBody,
  NewRequestContext,
  RateBody,
  ReopenBody,
  ServiceRequestDetail,
  ServiceRequestListResult,
  ServiceMachine,
  ServiceRequestReceipt,
} from '@/lib/serviceRequests/schemas';
import { slaAtRiskAt, slaDueAt } from '@/lib/serviceRequests/sla';
import { inTransaction, type CustomerContext } from '@/lib/server/context';
import { contracts, customers, machineModels, machines, serviceRequests, storedFiles } from '@/lib/server/db/schema';
import { textSearch } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import type { CheckedFile } from '@/lib/server/uploads';
import { addEvent, auditStep, customerActions, loadDetail, machineOf, notifyCustomer, rowOf, runStep, type SrRow } from './shared';
import { storeUpload } from '@/lib/server/uploads/store';
import { firstOr404 } from '@/lib/server/services/common';
import { nextReference } from '@/lib/server/db/rows';
import { clockSuspensions, lockSuspensions } from './suspensions';

/** How far ahead a visit window may be offered. */
const VISIT_WINDOW_MAX_DAYS = 30;

export async function getRequest(ctx: CustomerContext, id: string): Promise<ServiceRequestDetail> {
  const { detail, row, timeline } = await loadDetail(ctx, id, ctx.actor.ucpId);
  return {
    ...detail,
    actions: customerActions(ctx.actor, row, ctx.now()),
    // The customer sees its own users by name; staff steps appear as the service desk.
    timeline: timeline.map(({ actorLoginId: _l, actorIsStaff, ...e }) => ({ ...e, actorName: actorIsStaff ? null : e.actorName })),
  };
}

export async function listRequests(ctx: CustomerContext, body: ListServiceRequestsBody): Promise<ServiceRequestListResult> {
  const f = body.filter ?? {};
  const where: SQL[] = [eq(serviceRequests.ucpId, ctx.actor.ucpId)];
  if (f.machineId) where.push(eq(serviceRequests.machineId, f.machineId));
  if (f.status) where.push(eq(serviceRequests.status, f.status));
  if (f.state === 'open') where.push(sql`${serviceRequests.status} in ('submitted', 'acknowledged', 'engineer_assigned', 'on_site')`);
  if (f.state === 'done') where.push(sql`${serviceRequests.status} in ('resolved', 'closed', 'cancelled')`);
  if (f.q) where.push(textSearch(f.q, [serviceRequests.requestNo, machines.serialNo, machines.locationEn, machines.locationZh]));
  const dir = body.sort?.direction === 'asc' ? asc : desc;
  const order =
    body.sort?.field === 'reference' ? [dir(serviceRequests.requestNo)] : body.sort?.field === 'status' ? [dir(serviceRequests.status), desc(serviceRequests.createdAt), desc(serviceRequests.requestNo)] : [dir(serviceRequests.createdAt), dir(serviceRequests.requestNo)];
  const q = ctx.db
    .select({ r: serviceRequests, m: machines, model: machineModels, __total: totalCount() })
    .from(serviceRequests)
    .innerJoin(machines, eq(machines.id, serviceRequests.machineId))
    .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .where(and(...where))
    .orderBy(...order);
  const now = ctx.now();
  return paginate(q, body, (x) => rowOf(x.r, machineOf(x.m, x.model), now));
}

/** The customer's machine (active) with its contract's response time. */
async function machineForReport(ctx: CustomerContext, machineId: string) {
  const found = await firstOr404(ctx.db
    .select({ m: machines, model: machineModels, contractId: contracts.id, contractNo: contracts.contractNo, responseHours: contracts.responseHours })
    .from(machines)
    .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .leftJoin(contracts, eq(contracts.id, machines.contractId))
    .where(and(eq(machines.id, machineId), eq(machines.ucpId, ctx.actor.ucpId))));
  if (found.m.status !== 'active') throw new AppError('MACHINE_NOT_SERVICEABLE');
  return found;
}

export async function newRequestContext(ctx: CustomerContext, machineId: string): Promise<NewRequestContext> {
  const found = await machineForReport(ctx, machineId);
  const [customer] = await ctx.db.select({ name: customers.contactName, phone: customers.contactPhone }).from(customers).where(eq(customers.ucpId, ctx.actor.ucpId));
  const open = await ctx.db
    .select({ id: serviceRequests.id, reference: serviceRequests.requestNo, status: serviceRequests.status, createdAt: serviceRequests.createdAt })
    .from(serviceRequests)
    .where(and(eq(serviceRequests.machineId, machineId), sql`${serviceRequests.status} in ('submitted', 'acknowledged', 'engineer_assigned', 'on_site')`))
    .orderBy(desc(serviceRequests.createdAt));
  const hours = found.responseHours ?? DEFAULT_RESPONSE_HOURS;
  const now = ctx.now();
  return {
    machine: machineOf(found.m, found.model),
    contractNo: found.contractNo ?? null,
    responseHours: hours,
    dueIfNow: slaDueAt(now, hours, await clockSuspensions(ctx.db, now)).toISOString(),
    // The machine's site contact first (the person who looks after it), else the customer's contact.
    contactName: found.m.tonerContactName || customer?.name || '',
    contactPhone: found.m.tonerContactPhone || customer?.phone || '',
    openRequests: open.map((o) => ({ id: o.id, reference: o.reference, status: o.status, createdAt: o.createdAt.toISOString() })),
    today: hkToday(now),
  };
}

/** The customer's active machines, by location then serial (the form's picker). */
export async function listMachinesForReport(ctx: CustomerContext): Promise<ServiceMachine[]> {
  const rows = await ctx.db
    .select({ m: machines, model: machineModels })
    .from(machines)
    .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .where(and(eq(machines.ucpId, ctx.actor.ucpId), eq(machines.status, 'active')))
    .orderBy(asc(machines.locationEn), asc(machines.serialNo));
  return rows.map((r) => machineOf(r.m, r.model));
}

export async function storePhoto(ctx: CustomerContext, machineId: string, file: CheckedFile): Promise<{ fileId: string }> {
  await firstOr404(ctx.db.select({ id: machines.id }).from(machines).where(and(eq(machines.id, machineId), eq(machines.ucpId, ctx.actor.ucpId))));
  return { fileId: await storeUpload(ctx.db, { ucpId: ctx.actor.ucpId, uploadedBy: ctx.actor.userAcUuid, createdAt: ctx.now() }, file) };
}

/** The stored photo of a request (of `ucpId` when given): bytes and type. */
export async function requestPhoto(ctx: CustomerContext | import('@/lib/server/context').ServiceContext, id: string, ucpId: string | null) {
  const where = ucpId === null ? eq(serviceRequests.id, id) : and(eq(serviceRequests.id, id), eq(serviceRequests.ucpId, ucpId));
  const f = await firstOr404(ctx.db
    .select({ fileName: storedFiles.fileName, mimeType: storedFiles.mimeType, content: storedFiles.content })
    .from(serviceRequests)
    .innerJoin(storedFiles, eq(storedFiles.id, serviceRequests.photoFileId))
    .where(where));
  return f;
}

const receiptOf = (r: Pick<SrRow, 'id' | 'requestNo' | 'createdAt' | 'slaDueAt'>, replayed: boolean): ServiceRequestReceipt => ({
  id: r.id,
  reference: r.requestNo,
  createdAt: r.createdAt.toISOString(),
  slaDueAt: r.slaDueAt.toISOString(),
  replayed,
});

export async function createRequest(ctx: CustomerContext, body: CreateServiceRequestBody): Promise<ServiceRequestReceipt> {
  const { ucpId, userAcUuid } = ctx.actor;
  const findFirst = async (db: CustomerContext['db']) => {
    const [first] = await db
      .select({ id: serviceRequests.id, requestNo: serviceRequests.requestNo, createdAt: serviceRequests.createdAt, slaDueAt: serviceRequests.slaDueAt })
      .from(serviceRequests)
      .where(and(eq(serviceRequests.ucpId, ucpId), eq(serviceRequests.idempotencyKey, body.idempotencyKey)));
    return first;
  };
  // A retry of a submission already filed (a double click, a time-out): the first receipt, nothing new.
  const earlier = await findFirst(ctx.db);
  if (earlier) return receiptOf(earlier, true);

  const now = ctx.now();
  const today = hkToday(now);
  const fields: Record<string, string[]> = {};
  body.visitWindows.forEach((w, i) => {
    if (w.date < today || w.date > addDays(today, VISIT_WINDOW_MAX_DAYS)) fields[`visitWindows.${i}.date`] = ['serviceRequests:form.windowRange'];
    else if (visitWindowOver(w, now)) fields[`visitWindows.${i}.slot`] = ['serviceRequests:form.windowOver'];
  });
  const seen = new Set<string>();
  body.visitWindows.forEach((w, i) => {
    const key = `${w.date}/${w.slot}`;
    if (seen.has(key)) fields[`visitWindows.${i}.date`] = ['serviceRequests:form.windowDuplicate'];
    seen.add(key);
  });
  if (Object.keys(fields).length) throw new AppError('VALIDATION', { fields });

  const found = await machineForReport(ctx, body.machineId);
  if (body.photoFileId) {
    // A photo: an image this customer uploaded (JPEG or PNG, as uploadPhoto takes). Any other file of the customer (a
    // payment slip's PDF) would be served to the desk and the customer's users as the request's photo.
    const [photo] = await ctx.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(and(eq(storedFiles.id, body.photoFileId), eq(storedFiles.ucpId, ucpId), inArray(storedFiles.mimeType, [...PHOTO_TYPES])));
    if (!photo) throw new AppError('VALIDATION', { fields: { photoFileId: ['serviceRequests:form.photoUnknown'] } });
  }
  const hours = found.responseHours ?? DEFAULT_RESPONSE_HOURS;

  return inTransaction(ctx, async (tx) => {
    // A suspension in force now (recorded with its expected end) holds the clock from the start; the shared lock
    // waits for a suspension being recorded or removed (suspensions.ts, lockSuspensions).
    await lockSuspensions(tx.db, 'read');
    const suspensions = await clockSuspensions(tx.db, now);
    const requestNo = await nextReference(tx.db, 'SR', today);
    const [row] = await tx.db
      .insert(serviceRequests)
      .values({
        requestNo,
        ucpId,
        machineId: found.m.id,
        contractId: found.contractId ?? null,
        category: body.category,
        errorCode: body.errorCode,
        description: body.description,
        photoFileId: body.photoFileId ?? null,
        contactName: body.contactName,
        contactPhone: body.contactPhone,
        visitWindows: body.visitWindows,
        status: 'submitted',
        responseHours: hours,
        slaDueAt: slaDueAt(now, hours, suspensions),
        slaAtRiskAt: slaAtRiskAt(now, hours, suspensions),
        createdBy: userAcUuid,
        idempotencyKey: body.idempotencyKey,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [serviceRequests.ucpId, serviceRequests.idempotencyKey] })
      .returning();
    if (!row) {
      const first = await findFirst(tx.db);
      if (!first) throw new AppError('CONFLICT');
      return receiptOf(first, true);
    }
    await addEvent(tx, row, 'submitted', 'customer', { note: body.description });
    await auditStep(tx, 'submitted', null, row, { machineId: row.machineId, category: row.category, slaDueAt: row.slaDueAt.toISOString() });
    await notifyCustomer(tx, 'submitted', row);
    return receiptOf(row, false);
  });
}

/** A customer's step on its own request (tenancy: the actor's current customer), then the request as it is now. */
async function customerStep(
  ctx: CustomerContext,
  body: { id: string; version: number },
  step: Omit<Parameters<typeof runStep>[1], 'id' | 'version' | 'ucpId' | 'by'>,
): Promise<ServiceRequestDetail> {
  await runStep(ctx, { ...step, id: body.id, version: body.version, ucpId: ctx.actor.ucpId, by: 'customer' });
  return getRequest(ctx, body.id);
}

export const cancelRequest = (ctx: CustomerContext, body: CancelBody): Promise<ServiceRequestDetail> =>
  customerStep(ctx, body, {
    action: 'cancel',
    set: (_r, tx) => ({ status: 'cancelled', cancelledAt: tx.now(), cancelReason: body.reason || null }),
    kind: 'cancelled',
    event: () => ({ note: body.reason ?? '' }),
    audit: () => ({ reason: body.reason ?? '' }),
  });

/** Confirm and reopen are open for REOPEN_WINDOW_DAYS after the resolution. */
const withinWindow = (r: SrRow, tx: { now(): Date }) => {
  if (!r.resolvedAt || tx.now().getTime() > r.resolvedAt.getTime() + REOPEN_WINDOW_DAYS * 24 * 3600_000) throw new AppError('SERVICE_REQUEST_WINDOW_CLOSED');
};

export const confirmResolution = (ctx: CustomerContext, body: ConfirmBody): Promise<ServiceRequestDetail> =>
  customerStep(ctx, body, {
    action: 'confirm',
    check: withinWindow,
    set: (_r, tx) => ({ status: 'closed', closedAt: tx.now(), ...(body.rating ? { rating: body.rating, ratingComment: body.comment || null } : {}) }),
    kind: 'closed',
    event: () => ({ note: body.rating ? '' : (body.comment ?? '') }),
    moreEvents: body.rating ? [{ kind: 'rated', note: body.comment ?? '' }] : [],
    audit: () => ({ confirmedByCustomer: true, rating: body.rating ?? null }),
  });

export const reopenRequest = (ctx: CustomerContext, body: ReopenBody): Promise<ServiceRequestDetail> =>
  customerStep(ctx, body, {
    action: 'reopen',
    check: withinWindow,
    // Back to the desk: acknowledged (it knows the request), the engineer kept for reference until reassigned; the last
    // resolution's notes leave the request (they stay in the timeline's 'resolved' event), as its resolvedAt does.
    set: (r) => ({ status: 'acknowledged', resolvedAt: null, resolutionNotes: null, reopenCount: r.reopenCount + 1 }),
    kind: 'reopened',
    event: () => ({ note: body.reason }),
    audit: () => ({ reason: body.reason }),
    notify: body.reason,
  });

export const rateRequest = (ctx: CustomerContext, body: RateBody): Promise<ServiceRequestDetail> =>
  customerStep(ctx, body, {
    action: 'rate',
    check: (r) => {
      if (r.rating !== null) throw new AppError('SERVICE_REQUEST_WRONG_STATUS');
    },
    set: () => ({ rating: body.rating, ratingComment: body.comment || null }),
    kind: 'rated',
    event: () => ({ note: body.comment ?? '' }),
    audit: () => ({ rating: body.rating }),
    notify: false,
  });
