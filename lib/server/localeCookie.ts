import type { IncomingMessage } from 'node:http';

const LOCALE_COOKIE = 'NEXT_LOCALE';
const PREFIXED = /^\/(en|tc)(?=\/|$)/;

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/**
 * Spec §9 turns off locale detection from the browser (Accept-Language), not the user's own choice: a page request
 * on an unprefixed URL (`/inbox`, `/`) from a browser whose `NEXT_LOCALE` cookie says `tc` is sent to the same page
 * under `/tc` (query kept). Next's own cookie handling only runs with localeDetection on, so the server does it.
 * `en` is the default locale (unprefixed): nothing to do. Only GET/HEAD of page paths (no file extension, not /api,
 * not /_next); returns the Location to redirect to, or null.
 */
export function localeCookieRedirect(req: IncomingMessage, pathname: string): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (PREFIXED.test(pathname) || pathname.startsWith('/_next/') || pathname === '/api' || pathname.startsWith('/api/')) return null;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return null;
  if (cookieValue(req.headers.cookie, LOCALE_COOKIE) !== 'tc') return null;
  // Only a plain path is rebuilt into the Location: `//host` or a backslash would make it off-site.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('\\')) return null;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const query = q === -1 ? '' : url.slice(q);
  return `/tc${pathname === '/' ? '' : pathname}${query}`;
}
