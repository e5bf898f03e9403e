/**
 * The page-load content calls of spec §7 (docs/site-content.md): `GET /api/content/<name>?lang=en|tc` with the
 * `x-api-key` header from the runtime configuration. They run in the background (silent: no loading overlay) and a
 * 401 here means a wrong content key, not a lost session, so the global 401 handler is not called.
 *
 * Answers are passed through the same normalisers the footer applies to persisted values (localStorage is
 * user-editable and may hold an older shape): only well-formed entries with https:// or portal-relative links
 * survive, so a component can put any of these strings in an `href`.
 */
import type { FooterPopupContent, LinkConfiguration, MobileApplication, SocialPlatformSection } from '@/store/types';
import { apiGet, mapResult } from './client';
import { getRuntimeConfig } from './runtimeConfig';
import type { ApiResult } from './types';

export type ContentLang = 'en' | 'tc';

export const SITE_CONTENT_PATHS = {
  footerPopup: '/api/content/footerPopup',
  mobileApplication: '/api/content/mobileApplication',
  socialPlatform: '/api/content/socialPlatform',
  chatWithUs: '/api/content/chatWithUs',
  homeLinkConfiguration: '/api/content/homeLinkConfiguration',
} as const;

export const CONTENT_API_KEY_HEADER = 'x-api-key';

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

export type ContentRequestOptions = { signal?: AbortSignal };

function getContent(path: string, lang: ContentLang, opts: ContentRequestOptions): Promise<ApiResult<unknown>> {
  // Read per call: /runtime-config.js may run after this module was evaluated.
  const key = getRuntimeConfig().contentApiKey ?? '';
  return apiGet<unknown>(
    path,
    { lang },
    { silent: true, disableErrorHandler: true, signal: opts.signal, headers: { [CONTENT_API_KEY_HEADER]: key } },
  );
}

const field = (data: unknown, name: string): unknown => (isRecord(data) ? data[name] : undefined);

export const getFooterPopupContent = (lang: ContentLang, opts: ContentRequestOptions = {}) =>
  getContent(SITE_CONTENT_PATHS.footerPopup, lang, opts).then((r) => mapResult(r, (d) => normalizeFooterPopups(field(d, 'footerPopupContentList'))));

export const getMobileApplications = (lang: ContentLang, opts: ContentRequestOptions = {}) =>
  getContent(SITE_CONTENT_PATHS.mobileApplication, lang, opts).then((r) =>
    mapResult(r, (d) => normalizeMobileApplications(field(d, 'mobileApplicationList'))),
  );

export const getSocialPlatforms = (lang: ContentLang, opts: ContentRequestOptions = {}) =>
  getContent(SITE_CONTENT_PATHS.socialPlatform, lang, opts).then((r) => mapResult(r, normalizeSocial));

export const getChatWithUsLink = (lang: ContentLang, opts: ContentRequestOptions = {}) =>
  getContent(SITE_CONTENT_PATHS.chatWithUs, lang, opts).then((r) => mapResult(r, (d) => normalizeChatLink(field(d, 'link'))));

export const getHomeLinkConfiguration = (lang: ContentLang, opts: ContentRequestOptions = {}) =>
  getContent(SITE_CONTENT_PATHS.homeLinkConfiguration, lang, opts).then((r) => mapResult(r, normalizeLinkConfiguration));
