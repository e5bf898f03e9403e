/**
 * The provider's service desk (docs/service-requests.md): the queue across customers (breached first), one request
 * with who did what, and the staff steps — acknowledge, assign an engineer with an ETA, on site, resolve with notes,
 * close — each guarded by the request's version (two staff at once: one wins, the other gets 409
 * SERVICE_REQUEST_CHANGED), audited, and told to the customer.
 */
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type {
  AcknowledgeBody,
  AssignBody,
  CloseBody,
  ListDeskBody,
  OnSiteBody,
  ResolveBody,
  ServiceDeskDetail,
  ServiceDeskListResult,
  ServiceDeskSummary,
} from '@/lib/serviceRequests/schemas';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { customers, machineModels, machines, serviceRequests, userAccounts } from '@/lib/server/db/schema';
import { containsPattern, ilikeLiteral } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import { addEvent, applyChange, auditStep, loadDetail, machineOf, notifyCustomer, openStatusSql, rowOf, slaStateSql, staffActions } from './shared';

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

/** `SR-2026-000123`, `sr-123`, `000123` or `123` → 123 (the staff search also finds a request by its number). */
const referenceNumber = (q: string): number | null => {
  const m = /^(?:sr-?(?:\d{4}-)?)?0*(\d{1,9})$/i.exec(q.trim());
  return m ? Number(m[1]) : null;
};

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
    const p = containsPattern(f.q);
    const no = referenceNumber(f.q);
    where.push(
      or(
        ilikeLiteral(serviceRequests.requestNo, p),
        ilikeLiteral(machines.serialNo, p),
        ilikeLiteral(serviceRequests.ucpId, p),
        ilikeLiteral(customers.nameEn, p),
        ilikeLiteral(customers.nameZh, p),
        ...(no !== null ? [sql`substring(${serviceRequests.requestNo} from '(\\d+)$')::bigint = ${no}`] : []),
      )!,
    );
  }
  const dir = body.sort?.direction === 'desc' ? desc : asc;
  // Breached open requests first, then at risk, then running, then the rest; within each the soonest due first.
  const rank = sql`case when ${openStatusSql()} and ${serviceRequests.respondedAt} is null then (case (${sla}) when 'breached' then 0 when 'at_risk' then 1 else 2 end) else 3 end`;
  const field = body.sort?.field ?? 'sla';
  const order =
    field === 'createdAt'
      ? [body.sort?.direction === 'asc' ? asc(serviceRequests.createdAt) : desc(serviceRequests.createdAt)]
      : field === 'reference'
        ? [dir(serviceRequests.requestNo)]
        : field === 'customer'
          ? [dir(customers.nameEn), desc(serviceRequests.createdAt)]
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

export async function acknowledge(ctx: ServiceContext, body: AcknowledgeBody): Promise<ServiceDeskDetail> {
  await inTransaction(ctx, async (tx) => {
    const { before, after } = await applyChange(tx, { id: body.id, version: body.version, ucpId: null, action: 'acknowledge', set: () => ({ status: 'acknowledged', acknowledgedAt: tx.now() }) });
    await addEvent(tx, after, 'acknowledged', 'staff', { note: body.note ?? '' });
    await auditStep(tx, 'acknowledged', before, after, { note: body.note ?? '' });
    await notifyCustomer(tx, 'acknowledged', after, body.note ?? '');
  });
  return getDeskRequest(ctx, body.id);
}

export async function assignEngineer(ctx: ServiceContext, body: AssignBody): Promise<ServiceDeskDetail> {
  const eta = new Date(body.etaAt);
  // An ETA in the past is a typing mistake (a few minutes' slack for the clock of the desk's PC).
  if (eta.getTime() < ctx.now().getTime() - 10 * 60_000) throw new AppError('VALIDATION', { fields: { etaAt: ['serviceDesk:errors.etaPast'] } });
  await inTransaction(ctx, async (tx) => {
    const { before, after } = await applyChange(tx, {
      id: body.id,
      version: body.version,
      ucpId: null,
      action: 'assign',
      set: (r) => ({
        status: 'engineer_assigned',
        engineerName: body.engineerName,
        engineerPhone: body.engineerPhone || null,
        etaAt: eta,
        assignedAt: tx.now(),
        acknowledgedAt: r.acknowledgedAt ?? tx.now(),
      }),
    });
    const kind = before.status === 'engineer_assigned' ? 'reassigned' : 'engineer_assigned';
    await addEvent(tx, after, kind, 'staff', { note: body.note ?? '', engineerName: body.engineerName, etaAt: eta });
    await auditStep(tx, kind, before, after, { engineerName: body.engineerName, etaAt: eta.toISOString() });
    await notifyCustomer(tx, kind, after, body.note ?? '');
  });
  return getDeskRequest(ctx, body.id);
}

export async function markOnSite(ctx: ServiceContext, body: OnSiteBody): Promise<ServiceDeskDetail> {
  await inTransaction(ctx, async (tx) => {
    const { before, after } = await applyChange(tx, {
      id: body.id,
      version: body.version,
      ucpId: null,
      action: 'onSite',
      // The first arrival is the response the SLA measures (a visit after a reopen does not move it).
      set: (r) => ({ status: 'on_site', onSiteAt: tx.now(), respondedAt: r.respondedAt ?? tx.now() }),
    });
    await addEvent(tx, after, 'on_site', 'staff', { note: body.note ?? '', engineerName: after.engineerName });
    await auditStep(tx, 'on_site', before, after, { respondedAt: after.respondedAt?.toISOString() ?? null });
    await notifyCustomer(tx, 'on_site', after, body.note ?? '');
  });
  return getDeskRequest(ctx, body.id);
}

export async function resolve(ctx: ServiceContext, body: ResolveBody): Promise<ServiceDeskDetail> {
  await inTransaction(ctx, async (tx) => {
    const { before, after } = await applyChange(tx, {
      id: body.id,
      version: body.version,
      ucpId: null,
      action: 'resolve',
      // Fixed without a visit (by phone, remotely): the resolution is the response.
      set: (r) => ({ status: 'resolved', resolvedAt: tx.now(), resolutionNotes: body.resolutionNotes, respondedAt: r.respondedAt ?? tx.now() }),
    });
    await addEvent(tx, after, 'resolved', 'staff', { note: body.resolutionNotes });
    await auditStep(tx, 'resolved', before, after, { resolutionNotes: body.resolutionNotes });
    await notifyCustomer(tx, 'resolved', after, body.resolutionNotes);
  });
  return getDeskRequest(ctx, body.id);
}

export async function close(ctx: ServiceContext, body: CloseBody): Promise<ServiceDeskDetail> {
  await inTransaction(ctx, async (tx) => {
    const { before, after } = await applyChange(tx, { id: body.id, version: body.version, ucpId: null, action: 'close', set: () => ({ status: 'closed', closedAt: tx.now() }) });
    await addEvent(tx, after, 'closed', 'staff', { note: body.note ?? '' });
    await auditStep(tx, 'closed', before, after, { note: body.note ?? '' });
    await notifyCustomer(tx, 'closed', after, body.note ?? '');
  });
  return getDeskRequest(ctx, body.id);
}
