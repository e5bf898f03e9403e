/**
 * Promotional offers (docs/offers.md). An offer is shown on a customer's home page when it is published, today (Hong
 * Kong) is within [validFrom, validTo], and it targets every customer or that one. Past its validTo a published offer
 * reads as expired everywhere, without a job having to flip it.
 */
import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { hkToday } from '@/lib/dates/hongKong';
import type { HomeOffer, ListOffersBody, OfferDetail, OfferFields, OfferListItem, OfferStatus, UpdateOfferBody } from '@/lib/offers/schemas';
import { canAccess } from '@/lib/permissions/canAccess';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { customers, offerCustomers, offers, storedFiles } from '@/lib/server/db/schema';
import { containsPattern, ilikeLiteral } from '@/lib/server/db/like';
import { outerColumn, paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import type { CheckedFile } from '@/lib/server/uploads';
import { storeUpload } from '@/lib/server/uploads/store';
import { firstOr404, linkedCustomers, lockVersion, switchStatus } from '@/lib/server/services/common';
import { msg } from '@/lib/zodMessages';

/** The status shown: a published offer past its end date is expired. */
const shownStatus = (status: OfferStatus, validTo: string, today: string): OfferStatus =>
  status === 'published' && validTo < today ? 'expired' : status;

const effectiveStatus = (today: string) =>
  sql<string>`case when ${offers.status} = 'published' and ${offers.validTo} < ${today} then 'expired' else ${offers.status} end`;

export async function listOffers(ctx: ServiceContext, body: ListOffersBody) {
  const today = hkToday(ctx.now());
  const where: SQL[] = [];
  const f = body.filter ?? {};
  if (f.status?.length) where.push(inArray(effectiveStatus(today), f.status));
  if (f.target) where.push(eq(offers.target, f.target));
  const p = f.q ? containsPattern(f.q) : null;
  if (p) where.push(or(ilikeLiteral(offers.titleEn, p), ilikeLiteral(offers.titleZh, p))!);
  const dir = body.sort?.direction === 'asc' ? asc : desc;
  const field = body.sort?.field ?? 'validFrom';
  const col = field === 'validTo' ? offers.validTo : field === 'createdAt' ? offers.createdAt : offers.validFrom;
  const q = ctx.db
    .select({
      id: offers.id,
      titleEn: offers.titleEn,
      titleZh: offers.titleZh,
      validFrom: offers.validFrom,
      validTo: offers.validTo,
      target: offers.target,
      status: offers.status,
      imageFileId: offers.imageFileId,
      createdAt: offers.createdAt,
      customerCount: sql<number>`(select count(*)::int from offer_customers oc where oc.offer_id = ${outerColumn(offers.id)})`,
      __total: totalCount(),
    })
    .from(offers)
    .where(where.length ? and(...where) : undefined)
    .orderBy(body.sort ? dir(col) : desc(offers.validFrom), desc(offers.createdAt), asc(offers.id));
  return paginate(q, body, (r): OfferListItem => ({
    id: r.id,
    titleEn: r.titleEn,
    titleZh: r.titleZh,
    validFrom: r.validFrom,
    validTo: r.validTo,
    target: r.target,
    customerCount: r.customerCount,
    status: shownStatus(r.status, r.validTo, today),
    hasImage: r.imageFileId !== null,
    createdAt: r.createdAt.toISOString(),
  }));
}

const offerRow = (ctx: ServiceContext, id: string) => firstOr404(ctx.db.select().from(offers).where(eq(offers.id, id)));

export async function getOffer(ctx: ServiceContext, id: string): Promise<OfferDetail> {
  const row = await offerRow(ctx, id);
  const targets = await linkedCustomers(ctx.db, offerCustomers.ucpId, eq(offerCustomers.offerId, id));
  return {
    id: row.id,
    ...fieldsOf(row, targets.map((t) => t.ucpId)),
    status: shownStatus(row.status, row.validTo, hkToday(ctx.now())),
    storedStatus: row.status,
    hasImage: row.imageFileId !== null,
    customers: targets,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const fieldsOf = (row: typeof offers.$inferSelect, customerIds: string[]): OfferFields => ({
  titleEn: row.titleEn,
  titleZh: row.titleZh,
  descriptionEn: row.descriptionEn,
  descriptionZh: row.descriptionZh,
  validFrom: row.validFrom,
  validTo: row.validTo,
  target: row.target,
  customerIds,
  ctaUrl: row.ctaUrl,
  ctaLabelEn: row.ctaLabelEn,
  ctaLabelZh: row.ctaLabelZh,
});

/** The target customers, by UCP id (case-insensitively); unknown ones or the provider itself are refused on the field. */
async function resolveCustomers(ctx: ServiceContext, fields: OfferFields): Promise<string[]> {
  if (fields.target === 'all') return [];
  const wanted = [...new Set(fields.customerIds.map((id) => id.toUpperCase()))];
  const found = await ctx.db
    .select({ ucpId: customers.ucpId })
    .from(customers)
    .where(and(inArray(sql`upper(${customers.ucpId})`, wanted), eq(customers.isProvider, false)));
  if (found.length !== wanted.length) {
    const known = new Set(found.map((f) => f.ucpId.toUpperCase()));
    const unknown = wanted.filter((w) => !known.has(w));
    // The message names them: in a list of fifty typed ids, "one or more are not customers" left the search to staff.
    throw new AppError('VALIDATION', {
      message: `unknown customers: ${unknown.join(', ')}`,
      fields: { customerIds: [msg('offers:errors.customerUnknown', { ids: unknown })] },
    });
  }
  return found.map((f) => f.ucpId).sort();
}

const columnsOf = (f: OfferFields) => ({
  titleEn: f.titleEn,
  titleZh: f.titleZh,
  descriptionEn: f.descriptionEn,
  descriptionZh: f.descriptionZh,
  validFrom: f.validFrom,
  validTo: f.validTo,
  target: f.target,
  ctaUrl: f.ctaUrl,
  ctaLabelEn: f.ctaUrl ? f.ctaLabelEn : '',
  ctaLabelZh: f.ctaUrl ? f.ctaLabelZh : '',
});

async function setTargets(ctx: ServiceContext, id: string, ucpIds: readonly string[]) {
  await ctx.db.delete(offerCustomers).where(eq(offerCustomers.offerId, id));
  if (ucpIds.length) await ctx.db.insert(offerCustomers).values(ucpIds.map((ucpId) => ({ offerId: id, ucpId })));
}

export async function createOffer(ctx: ServiceContext, body: OfferFields): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const targets = await resolveCustomers(tx, body);
    const [row] = await tx.db
      .insert(offers)
      .values({ ...columnsOf(body), status: 'draft', createdBy: tx.actor.userAcUuid, createdAt: tx.now(), updatedAt: tx.now() })
      .returning({ id: offers.id });
    await setTargets(tx, row!.id, targets);
    await audit(tx, { action: 'create', entity: 'offer', entityId: row!.id, after: { ...columnsOf(body), customerIds: targets } });
    return { id: row!.id };
  });
}

export async function updateOffer(ctx: ServiceContext, body: UpdateOfferBody): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const updatedAt = await lockVersion(tx, offers, offers, body.id, body.version);
    const before = await getOffer(tx, body.id);
    const targets = await resolveCustomers(tx, body.fields);
    await tx.db.update(offers).set({ ...columnsOf(body.fields), updatedAt }).where(eq(offers.id, body.id));
    await setTargets(tx, body.id, targets);
    const { customers: _c, hasImage: _h, status: _s, storedStatus: _ss, publishedAt: _p, createdAt: _ca, updatedAt: _u, id: _id, ...beforeFields } = before;
    void [_c, _h, _s, _ss, _p, _ca, _u, _id];
    await audit(tx, { action: 'update', entity: 'offer', entityId: body.id, before: beforeFields, after: { ...columnsOf(body.fields), customerIds: targets } });
    return { id: body.id };
  });
}

export async function setOfferStatus(ctx: ServiceContext, body: { id: string; status: OfferStatus }) {
  return switchStatus(ctx, {
    ...body,
    entity: 'offer',
    action: (s) => (s === 'published' ? 'publish' : s === 'expired' ? 'expire' : 'unpublish'),
    current: (tx) => firstOr404(tx.db.select().from(offers).where(eq(offers.id, body.id)).for('update')),
    write: (tx) =>
      tx.db
        .update(offers)
        .set({ status: body.status, updatedAt: tx.now(), ...(body.status === 'published' ? { publishedAt: tx.now() } : {}) })
        .where(eq(offers.id, body.id)),
  });
}

export async function setOfferImage(ctx: ServiceContext, id: string, file: CheckedFile): Promise<{ id: string }> {
  return inTransaction(ctx, async (tx) => {
    const before = await firstOr404(tx.db.select().from(offers).where(eq(offers.id, id)).for('update'));
    // Offer images belong to the party the staff user acts for (the provider).
    const storedId = await storeUpload(tx.db, { ucpId: tx.actor.ucpId!, uploadedBy: tx.actor.userAcUuid }, file);
    await tx.db.update(offers).set({ imageFileId: storedId, updatedAt: tx.now() }).where(eq(offers.id, id));
    if (before.imageFileId) await tx.db.delete(storedFiles).where(eq(storedFiles.id, before.imageFileId));
    await audit(tx, { action: 'set_image', entity: 'offer', entityId: id, before: { imageFileId: before.imageFileId }, after: { imageFileId: storedId, fileName: file.fileName, sha256: file.sha256 } });
    return { id };
  });
}

/** Offers visible to a customer today: published, within validity, for all or for it. */
function visibleTo(ucpId: string, today: string): SQL {
  return and(
    eq(offers.status, 'published'),
    lte(offers.validFrom, today),
    gte(offers.validTo, today),
    or(eq(offers.target, 'all'), sql`exists (select 1 from offer_customers oc where oc.offer_id = ${offers.id} and oc.ucp_id = ${ucpId})`),
  )!;
}

export const HOME_OFFER_LIMIT = 6;

export async function listHomeOffers(ctx: ServiceContext): Promise<HomeOffer[]> {
  const ucpId = ctx.actor.ucpId;
  // Offers are for customers: a staff home page (acting for the provider) has none.
  if (!ucpId || ctx.actor.isProviderStaff) return [];
  const rows = await ctx.db
    .select()
    .from(offers)
    .where(visibleTo(ucpId, hkToday(ctx.now())))
    .orderBy(desc(offers.validFrom), desc(offers.publishedAt), asc(offers.id))
    .limit(HOME_OFFER_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    titleEn: r.titleEn,
    titleZh: r.titleZh,
    descriptionEn: r.descriptionEn,
    descriptionZh: r.descriptionZh,
    validTo: r.validTo,
    hasImage: r.imageFileId !== null,
    ctaUrl: r.ctaUrl,
    ctaLabelEn: r.ctaLabelEn,
    ctaLabelZh: r.ctaLabelZh,
  }));
}

/** Staff holding offer_read / _write see any offer's image; anyone else only that of an offer on its home page now. */
export async function getOfferImage(ctx: ServiceContext, id: string): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const staff = ctx.actor.isProviderStaff && canAccess(ctx.actor.codes, ['offer_read', 'offer_write']);
  const where = staff ? eq(offers.id, id) : and(eq(offers.id, id), visibleTo(ctx.actor.ucpId ?? '', hkToday(ctx.now())));
  const row = await firstOr404(ctx.db
    .select({ fileName: storedFiles.fileName, mimeType: storedFiles.mimeType, content: storedFiles.content })
    .from(offers)
    .innerJoin(storedFiles, eq(storedFiles.id, offers.imageFileId))
    .where(where));
  return { fileName: row.fileName, contentType: row.mimeType, body: Buffer.from(row.content) };
}
