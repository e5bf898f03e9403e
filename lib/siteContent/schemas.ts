/**
 * Site content (spec §3 / §7, docs/site-content.md): the shapes the footer, links and home page show, and the
 * normalisers every value passes through, whether it came from the page-load content calls or from localStorage
 * (user-editable, possibly an older shape): only well-formed entries with https:// or portal-relative links survive,
 * so a component can put any of these strings in an `href`.
 */

/**
 * One footer link that opens a popup (privacy policy, terms…). The text is plain, one string per paragraph (no HTML,
 * so nothing to sanitise). Same shape as the server's schema (lib/server/services/siteContent/schemas.ts).
 */
export type FooterPopupContent = {
  /** Stable key, e.g. `privacy_policy`. */
  key: string;
  title: string;
  paragraphs: string[];
};

export type MobileApplication = {
  key: string;
  platform: 'ios' | 'android';
  /** The app's name in the current language. */
  name: string;
  /** Badge text, e.g. "Download on the App Store". */
  storeLabel: string;
  /** Store page of the app (https). */
  link: string;
};

/** Empty string: the link is not configured and is not shown. */
export type SocialPlatformSection = {
  facebookLink: string;
  instagramLink: string;
  linkedInLink: string;
};

/** Home page links; empty string: not configured. */
export type LinkConfiguration = {
  requestforQuoteLink: string;
  yourVoiceLink: string;
  rChoiceLink: string;
};


export type ContentLang = 'en' | 'tc';

/** Any locale other than tc asks for English (the default locale, spec §1). */
export const toContentLang = (locale: string | undefined): ContentLang => (locale === 'tc' ? 'tc' : 'en');

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** https:// without credentials, or a path on the portal (not `//host`, no backslashes or control characters). */
export function isSafeHref(value: unknown): value is string {
  if (typeof value !== 'string' || value === '' || value.length > 2048 || value !== value.trim()) return false;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A portal path opens in the same tab through the router; an https link opens in a new tab. */
export const isExternalHref = (href: string): boolean => !href.startsWith('/');

const safeLink = (v: unknown): string => (isSafeHref(v) ? v : '');

function uniqueByKey<T extends { key: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.key) ? false : (seen.add(item.key), true)));
}

export function normalizeFooterPopups(value: unknown): FooterPopupContent[] {
  if (!Array.isArray(value)) return [];
  const items = value.flatMap((item): FooterPopupContent[] => {
    if (!isRecord(item) || !isText(item.key) || !isText(item.title) || !Array.isArray(item.paragraphs)) return [];
    const paragraphs = item.paragraphs.filter(isText);
    return paragraphs.length ? [{ key: item.key, title: item.title, paragraphs }] : [];
  });
  return uniqueByKey(items);
}

export function normalizeMobileApplications(value: unknown): MobileApplication[] {
  if (!Array.isArray(value)) return [];
  const items = value.flatMap((item): MobileApplication[] => {
    if (!isRecord(item) || !isText(item.key) || !isText(item.name) || !isText(item.storeLabel) || !isSafeHref(item.link)) return [];
    if (item.platform !== 'ios' && item.platform !== 'android') return [];
    return [{ key: item.key, platform: item.platform, name: item.name, storeLabel: item.storeLabel, link: item.link }];
  });
  return uniqueByKey(items);
}

export function normalizeSocial(value: unknown): SocialPlatformSection {
  const v = isRecord(value) ? value : {};
  return { facebookLink: safeLink(v.facebookLink), instagramLink: safeLink(v.instagramLink), linkedInLink: safeLink(v.linkedInLink) };
}

export function normalizeLinkConfiguration(value: unknown): LinkConfiguration {
  const v = isRecord(value) ? value : {};
  return { requestforQuoteLink: safeLink(v.requestforQuoteLink), yourVoiceLink: safeLink(v.yourVoiceLink), rChoiceLink: safeLink(v.rChoiceLink) };
}

export const normalizeChatLink = safeLink;

