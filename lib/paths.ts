/**
 * Every link of the portal is built here from the route table's patterns (lib/permissions/routes.ts): a path that is
 * not a page of the portal does not compile, and `[id]` is filled in encoded.
 *
 * @example
 * pathTo('/my-orders/manage/[id]', { id: order.id })              // '/my-orders/manage/6f1…'
 * pathTo('/my-account/manage-my-bills', undefined, { bill: id })   // '/my-account/manage-my-bills?bill=…'
 */
import { findRoute, normalizePath, type RoutePath } from '@/lib/permissions/routes';

export type { RoutePath };

export type QueryValues = Record<string, string | number | boolean | readonly string[] | null | undefined>;

type IdParams<P extends string> = P extends `${string}[id]${string}` ? { id: string } : undefined;

function queryString(query: QueryValues | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) params.append(key, v);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The URL of a page: its pattern with `[id]` filled in (encoded) and an optional query. */
export function pathTo<P extends RoutePath>(pattern: P, ...[params, query]: IdParams<P> extends undefined ? [undefined?, QueryValues?] : [IdParams<P>, QueryValues?]): string {
  const id = (params as { id?: string } | undefined)?.id;
  const path = id === undefined ? pattern : pattern.replace('[id]', encodeURIComponent(id));
  return `${path}${queryString(query)}`;
}

/**
 * A path as the browser must open it outside Next's router (a new tab, `window.open`): with the locale's prefix
 * (`/tc/...`) unless it is the default locale, as next/link renders it. Within the app, next/link and router.push add
 * the prefix themselves.
 */
export function withLocale(path: string, locale: string | undefined, defaultLocale: string | undefined): string {
  if (!locale || locale === defaultLocale) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/**
 * A page of the portal that content may link to (an inbox message's link, a useful link's portal path): a plain
 * absolute path of a signed-in page in the route table (`/my-account/manage-my-bills`, `/my-orders/manage/ORD-1`),
 * no query, no host, no sign-in pages. A path no page answers (`/no-such-page`) would give its readers a 404.
 */
export function isPortalPagePath(path: string): boolean {
  if (!/^\/[A-Za-z0-9\-_/.~]*$/.test(path) || path.startsWith('//') || path.includes('/../') || path.includes('/./')) return false;
  if (normalizePath(path) !== path && path !== '/') return false;
  const rule = findRoute(path);
  return Boolean(rule && !rule.isPublic && !rule.isLoginPage && !path.includes('['));
}
