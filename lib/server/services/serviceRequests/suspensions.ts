/**
 * Clock suspensions (docs/service-requests.md): times the SLA clock stood still for every request — Typhoon Signal
 * No. 8 or above, or a Black Rainstorm Warning, in force — recorded by the service desk. Recording or removing one
 * recomputes, in the same transaction, the due and at-risk times of every request whose clock it touches, from the
 * request's report time, its response hours and all suspensions, so the order they are recorded in does not matter.
 */
import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { SUSPENSION_LIMITS } from '@/lib/serviceRequests/constants';
import { businessMinutesBetween, slaAtRiskAt, slaDueAt, type ClockSuspension } from '@/lib/serviceRequests/sla';
import { suspensionProblems, type AddSuspensionBody, type SlaSuspension, type SuspensionList, type SuspensionResult, type SuspensionSpan } from '@/lib/serviceRequests/schemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import type { Db } from '@/lib/server/db/types';
import { serviceRequests, slaSuspensions, userAccounts } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';

/** How many suspensions the desk's list shows (newest first): a few a year. */
const LIST_LIMIT = 100;

const spanOf = (s: { startsAt: Date; endsAt: Date }): ClockSuspension => ({ startsAt: s.startsAt, endsAt: s.endsAt });

/**
 * Recording or removing a suspension and filing a request serialise on one transaction-scoped advisory lock: the
 * desk's change takes it exclusively, a new request shared (filings do not wait for each other). Without it a request
 * filed while a suspension is being recorded reads the suspensions before that commits, and the recompute cannot see
 * the request before it commits: it would keep a due time without the signal, and nothing would correct it.
 */
const LOCK = sql`hashtext('sla_suspensions')`;
export async function lockSuspensions(db: Db, mode: 'change' | 'read'): Promise<void> {
  await db.execute(mode === 'change' ? sql`select pg_advisory_xact_lock(${LOCK})` : sql`select pg_advisory_xact_lock_shared(${LOCK})`);
}

/** The suspensions that end after `from` (all of them without it): what a due time counted from `from` may skip. */
export async function clockSuspensions(db: Db, from?: Date): Promise<ClockSuspension[]> {
  const rows = await db
    .select({ startsAt: slaSuspensions.startsAt, endsAt: slaSuspensions.endsAt })
    .from(slaSuspensions)
    .where(from ? gt(slaSuspensions.endsAt, from) : undefined);
  return rows.map(spanOf);
}

/**
 * The suspensions that held a request's clock between `from` (its report) and `to` (its due time, or its response if
 * that came first), oldest first, as its page names them: only those that took business time (a black rainstorm
 * overnight moved nothing).
 */
export async function suspensionsWithin(db: Db, from: Date, to: Date): Promise<SuspensionSpan[]> {
  if (to.getTime() <= from.getTime()) return [];
  const rows = await db
    .select({ kind: slaSuspensions.kind, startsAt: slaSuspensions.startsAt, endsAt: slaSuspensions.endsAt })
    .from(slaSuspensions)
    .where(and(lt(slaSuspensions.startsAt, to), gt(slaSuspensions.endsAt, from)))
    .orderBy(asc(slaSuspensions.startsAt), asc(slaSuspensions.id));
  const later = (a: Date, b: Date) => (a.getTime() > b.getTime() ? a : b);
  const earlier = (a: Date, b: Date) => (a.getTime() < b.getTime() ? a : b);
  return rows
    .filter((r) => businessMinutesBetween(later(r.startsAt, from), earlier(r.endsAt, to)) > 0)
    .map((r) => ({ kind: r.kind, startsAt: r.startsAt.toISOString(), endsAt: r.endsAt.toISOString() }));
}

export async function listSuspensions(ctx: ServiceContext): Promise<SuspensionList> {
  const rows = await ctx.db
    .select({
      id: slaSuspensions.id,
      kind: slaSuspensions.kind,
      startsAt: slaSuspensions.startsAt,
      endsAt: slaSuspensions.endsAt,
      note: slaSuspensions.note,
      createdByName: userAccounts.name,
      createdAt: slaSuspensions.createdAt,
    })
    .from(slaSuspensions)
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, slaSuspensions.createdBy))
    .orderBy(desc(slaSuspensions.startsAt), desc(slaSuspensions.createdAt))
    .limit(LIST_LIMIT);
  const items: SlaSuspension[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
    note: r.note,
    createdByName: r.createdByName ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items };
}

/**
 * Recomputes the clocks a suspension of `from`–`to` touches: requests reported before it ended, not cancelled, with
 * no response before it started. Answers how many due times moved.
 */
async function recomputeClocks(tx: ServiceContext, from: Date, to: Date): Promise<number> {
  const touched: SQL | undefined = and(
    lt(serviceRequests.createdAt, to),
    ne(serviceRequests.status, 'cancelled'),
    or(isNull(serviceRequests.respondedAt), gt(serviceRequests.respondedAt, from)),
  );
  const requests = await tx.db
    .select({ id: serviceRequests.id, createdAt: serviceRequests.createdAt, responseHours: serviceRequests.responseHours, slaDueAt: serviceRequests.slaDueAt, slaAtRiskAt: serviceRequests.slaAtRiskAt })
    .from(serviceRequests)
    .where(touched)
    // One order for every recompute: two can never hold each other's rows.
    .orderBy(asc(serviceRequests.id))
    .for('update');
  if (requests.length === 0) return 0;
  const all = await clockSuspensions(tx.db);
  let moved = 0;
  for (const r of requests) {
    const dueAt = slaDueAt(r.createdAt, r.responseHours, all);
    const atRiskAt = slaAtRiskAt(r.createdAt, r.responseHours, all);
    if (dueAt.getTime() === r.slaDueAt.getTime() && atRiskAt.getTime() === r.slaAtRiskAt?.getTime()) continue;
    // A derived time, not an edit: the request's version stays, so a colleague's open step is not refused for it.
    await tx.db.update(serviceRequests).set({ slaDueAt: dueAt, slaAtRiskAt: atRiskAt }).where(eq(serviceRequests.id, r.id));
    if (dueAt.getTime() !== r.slaDueAt.getTime()) moved += 1;
  }
  return moved;
}

export async function addSuspension(ctx: ServiceContext, body: AddSuspensionBody): Promise<SuspensionResult> {
  const startsAt = new Date(body.startsAt);
  const endsAt = new Date(body.endsAt);
  const problems = suspensionProblems(startsAt, endsAt, ctx.now());
  if (Object.keys(problems).length) {
    throw new AppError('VALIDATION', { fields: Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])) });
  }
  return inTransaction(ctx, async (tx) => {
    await lockSuspensions(tx.db, 'change');
    const [row] = await tx.db
      .insert(slaSuspensions)
      .values({ kind: body.kind, startsAt, endsAt, note: body.note ?? '', createdBy: tx.actor.userAcUuid })
      .returning();
    const requestsMoved = await recomputeClocks(tx, startsAt, endsAt);
    await audit(tx, { action: 'create', entity: 'sla_suspension', entityId: row!.id, after: { kind: body.kind, startsAt: body.startsAt, endsAt: body.endsAt, note: row!.note, requestsMoved } });
    return { id: row!.id, requestsMoved };
  });
}

export async function deleteSuspension(ctx: ServiceContext, id: string): Promise<SuspensionResult> {
  return inTransaction(ctx, async (tx) => {
    await lockSuspensions(tx.db, 'change');
    const [found] = await tx.db.select({ startsAt: slaSuspensions.startsAt }).from(slaSuspensions).where(eq(slaSuspensions.id, id));
    if (!found) throw new AppError('NOT_FOUND');
    // As far back as one may be recorded: an older one has settled met and breached on requests long closed.
    if (found.startsAt.getTime() < tx.now().getTime() - SUSPENSION_LIMITS.pastDays * 24 * 3600_000) throw new AppError('SUSPENSION_FINAL');
    const [row] = await tx.db.delete(slaSuspensions).where(eq(slaSuspensions.id, id)).returning();
    if (!row) throw new AppError('NOT_FOUND');
    const requestsMoved = await recomputeClocks(tx, row.startsAt, row.endsAt);
    await audit(tx, {
      action: 'delete',
      entity: 'sla_suspension',
      entityId: id,
      before: { kind: row.kind, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), note: row.note },
      after: { requestsMoved },
    });
    return { id, requestsMoved };
  });
}
