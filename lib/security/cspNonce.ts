/**
 * The Content-Security-Policy nonce of the current page (docs/security-headers.md).
 *
 * Pages are static HTML made at build time, so they cannot carry a per-request nonce themselves: `_document` renders
 * this placeholder as the `nonce` attribute of every inline <script> and <style> tag (Next's scripts, the first-paint
 * script, emotion's SSR styles), and the server (lib/server/csp.ts) replaces it in each HTML response with a fresh
 * random nonce that matches that response's Content-Security-Policy header. The placeholder itself is never valid in
 * any policy, and the server strips every occurrence that is not such an attribute.
 *
 * It has the nonce's length (24 base64url characters), so replacing it keeps the byte length of the page.
 */
export const CSP_NONCE_PLACEHOLDER = 'PORTAL_CSP_NONCE_0000000';

let cached: string | undefined;

/**
 * The nonce the server gave this page, for styles and scripts inserted at run time (emotion, the colour-mode switch).
 * Read from a nonced script's `nonce` property: browsers hide the attribute's value from the DOM (and so from CSS
 * selectors), the property keeps it. Undefined on the server, in tests, and on a page served without one.
 */
export function pageNonce(): string | undefined {
  if (cached !== undefined) return cached || undefined;
  if (typeof document === 'undefined') return undefined;
  const script = document.querySelector<HTMLScriptElement>('script[nonce]');
  const value = script?.nonce || script?.getAttribute('nonce') || '';
  cached = value === CSP_NONCE_PLACEHOLDER ? '' : value;
  return cached || undefined;
}
