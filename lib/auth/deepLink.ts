import { findRoute, isDeepLinkPath, normalizePath } from '@/lib/permissions/routes';

export type DeepLink = { path: string; params: string };

const MAX_LEN = 2048;

/**
 * Accepts a deep link only when it is one of the portal's own deep-linkable pages (spec §4): a plain absolute path,
 * no scheme, no `//host` or `/\host`, no encoded variants of those, no control characters. Anything else → null.
 * `params` is re-serialised through URLSearchParams so it can only ever be a query string.
 */
export function sanitizeDeepLink(rawPath: unknown, rawParams?: unknown): DeepLink | null {
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
  if (!/^\/[A-Za-z0-9\-_/.~]*$/.test(path) || !isDeepLinkPath(path)) return null;
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
