import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { siteContent } from '@/lib/server/db/schema';
import type { SiteContentSection } from '@/lib/siteContent/constants';
import type { Db } from '@/lib/server/db/types';
import type { Logger } from '@/lib/server/log';
import {
  SITE_CONTENT_SCHEMAS,
  emptySiteContent,
  footerPopupSchema,
  isSafeContentUrl,
  mobileApplicationSchema,
  type SiteContentData,
  type SiteContentLang,
} from './schemas';

const FALLBACK_LANG: SiteContentLang = 'en';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keeps the entries of a list that are valid on their own (first of each key); drops the rest. */
function salvageList<T extends { key: string }>(value: unknown, schema: z.ZodType<T>): T[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const item of value) {
    const parsed = schema.safeParse(item);
    if (!parsed.success || seen.has(parsed.data.key)) continue;
    seen.add(parsed.data.key);
    kept.push(parsed.data);
  }
  return kept;
}

/** Keeps the links that are safe; any other becomes '' (not configured). */
function salvageLinks<T extends Record<string, string>>(value: unknown, empty: T): T {
  const source = isRecord(value) ? value : {};
  const out: Record<string, string> = {};
  for (const key of Object.keys(empty)) {
    const link = source[key];
    out[key] = typeof link === 'string' && (link === '' || isSafeContentUrl(link)) ? link : '';
  }
  return out as T;
}

/**
 * A stored document that fails its schema (edited by hand in the database, or written by an older version) is not
 * an outage: the valid parts are served and the rest left out, so one bad link never empties the whole footer or
 * sends an unsafe `href` to the browser. The problem is logged for whoever maintains the content.
 */
export function salvage<K extends SiteContentSection>(kind: K, content: unknown): SiteContentData[K] {
  const doc = isRecord(content) ? content : {};
  const result: { [P in SiteContentSection]: () => SiteContentData[P] } = {
    footer_popup: () => ({ footerPopupContentList: salvageList(doc.footerPopupContentList, footerPopupSchema).slice(0, 20) }),
    mobile_app: () => ({ mobileApplicationList: salvageList(doc.mobileApplicationList, mobileApplicationSchema).slice(0, 10) }),
    social: () => salvageLinks(doc, emptySiteContent('social')),
    chat_link: () => salvageLinks(doc, emptySiteContent('chat_link')),
    link_config: () => salvageLinks(doc, emptySiteContent('link_config')),
  };
  return result[kind]();
}

/**
 * The `data` of a page-load content call: the document for (kind, lang), falling back to English when the language
 * has no row yet, and an empty section when neither has one. Always in the schema's shape, with safe links only.
 */
export async function getSiteContent<K extends SiteContentSection>(
  db: Db,
  kind: K,
  lang: SiteContentLang,
  log?: Pick<Logger, 'warn'>,
): Promise<SiteContentData[K]> {
  const langs = lang === FALLBACK_LANG ? [lang] : [lang, FALLBACK_LANG];
  const rows = await db
    .select({ lang: siteContent.lang, content: siteContent.content })
    .from(siteContent)
    .where(and(eq(siteContent.kind, kind), inArray(siteContent.lang, langs)));
  const row = rows.find((r) => r.lang === lang) ?? rows.find((r) => r.lang === FALLBACK_LANG);
  if (!row) return emptySiteContent(kind);

  const parsed = SITE_CONTENT_SCHEMAS[kind].safeParse(row.content);
  if (parsed.success) return parsed.data;
  log?.warn(
    {
      kind,
      lang: row.lang,
      issues: parsed.error.issues.slice(0, 10).map((i) => ({ path: i.path.map(String).join('.'), message: i.message })),
    },
    'site content does not match its schema: serving its valid parts only',
  );
  return salvage(kind, row.content);
}
