/**
 * Content-Security-Policy in the browser (issue 9 point 4, docs/security-headers.md): the served HTML carries a fresh
 * nonce on every inline script and style, the signed-in pages work under the policy with no violation (dark mode
 * too, whose styles emotion inserts at run time), and a script injected into a page is refused, reported to
 * /csp-report and logged by the server.
 */
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { CSP_NONCE_PLACEHOLDER } from '@/lib/security/cspNonce';
import { closeBrowser, newPage, newPageAs, serverLogFile, url } from '../helpers/browser';
import { DARK_BACKGROUND, t } from '../helpers/shell';

afterAll(closeBrowser);

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

const nonceOf = (policy: string | null) => /'nonce-([A-Za-z0-9_-]+)'/.exec(policy ?? '')?.[1];

type Violation = { directive: string; blocked: string; sample: string };

/** Records every securitypolicyviolation event and every console message about the policy, from the first byte on. */
async function watchViolations(p: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  p.on('console', (m) => {
    if (/content.security.policy/i.test(m.text())) console.push(m.text());
  });
  await p.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample }));
  });
  return async () => [
    ...console,
    ...(await p.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations)).map((v) => JSON.stringify(v)),
  ];
}

describe('the served HTML', () => {
  // A static page in both languages, a page behind sign-in (a static shell too), a getServerSideProps page, the 404 page.
  it.each(['/login', '/tc/login', '/inbox', '/my-orders/manage/00000000-0000-4000-8000-000000000000', '/no-such-page'])(
    '%s: one nonce in the header, on every inline script and style, fresh per response',
    async (path) => {
      const [a, b] = await Promise.all([fetch(url(path)), fetch(url(path))]);
      const policy = a.headers.get('content-security-policy');
      expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{24}';/);
      expect(policy).not.toMatch(/unsafe-eval/);
      expect(/script-src[^;]*/.exec(policy!)![0]).not.toContain('unsafe-inline');
      for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'", "connect-src 'self';", 'report-uri /csp-report']) {
        expect(policy).toContain(directive);
      }
      expect(a.headers.get('x-content-type-options')).toBe('nosniff');
      expect(a.headers.get('x-frame-options')).toBe('DENY');
      const nonce = nonceOf(policy);
      const html = await a.text();
      const tags = [...html.matchAll(/<(script|style)\b([^>]*)>/g)];
      expect(tags.length).toBeGreaterThan(3);
      for (const [tag, , attributes] of tags) expect([tag, /\snonce="([^"]*)"/.exec(attributes!)?.[1]]).toEqual([tag, nonce]);
      expect(html).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(nonceOf(b.headers.get('content-security-policy'))).not.toBe(nonce);
      await b.text();
    },
  );
});

const PAGES: [string, string][] = [
  ['/', 'home:home.welcome'],
  ['/my-orders/manage', 'orders:orders.title'],
  ['/my-account/manage-my-bills', 'bills:bills.title'],
  ['/inbox', 'inbox:inbox.title'],
  ['/tc/inbox', 'inbox:inbox.title'],
];

it('the signed-in pages work under the policy: content shown, no violation, every style emotion inserted has the nonce', async () => {
  page = await newPageAs('customer@demo.hk');
  const violations = await watchViolations(page);
  for (const [path, key] of PAGES) {
    const locale = path.startsWith('/tc') ? 'tc' : 'en';
    const response = await page.goto(url(path));
    const nonce = nonceOf(response!.headers()['content-security-policy'] ?? null);
    expect(nonce).toBeDefined();
    await page.getByRole('heading', { level: 1, name: t(locale, key, { name: 'Chan Tai Man' }), exact: true }).waitFor();
    if (path.endsWith('/inbox')) await page.getByTestId('inbox-item').first().waitFor();
    if (path === '/my-orders/manage' || path === '/my-account/manage-my-bills') await page.locator('tbody tr[data-row-id]').first().waitFor();
    // Styles inserted by emotion after hydration (the layout, the table) carry the page's nonce.
    const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((s) => s.nonce));
    expect(styles.length).toBeGreaterThan(0);
    expect(new Set(styles)).toEqual(new Set([nonce]));
    expect(await violations()).toEqual([]);
  }
  // Five pages, each waiting for its data: more than the default minute on a loaded two-core machine.
}, 150_000);

it('dark mode still switches (emotion and the no-transition style insert styles at run time) with no violation', async () => {
  page = await newPageAs('customer@demo.hk');
  const violations = await watchViolations(page);
  await page.goto(url('/inbox'));
  await page.getByRole('heading', { level: 1, name: t('en', 'inbox:inbox.title'), exact: true }).waitFor();
  const toggle = page.getByTestId('color-mode-toggle').first();
  await toggle.click();
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mui-color-scheme') === 'dark');
  await page.waitForFunction((bg) => getComputedStyle(document.body).backgroundColor === bg, DARK_BACKGROUND);
  await toggle.click();
  await page.waitForFunction(() => document.documentElement.getAttribute('data-mui-color-scheme') === 'light');
  await page.waitForTimeout(200);
  expect(await violations()).toEqual([]);
});

it('an injected inline script is refused, reported to /csp-report and logged by the server', async () => {
  page = await newPage();
  const violations = await watchViolations(page);
  // A path of its own, so the server's log line for this report can be told from any other.
  const marker = `csp-e2e-${randomUUID()}`;
  const response = await page.goto(url(`/${marker}`));
  expect(response!.status()).toBe(404);
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self' 'nonce-");

  const ran = await page.evaluate(async (placeholder) => {
    const w = window as unknown as Record<string, unknown>;
    const plain = document.createElement('script');
    plain.textContent = 'window.__injected = "plain"';
    document.body.appendChild(plain);
    // The build-time placeholder is not a nonce the policy accepts.
    const withPlaceholder = document.createElement('script');
    withPlaceholder.setAttribute('nonce', placeholder);
    withPlaceholder.textContent = 'window.__injectedWithPlaceholder = true';
    document.body.appendChild(withPlaceholder);
    // An inline event handler.
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__injectedHandler = true');
    img.src = 'data:,x';
    document.body.appendChild(img);
    await new Promise((r) => setTimeout(r, 300));
    return [w.__injected, w.__injectedWithPlaceholder, w.__injectedHandler];
  }, CSP_NONCE_PLACEHOLDER);
  expect(ran).toEqual([undefined, undefined, undefined]);

  const seen = await violations();
  expect(seen.some((v) => v.includes('"directive":"script-src-elem"') && v.includes('"blocked":"inline"'))).toBe(true);
  expect(seen.some((v) => v.includes('"directive":"script-src-attr"'))).toBe(true);

  // The browser posts the report to report-uri at once; the server logs one warning line per report.
  const logFile = serverLogFile();
  if (!existsSync(logFile)) throw new Error(`the server's log ${logFile} does not exist`);
  const deadline = Date.now() + 30_000;
  let lines: Record<string, unknown>[] = [];
  while (Date.now() < deadline) {
    lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes(marker))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    if (lines.some((l) => (l.csp as { directive?: string }).directive === 'script-src-elem')) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const line = lines.find((l) => (l.csp as { directive?: string }).directive === 'script-src-elem');
  expect(line).toMatchObject({ level: 40, msg: 'csp violation', csp: { blocked: 'inline', document: url(`/${marker}`), disposition: 'enforce' } });
}, 90_000);
