import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { BUILDER_LIMITS, type BuilderStatus } from '@/lib/inboxBuilder/constants';
import type { AudienceOptions, BuilderListItem, BuilderMessage, ListBuilderMessagesBody, MessageDraft } from '@/lib/inboxBuilder/schemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { customers, inboxBroadcasts, inboxBroadcastTargets, inboxDeliveries, inboxMessages, userAccounts, userGroups } from '@/lib/server/db/schema';
import { containsPattern, ilikeLiteral, textSearch } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import { wakeJob } from '@/lib/server/jobs/registry';
import { richTextFromInput, richTextInputOf, sanitizeRichText } from '@/lib/server/sanitize';
import { firstOr404, linkedCustomers, lockVersion } from '@/lib/server/services/common';
import type { RowOf } from '@/lib/server/db/types';

const readCount = sql<number>`(select count(*)::int from ${inboxDeliveries} d where d.message_id = ${inboxMessages.id} and d.is_read)`;

const listColumns = {
  id: inboxMessages.id,
  titleEn: inboxMessages.titleEn,
  titleZh: inboxMessages.titleZh,
  category: inboxMessages.category,
  status: inboxMessages.status,
  audience: inboxBroadcasts.audience,
  sendTime: inboxMessages.sendTime,
  updatedAt: inboxMessages.updatedAt,
  recipients: inboxBroadcasts.recipients,
  readCount,
};

type ListRow = RowOf<typeof listColumns>;

// The columns' CHECK constraints hold category, status and audience to their lists (lib/inboxBuilder/constants.ts).
const toItem = (r: ListRow): BuilderListItem => ({
  id: r.id,
  titleEn: r.titleEn,
  titleZh: r.titleZh,
  category: r.category,
  status: r.status,
  audience: r.audience,
  sendTime: r.sendTime ? r.sendTime.toISOString() : null,
  updatedAt: r.updatedAt.toISOString(),
  recipients: r.recipients,
  readCount: Number(r.readCount),
});

/** Composed messages (those with a broadcast row), newest change first. */
export async function listBuilderMessages(ctx: ServiceContext, body: ListBuilderMessagesBody) {
  const where: SQL[] = [];
  const f = body.filter ?? {};
  if (f.status?.length) where.push(inArray(inboxMessages.status, f.status));
  if (f.q) where.push(textSearch(f.q, [inboxMessages.titleEn, inboxMessages.titleZh]));
  const dir = body.sort?.direction === 'asc' ? asc : desc;
  const field = body.sort?.field ?? 'updatedAt';
  const col = field === 'sendTime' ? inboxMessages.sendTime : field === 'status' ? inboxMessages.status : inboxMessages.updatedAt;
  const q = ctx.db
    .select({ ...listColumns, __total: totalCount() })
    .from(inboxMessages)
    .innerJoin(inboxBroadcasts, eq(inboxBroadcasts.messageId, inboxMessages.id))
    .where(where.length ? and(...where) : undefined)
    .orderBy(sql`${dir(col)} nulls last`, desc(inboxMessages.updatedAt), asc(inboxMessages.id));
  return paginate(q, body, toItem);
}

export async function getBuilderMessage(ctx: ServiceContext, id: string): Promise<BuilderMessage> {
  const row = await firstOr404(ctx.db
    .select({
      ...listColumns,
      bodyEn: inboxMessages.bodyEn,
      bodyZh: inboxMessages.bodyZh,
      linkPath: inboxBroadcasts.linkPath,
      notifyByEmail: inboxBroadcasts.notifyByEmail,
      deliveredAt: inboxBroadcasts.deliveredAt,
      createdByName: userAccounts.name,
    })
    .from(inboxMessages)
    .innerJoin(inboxBroadcasts, eq(inboxBroadcasts.messageId, inboxMessages.id))
    .leftJoin(userAccounts, eq(userAccounts.userAcUuid, inboxMessages.createdBy))
    .where(eq(inboxMessages.id, id)));
  const targetCustomers = await linkedCustomers(ctx.db, inboxBroadcastTargets.ucpId, eq(inboxBroadcastTargets.messageId, id));
  const targetGroups = await ctx.db
    .select({ id: userGroups.id, nameEn: userGroups.nameEn, nameZh: userGroups.nameZh })
    .from(inboxBroadcastTargets)
    .innerJoin(userGroups, eq(userGroups.id, inboxBroadcastTargets.groupId))
    .where(eq(inboxBroadcastTargets.messageId, id))
    .orderBy(asc(userGroups.code));
  return {
    ...toItem(row),
    bodyEn: sanitizeRichText(row.bodyEn),
    bodyZh: sanitizeRichText(row.bodyZh),
    bodyEnInput: richTextInputOf(row.bodyEn),
    bodyZhInput: richTextInputOf(row.bodyZh),
    linkPath: row.linkPath ?? '',
    notifyByEmail: row.notifyByEmail,
    deliveredAt: row.deliveredAt ? row.deliveredAt.toISOString() : null,
    createdByName: row.createdByName ?? null,
    customers: targetCustomers.map(({ ucpId, ...names }) => ({ id: ucpId, ...names })),
    groups: targetGroups,
  };
}

/**
 * Active customers and customer groups matching `q` (a customer: its UCP id or either name; a group: its code or
 * either name), for the audience pickers. The provider's own party is not a customer and is never offered.
 */
export async function audienceOptions(ctx: ServiceContext, q: string | undefined): Promise<AudienceOptions> {
  const p = q ? containsPattern(q) : null;
  const custs = await ctx.db
    .select({ id: customers.ucpId, nameEn: customers.nameEn, nameZh: customers.nameZh })
    .from(customers)
    .where(and(eq(customers.status, 'active'), eq(customers.isProvider, false), p ? or(ilikeLiteral(customers.ucpId, p), ilikeLiteral(customers.nameEn, p), ilikeLiteral(customers.nameZh, p)) : undefined))
    .orderBy(asc(customers.ucpId))
    .limit(20);
  const groups = await ctx.db
    .select({ id: userGroups.id, nameEn: userGroups.nameEn, nameZh: userGroups.nameZh })
    .from(userGroups)
    .where(
      and(
        eq(userGroups.status, 'active'),
        eq(userGroups.groupType, 'customer'),
        p ? or(ilikeLiteral(userGroups.code, p), ilikeLiteral(userGroups.nameEn, p), ilikeLiteral(userGroups.nameZh, p)) : undefined,
      ),
    )
    .orderBy(asc(userGroups.code))
    .limit(20);
  return { customers: custs, groups };
}

type Targets = { ucpIds: string[]; groupIds: string[] };

/**
 * The chosen customers must exist, be active and be customers (not the provider's own party, whose "users" are staff
 * and would receive nothing); the chosen groups must exist, be active and be customer groups (not provider staff groups). 400 VALIDATION on `customerIds` / `groupIds`
 * (`prefix` names the draft inside a larger body, e.g. `draft.`).
 */
async function assertTargets(ctx: ServiceContext, t: Targets, prefix = ''): Promise<void> {
  if (t.ucpIds.length) {
    const found = await ctx.db
      .select({ id: customers.ucpId, isProvider: customers.isProvider })
      .from(customers)
      .where(and(inArray(customers.ucpId, t.ucpIds), eq(customers.status, 'active')));
    if (found.some((c) => c.isProvider)) throw new AppError('VALIDATION', { fields: { [`${prefix}customerIds`]: ['inbox-builder:validation.providerNotCustomer'] } });
    if (found.length !== t.ucpIds.length) throw new AppError('VALIDATION', { fields: { [`${prefix}customerIds`]: ['inbox-builder:validation.unknownCustomer'] } });
  }
  if (t.groupIds.length) {
    const found = await ctx.db
      .select({ id: userGroups.id, groupType: userGroups.groupType })
      .from(userGroups)
      .where(and(inArray(userGroups.id, t.groupIds), eq(userGroups.status, 'active')));
    // A provider staff group is not an audience (the picker offers customer groups only): a message to one reached the
    // staff's inboxes and mail (QA).
    if (found.some((g) => g.groupType === 'provider')) throw new AppError('VALIDATION', { fields: { [`${prefix}groupIds`]: ['inbox-builder:validation.providerGroup'] } });
    if (found.length !== t.groupIds.length) throw new AppError('VALIDATION', { fields: { [`${prefix}groupIds`]: ['inbox-builder:validation.unknownGroup'] } });
  }
}

/** The draft's targets, checked (assertTargets); the list that does not apply to the audience is dropped. */
async function checkedTargets(ctx: ServiceContext, draft: MessageDraft, prefix = ''): Promise<Targets> {
  const targets = {
    ucpIds: draft.audience === 'customers' ? [...new Set(draft.customerIds)] : [],
    groupIds: draft.audience === 'groups' ? [...new Set(draft.groupIds)] : [],
  };
  await assertTargets(ctx, targets, prefix);
  return targets;
}

/**
 * What is stored of a draft: bodies sanitized on write (and again on every read); a body typed as plain text keeps its
 * paragraphs and line breaks (`richTextFromInput`).
 */
const messageValues = (draft: MessageDraft) => ({
  titleEn: draft.titleEn,
  titleZh: draft.titleZh,
  bodyEn: richTextFromInput(draft.bodyEn),
  bodyZh: richTextFromInput(draft.bodyZh),
  category: draft.category,
});

async function writeTargets(ctx: ServiceContext, messageId: string, t: Targets) {
  await ctx.db.delete(inboxBroadcastTargets).where(eq(inboxBroadcastTargets.messageId, messageId));
  const rows = [...t.ucpIds.map((ucpId) => ({ messageId, ucpId })), ...t.groupIds.map((groupId) => ({ messageId, groupId }))];
  if (rows.length) await ctx.db.insert(inboxBroadcastTargets).values(rows);
}

const auditShape = (draft: MessageDraft, t: Targets) => ({
  titleEn: draft.titleEn,
  titleZh: draft.titleZh,
  category: draft.category,
  audience: draft.audience,
  customerIds: t.ucpIds,
  groupIds: t.groupIds,
  linkPath: draft.linkPath,
  notifyByEmail: draft.notifyByEmail,
});

export async function createBuilderMessage(ctx: ServiceContext, draft: MessageDraft): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const targets = await checkedTargets(tx, draft);
    const [msg] = await tx.db
      .insert(inboxMessages)
      .values({ ...messageValues(draft), status: 'draft', createdBy: tx.actor.userAcUuid, createdAt: tx.now(), updatedAt: tx.now() })
      .returning({ id: inboxMessages.id });
    const id = msg!.id;
    await tx.db.insert(inboxBroadcasts).values({
      messageId: id,
      audience: draft.audience,
      linkPath: draft.linkPath || null,
      notifyByEmail: draft.notifyByEmail,
      updatedBy: tx.actor.userAcUuid,
    });
    await writeTargets(tx, id, targets);
    await audit(tx, { action: 'create', entity: 'inbox_message', entityId: id, after: auditShape(draft, targets) });
    return { id };
  });
}

/** Locks the message row; 404 when it is not a composed message, 409 when it is not in `expected` state. */
async function lockMessage(ctx: ServiceContext, id: string, expected: BuilderStatus) {
  const row = await firstOr404(ctx.db
    .select({ status: inboxMessages.status, claimedAt: inboxBroadcasts.claimedAt, sendTime: inboxMessages.sendTime, updatedAt: inboxMessages.updatedAt })
    .from(inboxMessages)
    .innerJoin(inboxBroadcasts, eq(inboxBroadcasts.messageId, inboxMessages.id))
    .where(eq(inboxMessages.id, id))
    .for('update'));
  if (row.status !== expected) throw new AppError('MESSAGE_NOT_DRAFT');
  return row;
}

/** Whether saving `draft` would change nothing of the stored message `before` (bodies compared as stored: sanitized). */
function unchanged(before: BuilderMessage, draft: MessageDraft, t: Targets): boolean {
  const v = messageValues(draft);
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
  return (
    before.titleEn === v.titleEn &&
    before.titleZh === v.titleZh &&
    before.bodyEn === sanitizeRichText(v.bodyEn) &&
    before.bodyZh === sanitizeRichText(v.bodyZh) &&
    before.category === v.category &&
    before.audience === draft.audience &&
    before.linkPath === draft.linkPath &&
    before.notifyByEmail === draft.notifyByEmail &&
    same(before.customers.map((c) => c.id), t.ucpIds) &&
    same(before.groups.map((g) => g.id), t.groupIds)
  );
}

/** Replaces a locked draft's content (in `tx`); nothing is written or audited when nothing changes. */
async function writeDraft(tx: ServiceContext, id: string, draft: MessageDraft, prefix = '', updatedAt: Date = tx.now()): Promise<void> {
  const before = await getBuilderMessage(tx, id);
  const targets = await checkedTargets(tx, draft, prefix);
  if (unchanged(before, draft, targets)) return;
  await tx.db.update(inboxMessages).set({ ...messageValues(draft), updatedAt }).where(eq(inboxMessages.id, id));
  await tx.db
    .update(inboxBroadcasts)
    .set({ audience: draft.audience, linkPath: draft.linkPath || null, notifyByEmail: draft.notifyByEmail, updatedBy: tx.actor.userAcUuid })
    .where(eq(inboxBroadcasts.messageId, id));
  await writeTargets(tx, id, targets);
  await audit(tx, {
    action: 'update',
    entity: 'inbox_message',
    entityId: id,
    before: { titleEn: before.titleEn, titleZh: before.titleZh, audience: before.audience, customerIds: before.customers.map((c) => c.id), groupIds: before.groups.map((g) => g.id) },
    after: auditShape(draft, targets),
  });
}

/**
 * `version`: the draft's `updatedAt` as the edit form loaded it (409 RECORD_CHANGED when saved since: lockVersion).
 * Field errors name their path in the body (`draft.customerIds`, as the body schema's `draft.titleEn`); the edit form
 * maps them back onto its fields (EntityForm).
 */
export async function updateBuilderMessage(ctx: ServiceContext, id: string, draft: MessageDraft, version: string): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    await lockMessage(tx, id, 'draft');
    const updatedAt = await lockVersion(tx, inboxMessages, inboxMessages, id, version);
    await writeDraft(tx, id, draft, 'draft.', updatedAt);
    return { id };
  });
}

/** What the staff saw when pressing Send (sendMessageSchema): the form's draft, or the version of the message shown. */
export type SendAs = { draft?: MessageDraft; updatedAt?: string };

/**
 * draft → scheduled, at `sendAt` or now (a past time means now). The delivery job does the rest. With `as.draft` the
 * draft is saved first in the same transaction (a failure of either leaves the message as it was); with
 * `as.updatedAt`, a message changed since that version is refused (409 CONFLICT), so what is sent is what was shown.
 * The stored audience is checked again (a customer may have become inactive since the draft was saved, and a draft
 * saved before the provider party was refused may name it).
 */
export async function sendBuilderMessage(ctx: ServiceContext, id: string, sendAt?: string, as: SendAs = {}): Promise<{ id: string; status: 'scheduled'; sendTime: string }> {
  const now = ctx.now();
  const requested = sendAt ? new Date(sendAt) : now;
  if (requested.getTime() > now.getTime() + BUILDER_LIMITS.maxScheduleDays * 86_400_000) {
    throw new AppError('VALIDATION', { fields: { sendAt: ['inbox-builder:validation.sendAtTooFar'] } });
  }
  const sendTime = requested.getTime() < now.getTime() ? now : requested;
  const result = await inTransaction(ctx, async (tx) => {
    const row = await lockMessage(tx, id, 'draft');
    if (as.updatedAt !== undefined && row.updatedAt.getTime() !== Date.parse(as.updatedAt)) {
      throw new AppError('CONFLICT', { message: 'the message changed since the screen loaded it' });
    }
    if (as.draft) await writeDraft(tx, id, as.draft, 'draft.');
    else await assertTargets(tx, await storedTargets(tx, id));
    await tx.db.update(inboxMessages).set({ status: 'scheduled', sendTime, updatedAt: now }).where(eq(inboxMessages.id, id));
    await tx.db.update(inboxBroadcasts).set({ claimedBy: null, claimedAt: null, updatedBy: tx.actor.userAcUuid }).where(eq(inboxBroadcasts.messageId, id));
    await audit(tx, { action: 'schedule', entity: 'inbox_message', entityId: id, before: { status: 'draft' }, after: { status: 'scheduled', sendTime: sendTime.toISOString() } });
    return { id, status: 'scheduled' as const, sendTime: sendTime.toISOString() };
  });
  if (sendTime.getTime() <= now.getTime()) wakeJob('inbox-deliver');
  return result;
}

/** The customers and groups a stored message is addressed to. */
async function storedTargets(ctx: ServiceContext, id: string): Promise<Targets> {
  const rows = await ctx.db.select({ ucpId: inboxBroadcastTargets.ucpId, groupId: inboxBroadcastTargets.groupId }).from(inboxBroadcastTargets).where(eq(inboxBroadcastTargets.messageId, id));
  return { ucpIds: rows.flatMap((r) => (r.ucpId ? [r.ucpId] : [])), groupIds: rows.flatMap((r) => (r.groupId ? [r.groupId] : [])) };
}

/** scheduled → draft, only while no instance has started delivering it. */
export async function unscheduleBuilderMessage(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const row = await lockMessage(tx, id, 'scheduled');
    if (row.claimedAt) throw new AppError('MESSAGE_NOT_DRAFT');
    await tx.db.update(inboxMessages).set({ status: 'draft', sendTime: null, updatedAt: tx.now() }).where(eq(inboxMessages.id, id));
    await audit(tx, { action: 'unschedule', entity: 'inbox_message', entityId: id, before: { status: 'scheduled', sendTime: row.sendTime?.toISOString() ?? null }, after: { status: 'draft' } });
    return { id };
  });
}

