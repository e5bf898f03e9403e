/**
 * Staff maintenance of the site content (docs/site-content.md): each section (kind) is edited in both languages at
 * once and stored as one row per language, in the shape its page-load call answers. The documents are checked by the
 * shared schemas (the API's body) and again by the server's own (links safe, text plain); every change is audited
 * with before and after. The page-load calls read the table on every request (no server cache) and are revalidated by
 * browsers on every page load (`Cache-Control: no-cache` + ETag), so customers see a change at their next page load.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  SITE_CONTENT_SECTIONS,
  isSection,
  type SectionList,
  type SectionRecord,
  type SiteContentSection,
  type UpdateSectionBody,
} from '@/lib/siteContent/adminSchemas';
import { audit } from '@/lib/server/audit';
import { inTransaction, type ServiceContext } from '@/lib/server/context';
import { siteContent } from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { AppError } from '@/lib/server/errors';
import { salvage } from './getSiteContent';
import { SITE_CONTENT_LANGS, SITE_CONTENT_SCHEMAS, emptySiteContent, type SiteContentLang } from './schemas';

async function readSection(db: Db, id: SiteContentSection): Promise<SectionRecord> {
  const rows = await db.select().from(siteContent).where(eq(siteContent.kind, id));
  const doc = (lang: SiteContentLang) => {
    const row = rows.find((r) => r.lang === lang);
    if (!row) return emptySiteContent(id);
    const parsed = SITE_CONTENT_SCHEMAS[id].safeParse(row.content);
    return parsed.success ? parsed.data : salvage(id, row.content);
  };
  const times = rows.map((r) => r.updatedAt.getTime());
  return { id, en: doc('en'), tc: doc('tc'), updatedAt: times.length ? new Date(Math.max(...times)).toISOString() : null } as SectionRecord;
}

/** The five sections in a fixed order (the order of the footer), with their last change. */
export async function listSections(ctx: ServiceContext): Promise<SectionList> {
  const rows = await ctx.db.select({ kind: siteContent.kind, updatedAt: siteContent.updatedAt }).from(siteContent);
  const items = SITE_CONTENT_SECTIONS.map((id) => {
    const times = rows.filter((r) => r.kind === id).map((r) => r.updatedAt.getTime());
    return { id, updatedAt: times.length ? new Date(Math.max(...times)).toISOString() : null };
  });
  return { items, total: items.length };
}

export async function getSection(ctx: ServiceContext, id: string): Promise<SectionRecord> {
  if (!isSection(id)) throw new AppError('NOT_FOUND', { message: `no site-content section ${id}` });
  return readSection(ctx.db, id);
}

/**
 * Replaces both languages of a section (upsert per language), audited with the documents before and after. The body
 * names the version its form loaded (the section's `updatedAt`, null when never saved): saved by someone else since,
 * 409 RECORD_CHANGED and nothing written. Saves of one section serialise on a transaction-scoped advisory lock (a
 * section never saved has no row to lock), so two saves of the same version cannot both pass.
 */
export async function updateSection(ctx: ServiceContext, body: UpdateSectionBody): Promise<{ id: string }> {
  const { id } = body;
  const docs: Record<SiteContentLang, unknown> = { en: body.en, tc: body.tc };
  for (const lang of SITE_CONTENT_LANGS) {
    // The server's own rules again (defence in depth: the body schema is shared with the browser).
    const parsed = SITE_CONTENT_SCHEMAS[id].safeParse(docs[lang]);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) fields[[lang, ...issue.path.map(String)].join('.')] = ['ui.validation.invalid'];
      throw new AppError('VALIDATION', { message: 'site content rejected by the server schema', fields });
    }
    docs[lang] = parsed.data;
  }
  return inTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`site_content:${id}`}))`);
    const before = await readSection(tx.db, id);
    const stored = before.updatedAt === null ? null : Date.parse(before.updatedAt);
    if (stored !== (body.version === null ? null : Date.parse(body.version))) {
      throw new AppError('RECORD_CHANGED', { message: `stale version ${body.version}, stored ${before.updatedAt}` });
    }
    // Every save makes a new version, even within the millisecond of the one it replaces.
    const now = new Date(Math.max(tx.now().getTime(), (stored ?? 0) + 1));
    for (const lang of SITE_CONTENT_LANGS) {
      await tx.db
        .insert(siteContent)
        .values({ kind: id, lang, content: docs[lang], updatedAt: now })
        .onConflictDoUpdate({ target: [siteContent.kind, siteContent.lang], set: { content: docs[lang], updatedAt: now } });
    }
    await audit(tx, { action: 'update', entity: 'site_content', entityId: id, before: { en: before.en, tc: before.tc }, after: docs });
    return { id };
  });
}

/** Used by tests: the stored row of one language, as written. */
export async function storedDocument(db: Db, id: SiteContentSection, lang: SiteContentLang): Promise<unknown> {
  const [row] = await db.select({ content: siteContent.content }).from(siteContent).where(and(eq(siteContent.kind, id), eq(siteContent.lang, lang)));
  return row?.content ?? null;
}
