import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerConfig } from '@/lib/server/config';
import type { SiteContentSection } from '@/lib/siteContent/constants';
import type { Db } from '@/lib/server/db/types';
import { answerableError, AppError } from '@/lib/server/errors';
import { applyHeaders, securityHeaders, sendError, sendJson } from '@/lib/server/http';
import type { Logger } from '@/lib/server/log';
import { getSiteContent, SITE_CONTENT_LANGS, type SiteContentLang } from '@/lib/server/services/siteContent';
import { CONTENT_API_KEY_HEADER } from '@/lib/contract';
import { siteContentContract } from '@/lib/siteContent/contract';

/**
 * The page-load content calls of spec §7. Unlike the business API (POST through the route table), these are
 * `GET <path>?lang=en|tc` with an `x-api-key` header, answered with the usual envelope. They hold no user data, so
 * browsers and proxies may keep them, but must ask again on every use (`no-cache`): staff change the content on the
 * site-content maintenance screen and customers must see it at their next page load; an unchanged document costs a
 * 304 without a body (ETag of the `data`). The key is the one the browser gets from /runtime-config.js
 * (it marks the caller as the portal's own front end, it is not a secret from a user). docs/site-content.md.
 */
/** Which document each content endpoint of the contract serves. */
const KIND_OF: { [N in keyof typeof siteContentContract.endpoints]: SiteContentSection } = {
  footerPopup: 'footer_popup',
  mobileApplication: 'mobile_app',
  socialPlatform: 'social',
  chatWithUs: 'chat_link',
  homeLinkConfiguration: 'link_config',
};

/** Path → kind and summary, from the contract (lib/siteContent/contract.ts): no path is written here. */
export const SITE_CONTENT_ROUTES: Readonly<Record<string, { kind: SiteContentSection; summary: string }>> = Object.fromEntries(
  Object.entries(siteContentContract.endpoints).map(([name, endpoint]) => [
    endpoint.path,
    { kind: KIND_OF[name as keyof typeof KIND_OF], summary: endpoint.summary },
  ]),
);

export { CONTENT_API_KEY_HEADER };
/**
 * No user data, so shared caches may store it; revalidated on every use so that a change made by staff shows at the
 * next page load (it was `max-age=300`: a changed footer link stayed stale for up to five minutes).
 */
export const CONTENT_CACHE_CONTROL = 'public, no-cache';

/** Weak ETag of a document's `data` (the envelope's traceId differs on every answer, so it is left out). */
export const contentEtag = (data: unknown): string => `W/"${createHash('sha256').update(JSON.stringify(data)).digest('base64url').slice(0, 27)}"`;

/** Whether the request's If-None-Match names this ETag (a list, or `*`). */
function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  const bare = etag.replace(/^W\//, '');
  return value.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}
const DEFAULT_LANG: SiteContentLang = 'en';

export type ContentHandlerDeps = { db: Db; config: ServerConfig; log?: Logger };
export type ContentHandler = (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Constant-time comparison: both sides are hashed first, so neither the length nor a prefix leaks through timing. */
function isKeyValid(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(digest(given), digest(expected));
}

function parseLang(url: string | undefined): SiteContentLang {
  const q = (url ?? '').indexOf('?');
  const values = q === -1 ? [] : new URLSearchParams((url ?? '').slice(q + 1)).getAll('lang');
  if (values.length === 0) return DEFAULT_LANG;
  const value = values[0]!;
  if (values.length > 1 || !(SITE_CONTENT_LANGS as readonly string[]).includes(value)) {
    throw new AppError('VALIDATION', { fields: { lang: ['Must be en or tc'] }, publicMessage: 'Invalid fields: lang' });
  }
  return value as SiteContentLang;
}

/**
 * Returns a handler for server.ts's listener: it answers the paths of SITE_CONTENT_ROUTES (true) and leaves every
 * other path alone (false), so an unknown /api/content/* still gets the API's 404.
 * Order of checks: method (405), key (401), lang (400), then the read (503 when the database is down).
 */
export function createContentHandler({ db, config, log }: ContentHandlerDeps): ContentHandler {
  const baseHeaders = securityHeaders();

  return async (req, res, pathname) => {
    const route = Object.prototype.hasOwnProperty.call(SITE_CONTENT_ROUTES, pathname) ? SITE_CONTENT_ROUTES[pathname] : undefined;
    if (!route) return false;
    const traceId = randomUUID();
    // Errors are never cached (a 401 must not stick once the key is right); the success path overrides this below.
    applyHeaders(res, { ...baseHeaders, 'Cache-Control': 'no-store', 'X-Trace-Id': traceId });
    try {
      if (req.method !== 'GET') {
        res.setHeader('Allow', 'GET');
        throw new AppError('METHOD_NOT_ALLOWED', { publicMessage: 'Use GET' });
      }
      if (!isKeyValid(req.headers[CONTENT_API_KEY_HEADER], config.contentApiKey)) {
        throw new AppError('AUTH_REQUIRED', { publicMessage: 'Missing or wrong API key' });
      }
      const lang = parseLang(req.url);
      const data = await getSiteContent(db, route.kind, lang, log);
      // The answer differs by key (401 or 200): a shared cache must key on it as well as on the URL.
      const etag = contentEtag(data);
      applyHeaders(res, { 'Cache-Control': CONTENT_CACHE_CONTROL, Vary: 'X-Api-Key', ETag: etag });
      if (matchesEtag(req.headers['if-none-match'], etag)) {
        res.statusCode = 304;
        res.end();
        return true;
      }
      sendJson(res, 200, { status: 'success', data, traceId });
    } catch (err) {
      const appErr = answerableError(err, log, traceId, 'site content read failed');
      if (appErr.code === 'SERVICE_UNAVAILABLE') res.setHeader('Retry-After', '5');
      sendError(res, appErr, traceId);
    }
    return true;
  };
}
