/**
 * Service requests (docs/service-requests.md): what the customer's side and the service desk share — reading a
 * request with its machine and timeline, the SLA state, the guarded status change (version + allowed status), the
 * timeline event and the customer's notification (inbox message to the customer's users who follow service requests,
 * and its e-mail through the outbox with a deep link to the request).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { canAccess } from '@/lib/permissions/canAccess';
import { actionAllowedFrom, CUSTOMER_ACTIONS, OPEN_STATUSES, REOPEN_WINDOW_DAYS, SERVICE_EVENT_KINDS, STAFF_ACTIONS, type ServiceAction, type ServiceActor, type ServiceEventKind, type SlaState } from '@/lib/serviceRequests/constants';
import type { ServiceMachine, ServiceRequestDetail, ServiceRequestEvent, ServiceRequestRow, SlaInfo } from '@/lib/serviceRequests/schemas';
import { slaState } from '@/lib/serviceRequests/sla';
import { audit } from '@/lib/server/audit';
import { inTransaction, type Actor, type ServiceContext } from '@/lib/server/context';
import {
  contracts,
  inboxDeliveries,
  inboxMessages,
  machineModels,
  machines,
  serviceRequestEvents,
  serviceRequests,
  storedFiles,
  userAccounts,
} from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import { queueMail } from '@/lib/server/mail/queueMail';
import { escapeHtml, sanitizeRichText } from '@/lib/server/sanitize';
import { firstOr404, iso } from '@/lib/server/services/common';
import { listPosition } from '@/lib/server/db/paginate';
import { queryRows } from '@/lib/server/db/rows';
import type { Locale } from '@/lib/i18n/locales';
import { suspensionsWithin } from './suspensions';

export type SrRow = typeof serviceRequests.$inferSelect;
type MachineRow = typeof machines.$inferSelect;
type ModelRow = typeof machineModels.$inferSelect;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The SLA as the screens show it. */
export function slaOf(r: Pick<SrRow, 'status' | 'slaDueAt' | 'slaAtRiskAt' | 'respondedAt' | 'responseHours' | 'etaAt'>, now: Date): SlaInfo {
  const state: SlaState = slaState(
    { status: r.status, dueAt: r.slaDueAt, atRiskAt: r.slaAtRiskAt ?? r.slaDueAt, respondedAt: r.respondedAt, etaAt: r.etaAt },
    now,
  );
  return { responseHours: r.responseHours, dueAt: r.slaDueAt.toISOString(), state, respondedAt: iso(r.respondedAt) };
}

/** SQL of the SLA state, for the queue's filter and order (the same rules as slaState). */
export function slaStateSql(now: Date): SQL<SlaState> {
  const n = sql`${now.toISOString()}::timestamptz`;
  const sr = serviceRequests;
  return sql<SlaState>`case
    when ${sr.respondedAt} is not null then (case when ${sr.respondedAt} <= ${sr.slaDueAt} then 'met' else 'breached' end)
    when ${sr.status} = 'cancelled' then 'stopped'
    when ${n} > ${sr.slaDueAt} then 'breached'
    when ${n} >= coalesce(${sr.slaAtRiskAt}, ${sr.slaDueAt}) then 'at_risk'
    when ${sr.status} = 'engineer_assigned' and ${sr.etaAt} > ${sr.slaDueAt} then 'at_risk'
    else 'running' end`;
}

export const openStatusSql = () => inArray(serviceRequests.status, [...OPEN_STATUSES]);

/** Last moment to confirm or reopen a resolved request. */
export const reopenUntil = (r: Pick<SrRow, 'status' | 'resolvedAt'>): Date | null =>
  r.status === 'resolved' && r.resolvedAt ? new Date(r.resolvedAt.getTime() + REOPEN_WINDOW_DAYS * DAY_MS) : null;

const grantsOf = (actor: Actor) => actor.codes;

/** The customer's actions now: its codes, the status and the reopen window decide. */
export function customerActions(actor: Actor, r: SrRow, now: Date): ServiceAction[] {
  if (!canAccess(grantsOf(actor), ['service_req_write'])) return [];
  return CUSTOMER_ACTIONS.filter((a) => {
    if (!actionAllowedFrom(a, r.status)) return false;
    if (a === 'confirm' || a === 'reopen') return now.getTime() <= (reopenUntil(r)?.getTime() ?? 0);
    if (a === 'rate') return r.rating === null;
    return true;
  });
}

export function staffActions(actor: Actor, r: SrRow): ServiceAction[] {
  if (!canAccess(grantsOf(actor), ['service_req_admin_write'])) return [];
  return STAFF_ACTIONS.filter((a) => actionAllowedFrom(a, r.status));
}

export const machineOf = (m: MachineRow, model: ModelRow): ServiceMachine => ({
  id: m.id,
  serialNo: m.serialNo,
  modelCode: m.modelCode,
  modelNameEn: model.nameEn,
  modelNameZh: model.nameZh,
  isColour: model.isColour,
  locationEn: m.locationEn,
  locationZh: m.locationZh,
  addressEn: m.addressEn,
  addressZh: m.addressZh,
});

export function rowOf(r: SrRow, m: ServiceMachine, now: Date): ServiceRequestRow {
  return {
    id: r.id,
    reference: r.requestNo,
    machine: { id: m.id, serialNo: m.serialNo, modelNameEn: m.modelNameEn, modelNameZh: m.modelNameZh, locationEn: m.locationEn, locationZh: m.locationZh },
    category: r.category,
    status: r.status,
    engineerName: r.engineerName,
    etaAt: iso(r.etaAt),
    sla: slaOf(r, now),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export type EventWithActor = ServiceRequestEvent & { actorLoginId: string | null; actorIsStaff: boolean };

export async function timelineOf(db: Db, requestId: string): Promise<EventWithActor[]> {
  const rows = await db
    .select({ e: serviceRequestEvents, name: userAccounts.name, loginId: userAccounts.loginId })
    .from(serviceRequestEvents)
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, serviceRequestEvents.actorUserAcUuid))
    .where(eq(serviceRequestEvents.requestId, requestId))
    .orderBy(
      asc(serviceRequestEvents.at),
      // Two steps of one action share their time (closed and rated): lifecycle order then.
      listPosition(serviceRequestEvents.kind, SERVICE_EVENT_KINDS),
      asc(serviceRequestEvents.id),
    );
  return rows.map(({ e, name, loginId }) => ({
    id: e.id,
    kind: e.kind,
    status: e.status,
    at: e.at.toISOString(),
    actor: e.actor,
    actorName: name ?? null,
    note: e.note,
    engineerName: e.engineerName,
    etaAt: iso(e.etaAt),
    actorLoginId: loginId ?? null,
    actorIsStaff: e.actor === 'staff',
  }));
}

/** The request with everything a detail screen shows; `ucpId` limits it to one customer (404 otherwise). */
export async function loadDetail(
  ctx: ServiceContext,
  id: string,
  ucpId: string | null,
): Promise<{ detail: Omit<ServiceRequestDetail, 'actions' | 'timeline'>; row: SrRow; timeline: EventWithActor[] }> {
  const where = ucpId === null ? eq(serviceRequests.id, id) : and(eq(serviceRequests.id, id), eq(serviceRequests.ucpId, ucpId));
  const found = await firstOr404(ctx.db
    .select({ r: serviceRequests, m: machines, model: machineModels, contractId: contracts.id, contractNo: contracts.contractNo, file: { id: storedFiles.id, fileName: storedFiles.fileName, mimeType: storedFiles.mimeType, sizeBytes: storedFiles.sizeBytes } })
    .from(serviceRequests)
    .innerJoin(machines, eq(machines.id, serviceRequests.machineId))
    .innerJoin(machineModels, eq(machineModels.modelCode, machines.modelCode))
    .leftJoin(contracts, eq(contracts.id, serviceRequests.contractId))
    .leftJoin(storedFiles, eq(storedFiles.id, serviceRequests.photoFileId))
    .where(where));
  const { r } = found;
  const now = ctx.now();
  const machine = machineOf(found.m, found.model);
  const timeline = await timelineOf(ctx.db, r.id);
  // The suspensions that moved the due time: between the report and the due time, or the response if it came first.
  const clockEnd = r.respondedAt && r.respondedAt.getTime() < r.slaDueAt.getTime() ? r.respondedAt : r.slaDueAt;
  const clockSuspensions = r.status === 'cancelled' && !r.respondedAt ? [] : await suspensionsWithin(ctx.db, r.createdAt, clockEnd);
  return {
    row: r,
    timeline,
    detail: {
      ...rowOf(r, machine, now),
      machine,
      clockSuspensions,
      contractId: found.contractId ?? null,
      contractNo: found.contractNo ?? null,
      errorCode: r.errorCode,
      description: r.description,
      photo: found.file?.id ? { fileId: found.file.id, fileName: found.file.fileName, mimeType: found.file.mimeType, sizeBytes: found.file.sizeBytes } : null,
      contactName: r.contactName,
      contactPhone: r.contactPhone,
      visitWindows: r.visitWindows,
      engineerPhone: r.engineerPhone,
      acknowledgedAt: iso(r.acknowledgedAt),
      resolvedAt: iso(r.resolvedAt),
      closedAt: iso(r.closedAt),
      cancelledAt: iso(r.cancelledAt),
      resolutionNotes: r.resolutionNotes,
      cancelReason: r.cancelReason,
      reopenCount: r.reopenCount,
      rating: r.rating,
      ratingComment: r.ratingComment,
      reopenUntil: iso(reopenUntil(r)),
      version: r.version,
    },
  };
}

/**
 * One guarded change: the request (of `ucpId` when given) must exist, be at `version` (else 409
 * SERVICE_REQUEST_CHANGED: someone else changed it since it was read) and allow `action` (else 409
 * SERVICE_REQUEST_WRONG_STATUS). The UPDATE repeats the version check, so of two concurrent changes read at the same
 * version exactly one is applied.
 */
export async function applyChange(
  tx: ServiceContext,
  opts: {
    id: string;
    version: number;
    ucpId: string | null;
    action: ServiceAction;
    check?: (row: SrRow) => void;
    set: (row: SrRow) => Partial<typeof serviceRequests.$inferInsert>;
  },
): Promise<{ before: SrRow; after: SrRow }> {
  const where = opts.ucpId === null ? eq(serviceRequests.id, opts.id) : and(eq(serviceRequests.id, opts.id), eq(serviceRequests.ucpId, opts.ucpId));
  const before = await firstOr404(tx.db.select().from(serviceRequests).where(where));
  if (before.version !== opts.version) throw new AppError('SERVICE_REQUEST_CHANGED');
  if (!actionAllowedFrom(opts.action, before.status)) throw new AppError('SERVICE_REQUEST_WRONG_STATUS');
  opts.check?.(before);
  const [after] = await tx.db
    .update(serviceRequests)
    .set({ ...opts.set(before), version: before.version + 1, updatedAt: tx.now() })
    .where(and(eq(serviceRequests.id, before.id), eq(serviceRequests.version, before.version)))
    .returning();
  if (!after) throw new AppError('SERVICE_REQUEST_CHANGED');
  return { before, after };
}

export async function addEvent(
  tx: ServiceContext,
  r: SrRow,
  kind: ServiceEventKind,
  actor: ServiceActor,
  extra: { note?: string; engineerName?: string | null; etaAt?: Date | null } = {},
): Promise<void> {
  await tx.db.insert(serviceRequestEvents).values({
    requestId: r.id,
    kind,
    status: r.status,
    at: tx.now(),
    actor,
    actorUserAcUuid: tx.actor.userAcUuid,
    note: extra.note ?? '',
    engineerName: extra.engineerName ?? null,
    etaAt: extra.etaAt ?? null,
  });
}

/** Audit row of a step: what changed, before and after (status, version and the step's fields). */
export async function auditStep(tx: ServiceContext, kind: ServiceEventKind, before: SrRow | null, after: SrRow, fields: Record<string, unknown> = {}): Promise<void> {
  await audit(tx, {
    action: kind,
    entity: 'service_request',
    entityId: after.id,
    before: before ? { status: before.status, version: before.version } : undefined,
    after: { reference: after.requestNo, ucpId: after.ucpId, status: after.status, version: after.version, ...fields },
  });
}

/**
 * One status step of a request, the whole of it in one transaction: the guarded change (applyChange: tenancy,
 * version, the status-action table, the step's own check), its timeline event(s), the audit row and the customer's
 * notification. Both the customer's steps and the service desk's run through it.
 */
export async function runStep(
  ctx: ServiceContext,
  step: {
    id: string;
    version: number;
    /** The customer whose request it must be; null for the service desk (any customer). */
    ucpId: string | null;
    action: ServiceAction;
    by: ServiceActor;
    check?: (row: SrRow, tx: ServiceContext) => void;
    set: (row: SrRow, tx: ServiceContext) => Partial<typeof serviceRequests.$inferInsert>;
    /** The event kind (also the audit action and the message); a function when it depends on the row before. */
    kind: ServiceEventKind | ((before: SrRow) => ServiceEventKind);
    /** The timeline event's note and fields. */
    event?: (after: SrRow) => { note?: string; engineerName?: string | null; etaAt?: Date | null };
    /** Further events of the same step, in order (a confirmation with a rating is also `rated`). */
    moreEvents?: { kind: ServiceEventKind; note: string }[];
    /** The audit row's fields besides status and version. */
    audit?: (after: SrRow) => Record<string, unknown>;
    /** The note of the customer's message, or false for a step the customer is not told about. */
    notify?: string | false;
  },
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const { before, after } = await applyChange(tx, {
      id: step.id,
      version: step.version,
      ucpId: step.ucpId,
      action: step.action,
      check: step.check && ((r) => step.check!(r, tx)),
      set: (r) => step.set(r, tx),
    });
    const kind = typeof step.kind === 'function' ? step.kind(before) : step.kind;
    await addEvent(tx, after, kind, step.by, step.event?.(after) ?? {});
    for (const e of step.moreEvents ?? []) await addEvent(tx, after, e.kind, step.by, { note: e.note });
    await auditStep(tx, kind, before, after, step.audit?.(after) ?? {});
    if (step.notify !== false) await notifyCustomer(tx, kind, after, step.notify ?? '');
  });
}

// ── Notifications ────────────────────────────────────────────────────────────────────────────────────────────────

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAY_EN = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const WEEKDAY_ZH = ['日', '一', '二', '三', '四', '五', '六'];
const MONTH_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A time in Hong Kong, as the messages write it: "Tue 24 Nov 2026, 14:00" / "2026年11月24日（星期二）14:00". */
export function hkTimeText(d: Date, lang: 'en' | 'zh'): string {
  const l = new Date(d.getTime() + 8 * 3600_000);
  const hm = `${pad(l.getUTCHours())}:${pad(l.getUTCMinutes())}`;
  return lang === 'en'
    ? `${WEEKDAY_EN[l.getUTCDay()]} ${l.getUTCDate()} ${MONTH_EN[l.getUTCMonth()]} ${l.getUTCFullYear()}, ${hm}`
    : `${l.getUTCFullYear()}年${l.getUTCMonth() + 1}月${l.getUTCDate()}日（星期${WEEKDAY_ZH[l.getUTCDay()]}）${hm}`;
}

type Texts = { titleEn: string; titleZh: string; en: string[]; zh: string[] };

/** What the customer is told at each step (the request's own words escaped; rich text sanitized again on store). */
function texts(kind: ServiceEventKind, r: SrRow, serial: string, note: string): Texts | null {
  const ref = r.requestNo;
  const eta = r.etaAt ? { en: hkTimeText(r.etaAt, 'en'), zh: hkTimeText(r.etaAt, 'zh') } : null;
  const engineer = escapeHtml(r.engineerName ?? '');
  const n = escapeHtml(note);
  switch (kind) {
    case 'submitted':
      return {
        titleEn: `Service request ${ref} received`,
        titleZh: `已收到維修申請 ${ref}`,
        en: [`We have received your fault report for machine ${serial}.`, `Under your contract an engineer responds by ${hkTimeText(r.slaDueAt, 'en')} (Hong Kong business hours).`],
        zh: [`我們已收到您就機器 ${serial} 報告的故障。`, `按您的合約，工程師會於 ${hkTimeText(r.slaDueAt, 'zh')} 前回應（以香港辦公時間計算）。`],
      };
    case 'acknowledged':
      return {
        titleEn: `Service request ${ref} acknowledged`,
        titleZh: `維修申請 ${ref} 已確認受理`,
        en: [`Our service desk is arranging an engineer for machine ${serial}.`],
        zh: [`我們的維修服務台正為機器 ${serial} 安排工程師。`],
      };
    case 'engineer_assigned':
    case 'reassigned':
      return {
        titleEn: `Engineer assigned to ${ref}`,
        titleZh: `已為 ${ref} 指派工程師`,
        en: [`${engineer} will attend to machine ${serial}.`, eta ? `Expected arrival: ${eta.en}.` : ''].filter(Boolean),
        zh: [`${engineer} 將會處理機器 ${serial}。`, eta ? `預計到達時間：${eta.zh}。` : ''].filter(Boolean),
      };
    case 'on_site':
      return {
        titleEn: `Engineer on site for ${ref}`,
        titleZh: `工程師已到達處理 ${ref}`,
        en: [`${engineer || 'Our engineer'} has arrived to work on machine ${serial}.`],
        zh: [`${engineer || '我們的工程師'}已到達處理機器 ${serial}。`],
      };
    case 'resolved':
      return {
        titleEn: `Service request ${ref} resolved`,
        titleZh: `維修申請 ${ref} 已完成`,
        en: [`The fault on machine ${serial} has been fixed.`, n ? `Notes: ${n}` : '', `Please confirm the resolution, or reopen the request if the fault is back, within ${REOPEN_WINDOW_DAYS} days.`].filter(Boolean),
        zh: [`機器 ${serial} 的故障已修妥。`, n ? `備註：${n}` : '', `請於${REOPEN_WINDOW_DAYS}日內確認，如故障再次出現，可重開此申請。`].filter(Boolean),
      };
    case 'closed':
      return {
        titleEn: `Service request ${ref} closed`,
        titleZh: `維修申請 ${ref} 已結案`,
        en: [`Service request ${ref} for machine ${serial} is closed. Thank you.`],
        zh: [`機器 ${serial} 的維修申請 ${ref} 已結案，多謝您。`],
      };
    case 'cancelled':
      return {
        titleEn: `Service request ${ref} cancelled`,
        titleZh: `維修申請 ${ref} 已取消`,
        en: [`Service request ${ref} for machine ${serial} was cancelled.`],
        zh: [`機器 ${serial} 的維修申請 ${ref} 已取消。`],
      };
    case 'reopened':
      return {
        titleEn: `Service request ${ref} reopened`,
        titleZh: `維修申請 ${ref} 已重開`,
        en: [`Service request ${ref} for machine ${serial} was reopened. Our service desk will arrange another visit.`, n ? `Reason: ${n}` : ''].filter(Boolean),
        zh: [`機器 ${serial} 的維修申請 ${ref} 已重開，維修服務台會再安排工程師跟進。`, n ? `原因：${n}` : ''].filter(Boolean),
      };
    default:
      return null;
  }
}

/**
 * The customer's users who follow service requests: active, not staff, holding service_req_read / _write (or
 * `all`) for the request's customer through an active group.
 */
function recipientsOf(db: Db, ucpId: string) {
  return queryRows<{ userAcUuid: string; email: string; lang: Locale; wants: boolean }>(db, sql`
    select distinct u.user_ac_uuid as "userAcUuid", u.email, u.preferred_language as lang, coalesce(p.inbox_email, true) as wants
    from user_group_members m
    join user_groups g on g.id = m.group_id and g.status = 'active'
    join user_group_functions f on f.group_id = g.id and f.fn_code in ('service_req_read', 'service_req_write', 'all')
    join user_accounts u on u.user_ac_uuid = m.user_ac_uuid
    join user_customers uc on uc.user_ac_uuid = u.user_ac_uuid and uc.ucp_id = m.ucp_id
    left join user_mail_preferences p on p.user_ac_uuid = u.user_ac_uuid
    where m.ucp_id = ${ucpId} and u.status = 'active' and not u.is_provider_staff`);
}

/**
 * Tells the customer about a step: one inbox message (category `service`) delivered at once to every follower, and
 * for each who takes inbox e-mails, a bilingual e-mail with a deep link to the request (`/service-requests/<id>?ucpid=`).
 */
export async function notifyCustomer(tx: ServiceContext, kind: ServiceEventKind, r: SrRow, note = ''): Promise<void> {
  const [m] = await tx.db.select({ serialNo: machines.serialNo }).from(machines).where(eq(machines.id, r.machineId));
  const t = texts(kind, r, escapeHtml(m?.serialNo ?? ''), note);
  if (!t) return;
  const href = `/service-requests/${r.id}`;
  const html = (lines: string[], link: string) => sanitizeRichText(`${lines.map((l) => `<p>${l}</p>`).join('')}<p><a href="${href}">${link}</a></p>`);
  const now = tx.now();
  const [message] = await tx.db
    .insert(inboxMessages)
    .values({
      titleEn: t.titleEn,
      titleZh: t.titleZh,
      bodyEn: html(t.en, `Open ${r.requestNo}`),
      bodyZh: html(t.zh, `開啟 ${r.requestNo}`),
      category: 'service',
      status: 'sent',
      sendTime: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: inboxMessages.id });
  const people = await recipientsOf(tx.db, r.ucpId);
  if (people.length === 0) return;
  await tx.db
    .insert(inboxDeliveries)
    .values(people.map((p) => ({ messageId: message!.id, userAcUuid: p.userAcUuid, ucpId: r.ucpId, sendTime: now, deliveredAt: now })))
    .onConflictDoNothing();
  const plain = (lines: string[]) => lines.map((l) => l.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")).join('\n');
  for (const p of people) {
    if (!p.email || !p.wants) continue;
    await queueMail(tx, {
      to: p.email,
      template: 'notification',
      locale: p.lang,
      data: { ucpId: r.ucpId, path: href, titleEn: t.titleEn, titleZh: t.titleZh, bodyEn: plain(t.en), bodyZh: plain(t.zh) },
    });
  }
}

