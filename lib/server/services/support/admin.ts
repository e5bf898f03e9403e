/**
 * Staff maintenance of help articles, FAQ entries and useful links (docs/support.md). Bodies and answers are sanitized
 * on write (and again on read); their plain text is kept beside them for search. Every write is audited.
 */
import { and, asc, desc, eq, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SupportTopic } from '@/lib/support/constants';
import type {
  ArticleFields,
  ArticleRecord,
  ArticleRow,
  FaqFields,
  FaqRecord,
  FaqRow,
  LinkFields,
  LinkRecord,
  LinkRow,
  ListContentBody,
  ListLinksBody,
} from '@/lib/support/schemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { faqEntries, helpArticles, usefulLinks } from '@/lib/server/db/schema';
import { containsPattern, ilikeLiteral } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import { helpHtmlToText, safeHref, sanitizeHelpHtml } from '@/lib/server/sanitize';
import { firstOr404 } from '@/lib/server/services/common';

const published = (v: 'yes' | 'no' | undefined, column: AnyColumn) => (v ? eq(column, v === 'yes') : undefined);

// ── Articles ─────────────────────────────────────────────────────────────────────────────────────────────────────

const articleValues = (f: ArticleFields) => {
  const bodyEn = sanitizeHelpHtml(f.bodyEn);
  const bodyZh = sanitizeHelpHtml(f.bodyZh);
  // A body that sanitizes to nothing (only a <script>) is not an article.
  if (!bodyEn) throw new AppError('VALIDATION', { message: 'empty body', fields: { bodyEn: ['supportAdmin:errors.bodyEmpty'] } });
  if (!bodyZh) throw new AppError('VALIDATION', { message: 'empty body', fields: { bodyZh: ['supportAdmin:errors.bodyEmpty'] } });
  return { ...f, bodyEn, bodyZh, textEn: helpHtmlToText(bodyEn), textZh: helpHtmlToText(bodyZh) };
};

const articleRecord = (r: typeof helpArticles.$inferSelect): ArticleRecord => ({
  id: r.id,
  topic: r.topic as SupportTopic,
  titleEn: r.titleEn,
  titleZh: r.titleZh,
  summaryEn: r.summaryEn,
  summaryZh: r.summaryZh,
  bodyEn: sanitizeHelpHtml(r.bodyEn),
  bodyZh: sanitizeHelpHtml(r.bodyZh),
  sortOrder: r.sortOrder,
  published: r.published,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listArticles(ctx: ServiceContext, body: ListContentBody) {
  const f = body.filter ?? {};
  const where: (SQL | undefined)[] = [f.topic ? eq(helpArticles.topic, f.topic) : undefined, published(f.published, helpArticles.published)];
  if (f.q) {
    const p = containsPattern(f.q);
    where.push(or(ilikeLiteral(helpArticles.titleEn, p), ilikeLiteral(helpArticles.titleZh, p)));
  }
  const dir = body.sort?.direction === 'desc' ? desc : asc;
  const field = body.sort?.field ?? 'sortOrder';
  const order =
    field === 'title' ? [dir(helpArticles.titleEn)] : field === 'updatedAt' ? [dir(helpArticles.updatedAt)] : [asc(helpArticles.topic), dir(helpArticles.sortOrder), asc(helpArticles.titleEn)];
  const q = ctx.db
    .select({
      id: helpArticles.id,
      topic: helpArticles.topic,
      titleEn: helpArticles.titleEn,
      titleZh: helpArticles.titleZh,
      sortOrder: helpArticles.sortOrder,
      published: helpArticles.published,
      updatedAt: helpArticles.updatedAt,
      __total: totalCount(),
    })
    .from(helpArticles)
    .where(and(...where))
    .orderBy(...order, asc(helpArticles.id));
  return paginate(q, body, (r): ArticleRow => ({ ...r, topic: r.topic as SupportTopic, updatedAt: r.updatedAt.toISOString() }));
}

async function articleRow(ctx: ServiceContext, id: string) {
  const row = await firstOr404(ctx.db.select().from(helpArticles).where(eq(helpArticles.id, id)));
  return row;
}

export const getArticle = async (ctx: ServiceContext, id: string) => articleRecord(await articleRow(ctx, id));

export async function createArticle(ctx: ServiceContext, fields: ArticleFields): Promise<{ id: string }> {
  const values = articleValues(fields);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(helpArticles)
      .values({ ...values, createdAt: tx.now(), updatedAt: tx.now(), updatedBy: tx.actor.userAcUuid })
      .returning();
    await audit(tx, { action: 'create', entity: 'help_article', entityId: row!.id, after: fields });
    return { id: row!.id };
  });
}

export async function updateArticle(ctx: ServiceContext, body: ArticleFields & { id: string }): Promise<{ id: string }> {
  const { id, ...fields } = body;
  const values = articleValues(fields);
  return inTransaction(ctx, async (tx) => {
    const before = await articleRow(tx, id);
    await tx.db
      .update(helpArticles)
      .set({ ...values, updatedAt: tx.now(), updatedBy: tx.actor.userAcUuid })
      .where(eq(helpArticles.id, id));
    const { createdAt: _c, updatedAt: _u, id: _i, ...was } = articleRecord(before);
    await audit(tx, { action: 'update', entity: 'help_article', entityId: id, before: was, after: fields });
    return { id };
  });
}

// ── FAQ ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const faqValues = (f: FaqFields) => {
  const answerEn = sanitizeHelpHtml(f.answerEn);
  const answerZh = sanitizeHelpHtml(f.answerZh);
  if (!answerEn) throw new AppError('VALIDATION', { message: 'empty answer', fields: { answerEn: ['supportAdmin:errors.bodyEmpty'] } });
  if (!answerZh) throw new AppError('VALIDATION', { message: 'empty answer', fields: { answerZh: ['supportAdmin:errors.bodyEmpty'] } });
  return { ...f, answerEn, answerZh, textEn: helpHtmlToText(answerEn), textZh: helpHtmlToText(answerZh) };
};

const faqRecord = (r: typeof faqEntries.$inferSelect): FaqRecord => ({
  id: r.id,
  category: r.category as SupportTopic,
  questionEn: r.questionEn,
  questionZh: r.questionZh,
  answerEn: sanitizeHelpHtml(r.answerEn),
  answerZh: sanitizeHelpHtml(r.answerZh),
  sortOrder: r.sortOrder,
  published: r.published,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listFaqEntries(ctx: ServiceContext, body: ListContentBody) {
  const f = body.filter ?? {};
  const where: (SQL | undefined)[] = [f.topic ? eq(faqEntries.category, f.topic) : undefined, published(f.published, faqEntries.published)];
  if (f.q) {
    const p = containsPattern(f.q);
    where.push(or(ilikeLiteral(faqEntries.questionEn, p), ilikeLiteral(faqEntries.questionZh, p)));
  }
  const dir = body.sort?.direction === 'desc' ? desc : asc;
  const field = body.sort?.field ?? 'sortOrder';
  const order =
    field === 'title' ? [dir(faqEntries.questionEn)] : field === 'updatedAt' ? [dir(faqEntries.updatedAt)] : [asc(faqEntries.category), dir(faqEntries.sortOrder), asc(faqEntries.questionEn)];
  const q = ctx.db
    .select({
      id: faqEntries.id,
      category: faqEntries.category,
      questionEn: faqEntries.questionEn,
      questionZh: faqEntries.questionZh,
      sortOrder: faqEntries.sortOrder,
      published: faqEntries.published,
      updatedAt: faqEntries.updatedAt,
      __total: totalCount(),
    })
    .from(faqEntries)
    .where(and(...where))
    .orderBy(...order, asc(faqEntries.id));
  return paginate(q, body, (r): FaqRow => ({ ...r, category: r.category as SupportTopic, updatedAt: r.updatedAt.toISOString() }));
}

async function faqRow(ctx: ServiceContext, id: string) {
  const row = await firstOr404(ctx.db.select().from(faqEntries).where(eq(faqEntries.id, id)));
  return row;
}

export const getFaqEntry = async (ctx: ServiceContext, id: string) => faqRecord(await faqRow(ctx, id));

export async function createFaqEntry(ctx: ServiceContext, fields: FaqFields): Promise<{ id: string }> {
  const values = faqValues(fields);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(faqEntries)
      .values({ ...values, createdAt: tx.now(), updatedAt: tx.now(), updatedBy: tx.actor.userAcUuid })
      .returning({ id: faqEntries.id });
    await audit(tx, { action: 'create', entity: 'faq_entry', entityId: row!.id, after: fields });
    return { id: row!.id };
  });
}

export async function updateFaqEntry(ctx: ServiceContext, body: FaqFields & { id: string }): Promise<{ id: string }> {
  const { id, ...fields } = body;
  const values = faqValues(fields);
  return inTransaction(ctx, async (tx) => {
    const before = await faqRow(tx, id);
    await tx.db
      .update(faqEntries)
      .set({ ...values, updatedAt: tx.now(), updatedBy: tx.actor.userAcUuid })
      .where(eq(faqEntries.id, id));
    const { createdAt: _c, updatedAt: _u, id: _i, ...was } = faqRecord(before);
    await audit(tx, { action: 'update', entity: 'faq_entry', entityId: id, before: was, after: fields });
    return { id };
  });
}

// ── Useful links ─────────────────────────────────────────────────────────────────────────────────────────────────

const linkValues = (f: LinkFields): LinkFields => {
  const link = safeHref(f.url);
  if (!link) throw new AppError('VALIDATION', { message: 'unsafe url', fields: { url: ['supportAdmin:errors.url'] } });
  return { ...f, url: link.href };
};

const linkRecord = (r: typeof usefulLinks.$inferSelect): LinkRecord => ({
  id: r.id,
  titleEn: r.titleEn,
  titleZh: r.titleZh,
  descriptionEn: r.descriptionEn,
  descriptionZh: r.descriptionZh,
  url: r.url,
  sortOrder: r.sortOrder,
  published: r.published,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listLinks(ctx: ServiceContext, body: ListLinksBody) {
  const f = body.filter ?? {};
  const where: (SQL | undefined)[] = [published(f.published, usefulLinks.published)];
  if (f.q) {
    const p = containsPattern(f.q);
    where.push(or(ilikeLiteral(usefulLinks.titleEn, p), ilikeLiteral(usefulLinks.titleZh, p), ilikeLiteral(usefulLinks.url, p)));
  }
  const dir = body.sort?.direction === 'desc' ? desc : asc;
  const field = body.sort?.field ?? 'sortOrder';
  const order = field === 'title' ? [dir(usefulLinks.titleEn)] : field === 'updatedAt' ? [dir(usefulLinks.updatedAt)] : [dir(usefulLinks.sortOrder), asc(usefulLinks.titleEn)];
  const q = ctx.db
    .select({
      id: usefulLinks.id,
      titleEn: usefulLinks.titleEn,
      titleZh: usefulLinks.titleZh,
      url: usefulLinks.url,
      sortOrder: usefulLinks.sortOrder,
      published: usefulLinks.published,
      updatedAt: usefulLinks.updatedAt,
      __total: totalCount(),
    })
    .from(usefulLinks)
    .where(and(...where))
    .orderBy(...order, asc(usefulLinks.id));
  return paginate(q, body, (r): LinkRow => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

async function linkRow(ctx: ServiceContext, id: string) {
  const row = await firstOr404(ctx.db.select().from(usefulLinks).where(eq(usefulLinks.id, id)));
  return row;
}

export const getLink = async (ctx: ServiceContext, id: string) => linkRecord(await linkRow(ctx, id));

export async function createLink(ctx: ServiceContext, fields: LinkFields): Promise<{ id: string }> {
  const values = linkValues(fields);
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(usefulLinks)
      .values({ ...values, createdAt: tx.now(), updatedAt: tx.now(), updatedBy: tx.actor.userAcUuid })
      .returning({ id: usefulLinks.id });
    await audit(tx, { action: 'create', entity: 'useful_link', entityId: row!.id, after: values });
    return { id: row!.id };
  });
}

export async function updateLink(ctx: ServiceContext, body: LinkFields & { id: string }): Promise<{ id: string }> {
  const { id, ...fields } = body;
  const values = linkValues(fields);
  return inTransaction(ctx, async (tx) => {
    const before = await linkRow(tx, id);
    await tx.db
      .update(usefulLinks)
      .set({ ...values, updatedAt: tx.now(), updatedBy: tx.actor.userAcUuid })
      .where(eq(usefulLinks.id, id));
    const { createdAt: _c, updatedAt: _u, id: _i, ...was } = linkRecord(before);
    await audit(tx, { action: 'update', entity: 'useful_link', entityId: id, before: was, after: values });
    return { id };
  });
}
