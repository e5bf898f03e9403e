/**
 * Staff maintenance of the site content (docs/site-content.md): the five page-load documents of spec §7, edited in
 * both languages at once, one section (kind) at a time. Shared by the maintenance screen and the API (client-safe);
 * the server checks every document again against its own schemas (lib/server/services/siteContent/schemas.ts)
 * before it stores it.
 */
import { z } from 'zod';
import { listBodySchema, type ListResult } from '@/lib/listQuery';
import { isPortalPagePath } from '@/lib/paths';
import { msg, zodMessages } from '@/lib/zodMessages';
import { versionSchema, trimBlank } from '@/lib/zodText';
import { isSafeHref, type FooterPopupContent, type LinkConfiguration, type MobileApplication, type SocialPlatformSection } from './schemas';

import { SITE_CONTENT_SECTIONS, type SiteContentSection } from './constants';

export * from './constants';

/**
 * `popupTitle`: a footer link's text, kept short (a 300-character title without spaces made every customer page 719 px
 * wide on a phone before the footer wrapped it). The server's read schema stays at `text`, so older content still shows.
 */
export const SITE_CONTENT_LIMITS = { url: 2048, text: 200, popupTitle: 80, paragraph: 5000, paragraphs: 50, popups: 20, apps: 10, popupsText: 100_000 } as const;
/*
 * `popupsText`: the characters of all the popups' paragraphs of one language together (≈ 40 A4 pages of legal text).
 * Without it the popups could hold 20 × 50 × 5,000 characters a language, a body no cap should take; with it the
 * update's largest body is ≈ 1.2 MB (both languages at 6 bytes a character: its contract's bodyLimit).
 */

const noNul = (v: string) => !v.includes('\u0000');
const text = (max: number) =>
  z.string().overwrite(trimBlank).min(1, zodMessages.required).max(max, zodMessages.maxLength(max)).refine(noNul, { error: zodMessages.invalid });
/** '' = not configured (the footer leaves the link out); otherwise https:// or a portal path (`/contact-us`). */
export const contentLinkSchema = z
  .string()
  .overwrite(trimBlank)
  .max(SITE_CONTENT_LIMITS.url, zodMessages.maxLength(SITE_CONTENT_LIMITS.url))
  .refine((v) => v === '' || isSafeHref(v), { error: msg('siteContentAdmin:validation.link') })
  // A portal path must be a page customers can open, as a useful link's and the inbox builder's (`isPortalPagePath`):
  // `/contact-usx` was saved and the footer's link led to a 404. Only a path the rule above lets through.
  .refine((v) => !v.startsWith('/') || !isSafeHref(v) || isPortalPagePath(v), { error: msg('siteContentAdmin:validation.linkPage') });
const requiredLink = contentLinkSchema.refine((v) => v !== '', { error: zodMessages.required });
const entryKey = z.string().overwrite(trimBlank).regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, { error: msg('siteContentAdmin:validation.key') });

function uniqueKeys(list: readonly { key: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  list.forEach((item, i) => {
    if (seen.has(item.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: msg('siteContentAdmin:validation.duplicateKey') });
    seen.add(item.key);
  });
}

/**
 * The popups of one language, as the characters of each one's paragraphs: an issue on the paragraphs of the popup
 * that brings the total over `popupsText` (the form and the API).
 */
export function checkPopupsText(paragraphChars: readonly number[], ctx: z.RefinementCtx): void {
  let total = 0;
  const over = paragraphChars.findIndex((n) => (total += n) > SITE_CONTENT_LIMITS.popupsText);
  if (over >= 0) {
    ctx.addIssue({ code: 'custom', path: [over, 'paragraphs'], message: msg('siteContentAdmin:validation.popupsText', { max: SITE_CONTENT_LIMITS.popupsText }) });
  }
}

export const popupSchema = z.strictObject({
  key: entryKey,
  title: text(SITE_CONTENT_LIMITS.popupTitle),
  paragraphs: z.array(text(SITE_CONTENT_LIMITS.paragraph)).min(1, zodMessages.required).max(SITE_CONTENT_LIMITS.paragraphs, zodMessages.maxLength(SITE_CONTENT_LIMITS.paragraphs)),
});
export const appSchema = z.strictObject({
  key: entryKey,
  platform: z.enum(['ios', 'android'], { error: zodMessages.choose }),
  name: text(SITE_CONTENT_LIMITS.text),
  storeLabel: text(SITE_CONTENT_LIMITS.text),
  link: requiredLink,
});

export const sectionDocumentSchemas = {
  footer_popup: z.strictObject({
    footerPopupContentList: z
      .array(popupSchema)
      .max(SITE_CONTENT_LIMITS.popups)
      .superRefine(uniqueKeys)
      .superRefine((list, ctx) => checkPopupsText(list.map((p) => p.paragraphs.reduce((n, t) => n + t.length, 0)), ctx)),
  }),
  mobile_app: z.strictObject({ mobileApplicationList: z.array(appSchema).max(SITE_CONTENT_LIMITS.apps).superRefine(uniqueKeys) }),
  social: z.strictObject({ facebookLink: contentLinkSchema, instagramLink: contentLinkSchema, linkedInLink: contentLinkSchema }),
  chat_link: z.strictObject({ link: contentLinkSchema }),
  link_config: z.strictObject({ requestforQuoteLink: contentLinkSchema, yourVoiceLink: contentLinkSchema, rChoiceLink: contentLinkSchema }),
} as const;

export type SectionDocuments = {
  footer_popup: { footerPopupContentList: FooterPopupContent[] };
  mobile_app: { mobileApplicationList: MobileApplication[] };
  social: SocialPlatformSection;
  chat_link: { link: string };
  link_config: LinkConfiguration;
};

/**
 * The section's version as the edit form loaded it (its `updatedAt`; null for a section never saved): a save over a
 * colleague's since then is 409 RECORD_CHANGED (docs/api.md, "Edits name the version they loaded").
 */
const sectionVersion = versionSchema.nullable();

const sectionBody = <K extends SiteContentSection>(id: K) =>
  z.strictObject({ id: z.literal(id), version: sectionVersion, en: sectionDocumentSchemas[id], tc: sectionDocumentSchemas[id] });

/** Both languages of one section, replaced together, naming the version they were loaded at. */
export const updateSectionSchema = z.discriminatedUnion('id', [
  sectionBody('footer_popup'),
  sectionBody('mobile_app'),
  sectionBody('social'),
  sectionBody('chat_link'),
  sectionBody('link_config'),
]);
export type UpdateSectionBody = z.infer<typeof updateSectionSchema>;

/** Any short id: an unknown section is a 404 (a mistyped address), not a field error. */
export const sectionIdSchema = z.strictObject({ id: z.string().max(40) });
export const isSection = (id: string): id is SiteContentSection => (SITE_CONTENT_SECTIONS as readonly string[]).includes(id);
export const listSectionsSchema = listBodySchema(['section'] as const, {});

export type SectionRow = { id: SiteContentSection; updatedAt: string | null };
/** A section as stored: each language's own document (empty when that language has no row yet). */
export type SectionRecord = {
  [K in SiteContentSection]: { id: K; en: SectionDocuments[K]; tc: SectionDocuments[K]; updatedAt: string | null };
}[SiteContentSection];
export type SectionList = ListResult<SectionRow>;
