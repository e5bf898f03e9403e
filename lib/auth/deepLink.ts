import { findRoute, isDeepLinkPath, normalizePath } from '@/lib/permissions/routes';

export type DeepLink = { path: string; params: string };

const MAX_LEN = 2048;

/**
 * Accepts a deep link only when it is one of the portal's own deep-linkable pages (spec §4): a plain absolute path,
 * no scheme, no `//host` or `/\host`, no encoded variants of those, no control characters. Anything else → null.
 * `params` is re-serialised through URLSearchParams so it can only ever be a query string.
 */
export function sanitizeDeepLink(rawPath: unknown, rawParams?: unknown, allow: (path: string) => boolean = isDeepLinkPath): DeepLink | null {
  if (typeof rawPath !== 'string' || rawPath.length === 0 || rawPath.length > MAX_LEN) return null;
  let decoded = rawPath;
  // Decode repeatedly so %2F%2F, %252F… cannot smuggle a second slash or a backslash past the checks.
  for (let i = 0; i < 3; i += 1) {
    try {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    } catch {
      return null;
    }
  }
  for (const candidate of [rawPath, decoded]) {
    if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return null;
    if (/[\u0000-\u001f\u007f]/.test(candidate) || /^\/[^/]*:/.test(candidate) || candidate.includes('/../') || candidate.includes('/./')) {
      return null;
    }
  }
  const path = normalizePath(decoded);
  if (!/^\/[A-Za-z0-9\-_/.~]*$/.test(path) || !allow(path)) return null;
  let params = '';
  if (typeof rawParams === 'string' && rawParams.length > 0 && rawParams.length <= MAX_LEN) {
    params = new URLSearchParams(rawParams.startsWith('?') ? rawParams.slice(1) : rawParams).toString();
  }
  return { path, params };
}

export const deepLinkHref = (link: DeepLink): string => (link.params ? `${link.path}?${link.params}` : link.path);

/** The `ucpid` a deep link names, if any. */
export const deepLinkUcpId = (link: DeepLink | null): string | null =>
  link ? new URLSearchParams(link.params).get('ucpid') : null;

/** Query parameters that carry a deep link through /weblogin, /login, the disclaimer and customer selection. */
export function deepLinkQuery(link: DeepLink | null): Record<string, string> {
  if (!link) return {};
  return link.params ? { deepLink: link.path, deepLinkParams: link.params } : { deepLink: link.path };
}

/** The deep link of the page being shown (path + its query), if the page is deep-linkable. */
export function currentDeepLink(asPath: string): DeepLink | null {
  const [pathPart, query = ''] = asPath.split('#', 1)[0]!.split('?', 2) as [string, string?];
  if (!findRoute(pathPart)?.deepLink) return null;
  return sanitizeDeepLink(normalizePath(pathPart), query);
}

/**
 * A page a signed-in user may come back to after signing in again (the session-expired dialog, issue 10 minor): any
 * protected page of the route table, not only the spec's deep links, checked like a deep link (same-origin path, no
 * tricks). Sign-in and public pages are not pages to come back to.
 */
const isReturnPath = (path: string): boolean => {
  const route = findRoute(path);
  return Boolean(route && !route.isPublic && !route.isLoginPage);
};

/** `returnTo` of /weblogin (a path with its query) → the page to continue to, or null. */
export function sanitizeReturnTo(raw: unknown): DeepLink | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LEN) return null;
  const [path, params = ''] = raw.split('#', 1)[0]!.split('?', 2) as [string, string?];
  return sanitizeDeepLink(path, params, isReturnPath);
}

/**
 * The `returnTo` query of the page being shown. The customer acted for goes along as `ucpid` (a user linked to
 * several customers comes back acting for the same one, not through the customer list).
 */
export function returnToQuery(asPath: string, ucpId: string | null, customerCount: number): Record<string, string> {
  const [pathPart, query = ''] = asPath.split('#', 1)[0]!.split('?', 2) as [string, string?];
  const path = normalizePath(pathPart);
  if (!isReturnPath(path)) return {};
  const params = new URLSearchParams(query);
  if (ucpId && customerCount > 1 && !params.has('ucpid')) params.set('ucpid', ucpId);
  const qs = params.toString();
  return { returnTo: qs ? `${path}?${qs}` : path };
}
