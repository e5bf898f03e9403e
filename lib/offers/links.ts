/** An offer's call-to-action link rules, without zod: the home page's offer card reads them (docs/performance.md). */

/**
 * Where the call to action leads: a path of the portal (`/my-orders/manage`, no `//`, no scheme) or an https URL.
 * Nothing else (no http, javascript:, data:, protocol-relative `//host`), so an offer cannot send customers anywhere
 * unsafe.
 */
export function isSafeCtaUrl(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) return /^\/(?!\/)[A-Za-z0-9\-._~/%?#=&+]*$/.test(value) && !value.includes('\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * A link that leaves the portal (opened in a new tab): of the links isSafeCtaUrl lets through, whatever is not a
 * portal path. It read only a lower-case `https://` prefix, so `HTTPS://…` (which the URL parser accepts) opened in
 * the portal's own tab.
 */
export const isExternalCta = (value: string): boolean => value !== '' && !value.startsWith('/');
