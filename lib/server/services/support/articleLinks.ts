/**
 * Links inside a help article's body that stay on the portal must lead to a page of it (docs/support.md), as a useful
 * link's and a site-content link's portal path must (`isPortalPagePath`): `/no-such-page` in a body was saved and
 * published, and its readers got a 404.
 */
import { isPortalPagePath } from '@/lib/paths';

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The path of a link (before its query or fragment) as `isPortalPagePath` reads it. */
const pageOf = (path: string) => path.split(/[?#]/, 1)[0] ?? '';

/**
 * Whether `href` is a link on the portal that no page answers. On the portal: an absolute path (`/contact-us`), a
 * relative one (`bills`, `../inbox`, `www.example.hk` typed without https://: the sanitizer drops those, leaving a
 * dead link), or an http(s) URL of the portal's own origin (`origin`, e.g. `https://portal.example.hk/x`, also
 * `//portal.example.hk/x`). Its path must be a page (a query or fragment after it is allowed). Everything else is the
 * sanitizer's, as before: other sites' http(s) links, mailto:, a same-page `#fragment`, and schemes it drops
 * (javascript:, tel:, data:).
 */
export function isDeadPortalLink(href: string, origin: string): boolean {
  const value = href.trim();
  if (value === '' || value.startsWith('#')) return false;
  const own = new URL(origin);
  const scheme = SCHEME.exec(value)?.[1]?.toLowerCase();
  if (scheme || value.startsWith('//')) {
    if (scheme && scheme !== 'http' && scheme !== 'https') return false;
    let url: URL;
    try {
      url = new URL(scheme ? value : `${own.protocol}${value}`);
    } catch {
      return false;
    }
    // Another site's link; a URL of the portal's host on another scheme or port is the portal's too.
    if (url.hostname !== own.hostname) return false;
    return !isPortalPagePath(url.pathname);
  }
  if (value.startsWith('/')) return !isPortalPagePath(pageOf(value));
  return true;
}

/** The links of `hrefs` that `isDeadPortalLink` refuses, each once, as written. */
export function deadPortalLinks(hrefs: readonly string[], origin: string): string[] {
  return [...new Set(hrefs.map((h) => h.trim()).filter((h) => isDeadPortalLink(h, origin)))];
}
