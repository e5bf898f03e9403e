import { z } from 'zod';
import { trimBlank } from '@/lib/zodText';
import type { SiteContentSection } from '@/lib/siteContent/constants';

/**
 * The shapes of the site-content documents (table site_content, one per kind and language). Each document is, as
 * stored, the `data` of its page-load call (spec §3 / §7), in the shapes the seed writes
 * (lib/server/db/seedData/siteContent.ts). The browser's copies are typed in store/types.ts; the API tests check that
 * both stay the same.
 *
 * Links are served only when they are https:// or a path on the portal itself: the footer puts them in `href`, so a
 * `javascript:` or plain-http link in the table must never reach a page. An empty string means "not configured" (the
 * footer leaves that link out).
 */

export const SITE_CONTENT_LANGS = ['en', 'tc'] as const;
export type SiteContentLang = (typeof SITE_CONTENT_LANGS)[number];

const MAX_URL = 2048;
const MAX_TEXT = 200;
/** A popup paragraph; legal texts run long, but a whole document in one paragraph is a data-entry mistake. */
const MAX_PARAGRAPH = 5000;

/** `https://host/…` without credentials, or a portal path (`/contact-us`) that is not protocol-relative (`//host`). */
export function isSafeContentUrl(value: string): boolean {
  if (value.length === 0 || value.length > MAX_URL || value !== value.trim()) return false;
  // Control characters and backslashes: browsers strip or rewrite them (`/\evil.example` becomes `//evil.example`).
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

const safeUrl = z.string().refine(isSafeContentUrl, { message: 'Must be an https:// URL or a path on the portal' });
/** A link that may be left empty (not configured). */
const optionalLink = z.union([z.literal(''), safeUrl]);
const text = (max: number) => z.string().overwrite(trimBlank).min(1).max(max);
/** Stable key of an entry (React key, test selector): lower-case words with `_` or `-`. */
const entryKey = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lower-case letters, digits, _ or -');

function uniqueKeys(list: readonly { key: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  list.forEach((item, i) => {
    if (seen.has(item.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `Duplicate key ${item.key}` });
    seen.add(item.key);
  });
}

/** A footer link that opens a dialog; the text is plain (no HTML), one string per paragraph. */
export const footerPopupSchema = z.strictObject({
  key: entryKey,
  title: text(MAX_TEXT),
  paragraphs: z.array(text(MAX_PARAGRAPH)).min(1).max(50),
});

export const mobileApplicationSchema = z.strictObject({
  key: entryKey,
  platform: z.enum(['ios', 'android']),
  /** The app's name in this language. */
  name: text(MAX_TEXT),
  /** The badge text, e.g. "Download on the App Store". */
  storeLabel: text(MAX_TEXT),
  /** The app's store page. */
  link: safeUrl,
});

export const footerPopupDocumentSchema = z.strictObject({
  footerPopupContentList: z.array(footerPopupSchema).max(20).superRefine(uniqueKeys),
});

export const mobileAppDocumentSchema = z.strictObject({
  mobileApplicationList: z.array(mobileApplicationSchema).max(10).superRefine(uniqueKeys),
});

export const socialDocumentSchema = z.strictObject({
  facebookLink: optionalLink,
  instagramLink: optionalLink,
  linkedInLink: optionalLink,
});

export const chatLinkDocumentSchema = z.strictObject({ link: optionalLink });

export const linkConfigDocumentSchema = z.strictObject({
  requestforQuoteLink: optionalLink,
  yourVoiceLink: optionalLink,
  rChoiceLink: optionalLink,
});

export type FooterPopup = z.infer<typeof footerPopupSchema>;
export type MobileApplication = z.infer<typeof mobileApplicationSchema>;

/** What each kind's page-load call answers as `data`. */
export type SiteContentData = {
  footer_popup: z.infer<typeof footerPopupDocumentSchema>;
  mobile_app: z.infer<typeof mobileAppDocumentSchema>;
  social: z.infer<typeof socialDocumentSchema>;
  chat_link: z.infer<typeof chatLinkDocumentSchema>;
  link_config: z.infer<typeof linkConfigDocumentSchema>;
};

export const SITE_CONTENT_SCHEMAS: { [K in SiteContentSection]: z.ZodType<SiteContentData[K]> } = {
  footer_popup: footerPopupDocumentSchema,
  mobile_app: mobileAppDocumentSchema,
  social: socialDocumentSchema,
  chat_link: chatLinkDocumentSchema,
  link_config: linkConfigDocumentSchema,
};

/** Served when a kind has no row in either language: an empty section, which the footer simply leaves out. */
export function emptySiteContent<K extends SiteContentSection>(kind: K): SiteContentData[K] {
  const empty: SiteContentData = {
    footer_popup: { footerPopupContentList: [] },
    mobile_app: { mobileApplicationList: [] },
    social: { facebookLink: '', instagramLink: '', linkedInLink: '' },
    chat_link: { link: '' },
    link_config: { requestforQuoteLink: '', yourVoiceLink: '', rChoiceLink: '' },
  };
  return empty[kind];
}
