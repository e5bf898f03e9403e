/** What customers read in customer support (docs/support.md): published content only, in the reader's language. */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { SUPPORT_TOPICS, type SupportTopic } from '@/lib/support/constants';
import type {
  FaqCategoryGroup,
  FaqSearchResult,
  HelpArticle,
  HelpArticleSummary,
  HelpTopicGroup,
  SearchResult,
  SupportLang,
  UsefulLink,
} from '@/lib/support/schemas';
import type { Actor, ServiceContext } from '@/lib/server/context';
import { faqEntries, helpArticles, usefulLinks } from '@/lib/server/db/schema';
import { safeHref, sanitizeHelpHtml } from '@/lib/server/sanitize';
import { containsTerm, matchedLang, rankedOrder, SEARCH_LIMIT, searchSql, searchTerms, snippetOf } from './search';
import { firstOr404 } from '@/lib/server/services/common';

type AnyCtx = Pick<ServiceContext<Actor | null>, 'db'>;

/** Picks a language's text, falling back to the other when it is empty. */
export const pick = (lang: SupportLang, en: string, zh: string) => (lang === 'tc' ? zh || en : en || zh);

/** Published rows grouped by their topic (an article's topic, an FAQ entry's category), in the topics' fixed order. */
function byTopic<R, I>(rows: R[], topicOf: (r: R) => SupportTopic, item: (r: R) => I): [SupportTopic, I[]][] {
  const groups = new Map<SupportTopic, I[]>();
  for (const r of rows) {
    const topic = topicOf(r);
    const list = groups.get(topic) ?? [];
    list.push(item(r));
    groups.set(topic, list);
  }
  return [...groups.entries()].sort((a, b) => SUPPORT_TOPICS.indexOf(a[0]) - SUPPORT_TOPICS.indexOf(b[0]));
}

const summaryOf = (lang: SupportLang, r: { id: string; topic: SupportTopic; titleEn: string; titleZh: string; summaryEn: string; summaryZh: string }): HelpArticleSummary => ({
  id: r.id,
  topic: r.topic,
  title: pick(lang, r.titleEn, r.titleZh),
  summary: pick(lang, r.summaryEn, r.summaryZh),
});

const summaryColumns = {
  id: helpArticles.id,
  topic: helpArticles.topic,
  titleEn: helpArticles.titleEn,
  titleZh: helpArticles.titleZh,
  summaryEn: helpArticles.summaryEn,
  summaryZh: helpArticles.summaryZh,
};

export async function listHelpTopics(ctx: AnyCtx, lang: SupportLang): Promise<HelpTopicGroup[]> {
  const rows = await ctx.db
    .select(summaryColumns)
    .from(helpArticles)
    .where(eq(helpArticles.published, true))
    .orderBy(asc(helpArticles.sortOrder), asc(lang === 'tc' ? helpArticles.titleZh : helpArticles.titleEn));
  return byTopic(rows, (r) => r.topic, (r) => summaryOf(lang, r)).map(([topic, articles]) => ({ topic, articles }));
}

export async function getHelpArticle(ctx: AnyCtx, id: string, lang: SupportLang): Promise<HelpArticle> {
  const row = await firstOr404(ctx.db
    .select()
    .from(helpArticles)
    .where(and(eq(helpArticles.id, id), eq(helpArticles.published, true))));
  const related = await ctx.db
    .select(summaryColumns)
    .from(helpArticles)
    .where(and(eq(helpArticles.topic, row.topic), eq(helpArticles.published, true), ne(helpArticles.id, id)))
    .orderBy(asc(helpArticles.sortOrder))
    .limit(4);
  return {
    ...summaryOf(lang, row),
    bodyHtml: sanitizeHelpHtml(pick(lang, row.bodyEn, row.bodyZh)),
    updatedAt: row.updatedAt.toISOString(),
    related: related.map((r) => summaryOf(lang, r)),
  };
}

export async function searchHelp(ctx: AnyCtx, q: string, lang: SupportLang): Promise<SearchResult> {
  const terms = searchTerms(q);
  if (terms.length === 0) return { terms, hits: [] };
  const h = helpArticles;
  const { where, score } = searchSql(
    { title: [sql`${h.titleEn}`, sql`${h.titleZh}`], summary: [sql`${h.summaryEn}`, sql`${h.summaryZh}`], body: [sql`${h.textEn}`, sql`${h.textZh}`] },
    terms,
    q.trim(),
  );
  const rows = await ctx.db
    .select({ ...summaryColumns, textEn: h.textEn, textZh: h.textZh, score: sql<number>`${score}`.as('score') })
    .from(h)
    .where(and(eq(h.published, true), where))
    .orderBy(...rankedOrder(h.sortOrder, h.titleEn))
    .limit(SEARCH_LIMIT);
  return {
    terms,
    hits: rows.map((r) => {
      const shown = matchedLang(lang, { en: [r.titleEn, r.summaryEn, r.textEn], tc: [r.titleZh, r.summaryZh, r.textZh] }, terms);
      const text = shown === 'tc' ? r.textZh : r.textEn;
      const summary = shown === 'tc' ? r.summaryZh : r.summaryEn;
      const inText = containsTerm(text, terms);
      return {
        id: r.id,
        topic: r.topic,
        title: pick(shown, r.titleEn, r.titleZh),
        snippet: inText || !summary ? snippetOf(text, terms) : summary,
        matchedLang: shown,
        score: Number(r.score),
      };
    }),
  };
}

export async function listFaq(ctx: AnyCtx, lang: SupportLang): Promise<FaqCategoryGroup[]> {
  const rows = await ctx.db
    .select()
    .from(faqEntries)
    .where(eq(faqEntries.published, true))
    .orderBy(asc(faqEntries.sortOrder), asc(faqEntries.questionEn));
  const item = (r: (typeof rows)[number]): FaqCategoryGroup['items'][number] => ({
    id: r.id,
    category: r.category,
    question: pick(lang, r.questionEn, r.questionZh),
    answerHtml: sanitizeHelpHtml(pick(lang, r.answerEn, r.answerZh)),
  });
  return byTopic(rows, (r) => r.category, item).map(([category, items]) => ({ category, items }));
}

export async function searchFaq(ctx: AnyCtx, q: string, lang: SupportLang): Promise<FaqSearchResult> {
  const terms = searchTerms(q);
  if (terms.length === 0) return { terms, hits: [] };
  const f = faqEntries;
  const { where, score } = searchSql({ title: [sql`${f.questionEn}`, sql`${f.questionZh}`], body: [sql`${f.textEn}`, sql`${f.textZh}`] }, terms, q.trim());
  const rows = await ctx.db
    .select({ row: f, score: sql<number>`${score}`.as('score') })
    .from(f)
    .where(and(eq(f.published, true), where))
    .orderBy(...rankedOrder(f.sortOrder, f.questionEn))
    .limit(SEARCH_LIMIT);
  return {
    terms,
    hits: rows.map(({ row: r, score: s }) => {
      const shown = matchedLang(lang, { en: [r.questionEn, r.textEn], tc: [r.questionZh, r.textZh] }, terms);
      return {
        id: r.id,
        topic: r.category,
        title: pick(shown, r.questionEn, r.questionZh),
        snippet: snippetOf(shown === 'tc' ? r.textZh : r.textEn, terms),
        matchedLang: shown,
        score: Number(s),
        answerHtml: sanitizeHelpHtml(pick(shown, r.answerEn, r.answerZh)),
      };
    }),
  };
}

export async function listUsefulLinks(ctx: AnyCtx, lang: SupportLang): Promise<UsefulLink[]> {
  const rows = await ctx.db
    .select()
    .from(usefulLinks)
    .where(eq(usefulLinks.published, true))
    .orderBy(asc(usefulLinks.sortOrder), asc(usefulLinks.titleEn));
  return rows.flatMap((r) => {
    // Checked again on read: a row written by any other path never gives the page a javascript: link.
    const link = safeHref(r.url);
    if (!link) return [];
    return [{ id: r.id, title: pick(lang, r.titleEn, r.titleZh), description: pick(lang, r.descriptionEn, r.descriptionZh), url: link.href, isExternal: link.isExternal }];
  });
}
