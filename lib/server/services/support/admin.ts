/**
 * Staff maintenance of help articles, FAQ entries and useful links (docs/support.md). Bodies and answers are sanitized
 * on write (and again on read); their plain text is kept beside them for search. Every write is audited.
 */
import { and, asc, desc, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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
import { textSearch } from '@/lib/server/db/like';
import { paginate, totalCount } from '@/lib/server/db/paginate';
import { AppError } from '@/lib/server/errors';
import { getMailSettings } from '@/lib/server/mail/settings';
import { helpHtmlPair, helpLinkTargets, safeHref, sanitizeHelpHtml } from '@/lib/server/sanitize';
import { firstOr404, lockVersion } from '@/lib/server/services/common';
import { msg } from '@/lib/zodMessages';
import { deadPortalLinks } from './articleLinks';
import { trimBlank } from '@/lib/zodText';

const published = (v: 'yes' | 'no' | undefined, column: AnyColumn) => (v ? eq(column, v === 'yes') : undefined);

/** A list's order: by title, by last update, or (the default) the content's own order; the id breaks ties, so that pages neither repeat nor skip rows. */
function listOrder(sort: ListContentBody['sort'], title: AnyColumn, updatedAt: AnyColumn, byDefault: (dir: typeof asc) => SQL[], id: AnyColumn) {
  const dir = sort?.direction === 'desc' ? desc : asc;
  const field = sort?.field ?? 'sortOrder';
  const order = field === 'title' ? [dir(title)] : field === 'updatedAt' ? [dir(updatedAt)] : byDefault(dir);
  return [...order, asc(id)];
}

type ContentTable = typeof helpArticles | typeof faqEntries | typeof usefulLinks;

/** The publishing columns every kind of content has (`publishedContentColumns` of the schema), as a staff list reads them. */
const publishingColumns = (t: ContentTable) => ({ sortOrder: t.sortOrder, published: t.published, updatedAt: t.updatedAt, __total: totalCount() });

/** The same columns in a record of any kind, as the edit and view pages read them. */
const publishingRecord = (r: { sortOrder: number; published: boolean; createdAt: Date; updatedAt: Date }) => ({
  sortOrder: r.sortOrder,
  published: r.published,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The query of the staff list of help articles or of FAQ entries, the same on either table: filtered by topic,
 * publishing and the words of the title, in the content's own order (topic, sort order, English title) unless sorted
 * by title or by last update. `fields` are the topic and the title as the list answers them (an FAQ entry's category
 * and question); `by` says which of them is the topic and which the title.
 */
function topicListQuery<S extends Record<string, PgColumn>>(
  ctx: ServiceContext,
  body: ListContentBody,
  table: typeof helpArticles | typeof faqEntries,
  fields: S,
  by: { topic: PgColumn; title: readonly [en: PgColumn, zh: PgColumn] },
) {
  const f = body.filter ?? {};
  const [titleEn] = by.title;
  const where: (SQL | undefined)[] = [f.topic ? eq(by.topic, f.topic) : undefined, published(f.published, table.published)];
  if (f.q) where.push(textSearch(f.q, by.title));
  const order = listOrder(body.sort, titleEn, table.updatedAt, (dir) => [asc(by.topic), dir(table.sortOrder), asc(titleEn)], table.id);
  return ctx.db
    .select({ id: table.id, ...fields, ...publishingColumns(table) })
    .from(table)
    .where(and(...where))
    .orderBy(...order);
}

/** Stands for each of the three in the queries of contentWrites (see there). */
type Table = typeof usefulLinks;
const asRow = (values: object) => values as Table['$inferInsert'];

/**
 * Reading one row, creating and updating, the same for the three kinds of content: `values` checks and cleans the
 * fields (sanitized bodies and their plain text, a safe link), `record` shows a row, and every write is audited as
 * `entity` with the fields as sent, or with the cleaned ones where `auditValues` says so.
 */
function contentWrites<T extends ContentTable, F extends object, V extends object, R extends { id: string; createdAt: string; updatedAt: string }>(spec: {
  table: T;
  entity: string;
  values: (fields: F) => V;
  record: (row: T['$inferSelect']) => R;
  auditValues?: boolean;
}) {
  // The three tables share the columns written here (id, created/updated at and by); drizzle cannot type a query on
  // a union of tables, so the queries are typed as on one of them.
  const table = spec.table as unknown as Table;
  const row = (ctx: ServiceContext, id: string): Promise<T['$inferSelect']> => firstOr404(ctx.db.select().from(table).where(eq(table.id, id)));
  const get = async (ctx: ServiceContext, id: string) => spec.record(await row(ctx, id));
  const create = async (ctx: ServiceContext, fields: F): Promise<{ id: string }> => {
    const values = spec.values(fields);
    return inTransaction(ctx, async (tx) => {
      const [created] = await tx.db
        .insert(table)
        .values(asRow({ ...values, createdAt: tx.now(), updatedAt: tx.now(), updatedBy: tx.actor.userAcUuid }))
        .returning({ id: table.id });
      await audit(tx, { action: 'create', entity: spec.entity, entityId: created!.id, after: spec.auditValues ? values : fields });
      return { id: created!.id };
    });
  };
  const update = async (ctx: ServiceContext, body: F & { id: string; version: string }): Promise<{ id: string }> => {
    const { id, version, ...fields } = body;
    const values = spec.values(fields as F);
    return inTransaction(ctx, async (tx) => {
      const updatedAt = await lockVersion(tx, table, table as unknown as { id: PgColumn; updatedAt: PgColumn }, id, version);
      const before = await row(tx, id);
      await tx.db
        .update(table)
        .set(asRow({ ...values, updatedAt, updatedBy: tx.actor.userAcUuid }))
        .where(eq(table.id, id));
      const { createdAt: _c, updatedAt: _u, id: _i, ...was } = spec.record(before);
      await audit(tx, { action: 'update', entity: spec.entity, entityId: id, before: was, after: spec.auditValues ? values : fields });
      return { id };
    });
  };
  return { get, create, update };
}

// ── Articles ─────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A bilingual rich body (an article's body, an FAQ answer) sanitized, with its plain text. A body that sanitizes to
 * nothing (only a <script>) is refused on its field (`fields`: the English and the Chinese field's name).
 */
function helpBody(en: string, zh: string, fields: readonly [string, string], message: string) {
  const { en: cleanEn, zh: cleanZh, ...text } = helpHtmlPair(en, zh);
  if (!cleanEn) throw new AppError('VALIDATION', { message, fields: { [fields[0]]: ['supportAdmin:errors.bodyEmpty'] } });
  if (!cleanZh) throw new AppError('VALIDATION', { message, fields: { [fields[1]]: ['supportAdmin:errors.bodyEmpty'] } });
  // Markup without a word or an image (`<p></p>` left in the HTML mode, `<p>&nbsp;</p>`, a zero-width space) would be
  // published as an empty article or answer.
  if (isBlank(cleanEn, text.textEn)) throw new AppError('VALIDATION', { message, fields: { [fields[0]]: ['supportAdmin:errors.bodyBlank'] } });
  if (isBlank(cleanZh, text.textZh)) throw new AppError('VALIDATION', { message, fields: { [fields[1]]: ['supportAdmin:errors.bodyBlank'] } });
  return { en: cleanEn, zh: cleanZh, text };
}

const isBlank = (html: string, plain: string) => !/<img\b/.test(html) && trimBlank(plain) === '';

/**
 * A bilingual body's links that stay on the portal must lead to a page of it (`deadPortalLinks`): each body's are
 * refused on its field, naming them (`supportAdmin:errors.bodyLinkPage`). The portal's own origin is its public
 * address (the one its e-mails link to). Articles and FAQ answers alike: both are published to customers.
 */
function checkPortalLinks(en: string, zh: string, names: readonly [string, string], message: string) {
  const origin = new URL(getMailSettings().publicUrl).origin;
  const fields: Record<string, string[]> = {};
  for (const [html, name] of [[en, names[0]], [zh, names[1]]] as const) {
    const dead = deadPortalLinks(helpLinkTargets(html), origin);
    if (dead.length) fields[name] = [msg('supportAdmin:errors.bodyLinkPage', { links: dead })];
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION', { message, fields });
}

const articleValues = (f: ArticleFields) => {
  const body = helpBody(f.bodyEn, f.bodyZh, ['bodyEn', 'bodyZh'], 'empty body');
  checkPortalLinks(f.bodyEn, f.bodyZh, ['bodyEn', 'bodyZh'], 'article links to no portal page');
  return { ...f, bodyEn: body.en, bodyZh: body.zh, ...body.text };
};

const articleRecord = (r: typeof helpArticles.$inferSelect): ArticleRecord => ({
  id: r.id,
  topic: r.topic,
  titleEn: r.titleEn,
  titleZh: r.titleZh,
  summaryEn: r.summaryEn,
  summaryZh: r.summaryZh,
  bodyEn: sanitizeHelpHtml(r.bodyEn),
  bodyZh: sanitizeHelpHtml(r.bodyZh),
  ...publishingRecord(r),
});

export async function listArticles(ctx: ServiceContext, body: ListContentBody) {
  const { topic, titleEn, titleZh } = helpArticles;
  const q = topicListQuery(ctx, body, helpArticles, { topic, titleEn, titleZh }, { topic, title: [titleEn, titleZh] });
  return paginate(q, body, (r): ArticleRow => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

export const { get: getArticle, create: createArticle, update: updateArticle } = contentWrites({ table: helpArticles, entity: 'help_article', values: articleValues, record: articleRecord });

// ── FAQ ──────────────────────────────────────────────────────────────────────────────────────────────────────────

const faqValues = (f: FaqFields) => {
  const answer = helpBody(f.answerEn, f.answerZh, ['answerEn', 'answerZh'], 'empty answer');
  checkPortalLinks(f.answerEn, f.answerZh, ['answerEn', 'answerZh'], 'answer links to no portal page');
  return { ...f, answerEn: answer.en, answerZh: answer.zh, ...answer.text };
};

const faqRecord = (r: typeof faqEntries.$inferSelect): FaqRecord => ({
  id: r.id,
  category: r.category,
  questionEn: r.questionEn,
  questionZh: r.questionZh,
  answerEn: sanitizeHelpHtml(r.answerEn),
  answerZh: sanitizeHelpHtml(r.answerZh),
  ...publishingRecord(r),
});

export async function listFaqEntries(ctx: ServiceContext, body: ListContentBody) {
  const { category, questionEn, questionZh } = faqEntries;
  const q = topicListQuery(ctx, body, faqEntries, { category, questionEn, questionZh }, { topic: category, title: [questionEn, questionZh] });
  return paginate(q, body, (r): FaqRow => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

export const { get: getFaqEntry, create: createFaqEntry, update: updateFaqEntry } = contentWrites({ table: faqEntries, entity: 'faq_entry', values: faqValues, record: faqRecord });

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
  ...publishingRecord(r),
});

export async function listLinks(ctx: ServiceContext, body: ListLinksBody) {
  const f = body.filter ?? {};
  const where: (SQL | undefined)[] = [published(f.published, usefulLinks.published)];
  if (f.q) where.push(textSearch(f.q, [usefulLinks.titleEn, usefulLinks.titleZh, usefulLinks.url]));
  const order = listOrder(body.sort, usefulLinks.titleEn, usefulLinks.updatedAt, (dir) => [dir(usefulLinks.sortOrder), asc(usefulLinks.titleEn)], usefulLinks.id);
  const q = ctx.db
    .select({
      id: usefulLinks.id,
      titleEn: usefulLinks.titleEn,
      titleZh: usefulLinks.titleZh,
      url: usefulLinks.url,
      ...publishingColumns(usefulLinks),
    })
    .from(usefulLinks)
    .where(and(...where))
    .orderBy(...order);
  return paginate(q, body, (r): LinkRow => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
}

export const { get: getLink, create: createLink, update: updateLink } = contentWrites({ table: usefulLinks, entity: 'useful_link', values: linkValues, record: linkRecord, auditValues: true });
