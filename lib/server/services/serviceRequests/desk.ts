/**
 * The provider's service desk (docs/service-requests.md): the queue across customers (breached first), one request
 * with who did what, and the staff steps — acknowledge, assign an engineer with an ETA, on site, resolve with notes,
 * close — each guarded by the request's version (two staff at once: one wins, the other gets 409
 * SERVICE_REQUEST_CHANGED), audited, and told to the customer.
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  etaProblem,
  type AcknowledgeBody,
  type AssignBody,
  type CloseBody,
  type ListDeskBody,
  type OnSiteBody,
  type ResolveBody,
  type ServiceDeskDetail,
  type ServiceDeskListResult,
  type ServiceDeskSummary,
} from '@/lib/serviceRequests/schemas';
import type { ServiceContext } from '@/lib/server/context';
import { customers, machineModels, machines, serviceRequests, userAccounts } from '@/lib/server/db/schema';
import { referenceNumber, textSearch } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import { loadDetail, machineOf, openStatusSql, rowOf, runStep, slaStateSql, staffActions } from './shared';

export async function getDeskRequest(ctx: ServiceContext, id: string): Promise<ServiceDeskDetail> {
  const { detail, row, timeline } = await loadDetail(ctx, id, null);
  const [c] = await ctx.db.select({ nameEn: customers.nameEn, nameZh: customers.nameZh }).from(customers).where(eq(customers.ucpId, row.ucpId));
  const [reporter] = row.createdBy
    ? await ctx.db.select({ name: userAccounts.name, loginId: userAccounts.loginId }).from(userAccounts).where(eq(userAccounts.userAcUuid, row.createdBy))
    : [];
  return {
    ...detail,
    ucpId: row.ucpId,
    customerNameEn: c?.nameEn ?? row.ucpId,
    customerNameZh: c?.nameZh ?? row.ucpId,
    reportedBy: reporter ?? null,
    actions: staffActions(ctx.actor, row),
    timeline: timeline.map(({ actorIsStaff: _s, ...e }) => e),
  };
}

export async function listDesk(ctx: ServiceContext, body: ListDeskBody): Promise<ServiceDeskListResult> {
  const f = body.filter ?? {};
  const now = ctx.now();
  const sla = slaStateSql(now);
  const where: SQL[] = [];
  if (f.status) where.push(eq(serviceRequests.status, f.status));
  if (f.state === 'open') where.push(openStatusSql());
  if (f.state === 'done') where.push(sql`${serviceRequests.status} in ('resolved', 'closed', 'cancelled')`);
  if (f.category) where.push(eq(serviceRequests.category, f.category));
  if (f.ucpId) where.push(eq(serviceRequests.ucpId, f.ucpId));
  if (f.sla) where.push(sql`(${sla}) = ${f.sla}`);
  if (f.q) {
    // `SR-2026-000123`, `sr-123`, `000123` or `123`: the staff search also finds a request by its number.
    const no = referenceNumber(f.q, /sr-?(?:\d{4}-)?/);
    const byNumber = no !== null ? [sql`substring(${serviceRequests.requestNo} from '(\\d+)$')::bigint = ${no}`] : [];
    where.push(textSearch(f.q, [serviceRequests.requestNo, machines.serialNo, serviceRequests.ucpId, customers.nameEn, customers.nameZh], () => byNumber));
  }
  const dir = body.sort?.direction === 'desc' ? desc : asc;
  // Breached open requests first, then at risk, then running, then the rest; within each the soonest due first.
  const rank = sql`case when ${openStatusSql()} and ${serviceRequests.respondedAt} is null then (case (${sla}) when 'breached' then 0 when 'at_risk' then 1 else 2 end) else 3 end`;
  const field = body.sort?.field ?? 'sla';
  // Every order ends on the reference (unique), so that pages neither repeat nor skip requests filed at one moment.
  const order =
    field === 'createdAt'
      ? body.sort?.direction === 'asc'
        ? [asc(serviceRequests.createdAt), asc(serviceRequests.requestNo)]
        : [desc(serviceRequests.createdAt), desc(serviceRequests.requestNo)]
      : field === 'reference'
        ? [dir(serviceRequests.requestNo)]
        : field === 'customer'
          ? [dir(customers.nameEn), desc(serviceRequests.createdAt), desc(serviceRequests.requestNo)]
          : [body.sort?.direction === 'desc' ? desc(rank) : asc(rank), asc(serviceRequests.slaDueAt), asc(serviceRequests.requestNo)];
  const q = ctx.db
    .select({ r: serviceRequests, m: machines, model: machineModels, nameEn: customers.nameEn, nameZh: customers.nameZh, __total: totalCount() })
    .from(serviceRequests)
    .innerJoin(machines, eq(machines.id, serviceRequests.machineId))
    .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .innerJoin(customers, eq(customers.ucpId, serviceRequests.ucpId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order);
  return paginate(q, body, (x) => ({ ...rowOf(x.r, machineOf(x.m, x.model), now), ucpId: x.r.ucpId, customerNameEn: x.nameEn, customerNameZh: x.nameZh }));
}

export async function deskSummary(ctx: ServiceContext): Promise<ServiceDeskSummary> {
  const sla = slaStateSql(ctx.now());
  const [row] = await ctx.db
    .select({
      open: sql<number>`count(*)::int`,
      unacknowledged: sql<number>`count(*) filter (where ${serviceRequests.status} = 'submitted')::int`,
      atRisk: sql<number>`count(*) filter (where (${sla}) = 'at_risk')::int`,
      breached: sql<number>`count(*) filter (where ${serviceRequests.respondedAt} is null and (${sla}) = 'breached')::int`,
    })
    .from(serviceRequests)
    .where(openStatusSql());
  return { open: row?.open ?? 0, unacknowledged: row?.unacknowledged ?? 0, atRisk: row?.atRisk ?? 0, breached: row?.breached ?? 0 };
}

/** A service desk step (any customer's request), then the request as the desk sees it now. */
type DeskStep = Omit<Parameters<typeof runStep>[1], 'id' | 'version' | 'ucpId' | 'by'>;

/**
 * A service desk step on `body`'s request (any customer's), then the request as the desk sees it now. The staff
 * note goes on the timeline event and into the customer's message unless the step says otherwise.
 */
async function deskStep(ctx: ServiceContext, body: { id: string; version: number; note?: string }, step: DeskStep): Promise<ServiceDeskDetail> {
  const note = body.note ?? '';
  await runStep(ctx, { event: () => ({ note }), notify: note, ...step, id: body.id, version: body.version, ucpId: null, by: 'staff' });
  return getDeskRequest(ctx, body.id);
}

export const acknowledge = (ctx: ServiceContext, body: AcknowledgeBody): Promise<ServiceDeskDetail> =>
  deskStep(ctx, body, {
    action: 'acknowledge',
    set: (_r, tx) => ({ status: 'acknowledged', acknowledgedAt: tx.now() }),
    kind: 'acknowledged',
    audit: () => ({ note: body.note ?? '' }),
  });

export async function assignEngineer(ctx: ServiceContext, body: AssignBody): Promise<ServiceDeskDetail> {
  const eta = new Date(body.etaAt);
  // In the past or more than ETA_MAX_DAYS ahead is a typing mistake (a few minutes' slack for the desk PC's clock).
  const problem = etaProblem(eta, ctx.now());
  if (problem) throw new AppError('VALIDATION', { fields: { etaAt: [problem] } });
  return deskStep(ctx, body, {
    action: 'assign',
    set: (r, tx) => ({
      status: 'engineer_assigned',
      engineerName: body.engineerName,
      engineerPhone: body.engineerPhone || null,
      etaAt: eta,
      assignedAt: tx.now(),
      acknowledgedAt: r.acknowledgedAt ?? tx.now(),
    }),
    kind: (before) => (before.status === 'engineer_assigned' ? 'reassigned' : 'engineer_assigned'),
    event: () => ({ note: body.note ?? '', engineerName: body.engineerName, etaAt: eta }),
    audit: () => ({ engineerName: body.engineerName, etaAt: eta.toISOString() }),
  });
}

export const markOnSite = (ctx: ServiceContext, body: OnSiteBody): Promise<ServiceDeskDetail> =>
  deskStep(ctx, body, {
    action: 'onSite',
    // The first arrival is the response the SLA measures (a visit after a reopen does not move it).
    set: (r, tx) => ({ status: 'on_site', onSiteAt: tx.now(), respondedAt: r.respondedAt ?? tx.now() }),
    kind: 'on_site',
    event: (after) => ({ note: body.note ?? '', engineerName: after.engineerName }),
    audit: (after) => ({ respondedAt: after.respondedAt?.toISOString() ?? null }),
  });

export const resolve = (ctx: ServiceContext, body: ResolveBody): Promise<ServiceDeskDetail> =>
  deskStep(ctx, body, {
    action: 'resolve',
    // Fixed without a visit (by phone, remotely): the resolution is the response.
    set: (r, tx) => ({ status: 'resolved', resolvedAt: tx.now(), resolutionNotes: body.resolutionNotes, respondedAt: r.respondedAt ?? tx.now() }),
    kind: 'resolved',
    event: () => ({ note: body.resolutionNotes }),
    audit: () => ({ resolutionNotes: body.resolutionNotes }),
    notify: body.resolutionNotes,
  });

export const close = (ctx: ServiceContext, body: CloseBody): Promise<ServiceDeskDetail> =>
  deskStep(ctx, body, {
    action: 'close',
    set: (_r, tx) => ({ status: 'closed', closedAt: tx.now() }),
    kind: 'closed',
    audit: () => ({ note: body.note ?? '' }),
  });
