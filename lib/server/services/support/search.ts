/**
 * Search over help articles and FAQ entries in both languages (docs/support.md). PostgreSQL's full-text search has
 * no Chinese parser (and PGlite ships none either), so matching is ILIKE on the plain text kept beside each body:
 * every word of the query must appear, in either language. Chinese is written without spaces, so a Chinese query is
 * one "word" that must appear as written; a query mixing both ("A4 碳粉") is split at spaces like any other.
 *
 * Ranking, per word: a title (question) match counts 10, a summary match 4, a body (answer) match 1; the whole query
 * found in a title adds 5. Ties keep the editors' order (sort_order), then the title.
 */
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { SEARCH_MAX_RESULTS, SEARCH_MAX_TERMS } from '@/lib/support/constants';
import type { SupportLang } from '@/lib/support/schemas';
import { containsPattern } from '@/lib/server/db/like';

/** The words of a query: split at white space, lower-cased, duplicates and words inside longer ones dropped. */
export function searchTerms(q: string): string[] {
  const words = [...new Set(q.normalize('NFKC').toLowerCase().split(/[\s,，、。;；]+/u).filter(Boolean))];
  const kept = words.filter((w) => !words.some((other) => other !== w && other.includes(w)));
  return kept.slice(0, SEARCH_MAX_TERMS);
}

/**
 * The column read as the query is (NFKC): text a Chinese IME typed in full-width (`ＦＰＳ轉數快`) is found by `fps` as
 * by `ＦＰＳ`; the query alone was normalised, so such text matched no query at all.
 */
const like = (column: SQL, pattern: string) => sql`normalize(${column}, NFKC) ilike ${pattern} escape '\\'`;
/** A text as search compares it: NFKC, lower case (the SQL's `normalize(…, NFKC) ilike`). */
const comparable = (text: string) => text.normalize('NFKC').toLowerCase();

export type SearchFields = { title: [SQL, SQL]; summary?: [SQL, SQL]; body: [SQL, SQL] };

/** `where` (every word somewhere) and `score` expressions for a set of columns (en, zh pairs). */
export function searchSql(fields: SearchFields, terms: string[], phrase: string): { where: SQL; score: SQL } {
  const all = [...fields.title, ...(fields.summary ?? []), ...fields.body];
  const conds: SQL[] = [];
  const scores: SQL[] = [];
  for (const term of terms) {
    const p = containsPattern(term);
    const anyOf = (cols: SQL[]) => sql.join(cols.map((c) => like(c, p)), sql` or `);
    conds.push(sql`(${anyOf(all)})`);
    scores.push(sql`(case when ${anyOf(fields.title)} then 10 else 0 end)`);
    if (fields.summary) scores.push(sql`(case when ${anyOf(fields.summary)} then 4 else 0 end)`);
    scores.push(sql`(case when ${anyOf(fields.body)} then 1 else 0 end)`);
  }
  // The query as its words are read (NFKC, lower case, one space between words): a query typed in full-width by a
  // Chinese IME, or with a double or ideographic space, finds its title as the same query typed plainly does.
  const whole = containsPattern(phrase.normalize('NFKC').toLowerCase().trim().replace(/\s+/gu, ' '));
  scores.push(sql`(case when ${sql.join(fields.title.map((c) => like(c, whole)), sql` or `)} then 5 else 0 end)`);
  return { where: sql.join(conds, sql` and `), score: sql`(${sql.join(scores, sql` + `)})` };
}

export const SEARCH_LIMIT = SEARCH_MAX_RESULTS;

/** The ranking's order (the select names the score `score`): best first; ties keep the editors' order, then the title. */
export const rankedOrder = (sortOrder: AnyColumn, title: AnyColumn) => [desc(sql`score`), asc(sortOrder), asc(title)];

export const containsTerm = (text: string, terms: string[]) => {
  const lower = comparable(text);
  return terms.some((t) => lower.includes(t));
};

/** Which language a hit is shown in: the reader's when any word matched there, else the other. */
export function matchedLang(reader: SupportLang, texts: Record<SupportLang, string[]>, terms: string[]): SupportLang {
  const other: SupportLang = reader === 'en' ? 'tc' : 'en';
  if (texts[reader].some((t) => containsTerm(t, terms))) return reader;
  return texts[other].some((t) => containsTerm(t, terms)) ? other : reader;
}

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * About `length` characters of `text` around the first word found (whole words kept in English), with … where cut;
 * the start of the text when no word is in it.
 */
export function snippetOf(text: string, terms: string[], length = 180): string {
  // Full-width letters and digits keep their length under NFKC, so an index found there is (about) the text's own.
  const lower = comparable(text);
  const hits = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  const first = hits.length ? Math.min(...hits) : 0;
  if (text.length <= length) return text;
  let start = Math.max(0, first - Math.floor(length / 3));
  let end = Math.min(text.length, start + length);
  start = Math.max(0, end - length);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space > 0 && space - start < 20 && space < first) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start + length * 0.7) end = space;
  }
  // Never half a character: a cut inside a pair of UTF-16 surrogates (𨋢 and other CJK extension B characters of Hong
  // Kong names and places) would show a broken glyph at the snippet's edge.
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start += 1;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end -= 1;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
