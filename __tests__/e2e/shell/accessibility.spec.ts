/**
 * axe (WCAG 2.1 A/AA) on the shell's pages in both languages and both colour modes: home, inbox, account (signed in
 * as customer@demo.hk) and the sign-in page. Serious and critical violations fail (expectAccessible); minor and
 * moderate ones are printed so they can be looked at.
 */
import type { Page } from 'playwright-core';
import { closeBrowser, expectAccessible, localePath, newPage, newPageAs, screenshot, url, type PortalLocale } from '../helpers/browser';
import { setPreferenceCookies, t } from '../helpers/shell';

afterAll(closeBrowser);

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

type Mode = 'light' | 'dark';
const CASES: [string, PortalLocale, Mode][] = [];
for (const path of ['/', '/inbox', '/account', '/login']) for (const locale of ['en', 'tc'] as const) for (const mode of ['light', 'dark'] as const) CASES.push([path, locale, mode]);

/** What shows that the page's content (not a spinner) is there. */
async function ready(p: Page, path: string, locale: PortalLocale): Promise<void> {
  const h1 = {
    '/': t(locale, 'home:home.welcome', { name: 'Chan Tai Man' }),
    '/inbox': t(locale, 'inbox:inbox.title'),
    '/account': t(locale, 'account:account.title'),
    '/login': t(locale, 'auth:login.title'),
  }[path]!;
  await p.getByRole('heading', { level: 1, name: h1, exact: true }).waitFor();
  if (path === '/inbox') await p.getByTestId('inbox-item').first().waitFor();
  if (path === '/account') await p.getByTestId('loading-overlay').waitFor({ state: 'hidden' }).catch(() => undefined);
  if (path !== '/login') await p.getByRole('contentinfo').getByRole('navigation').waitFor();
  // Let transitions (fades, ripples) end so axe reads final colours.
  await p.waitForTimeout(400);
}

it.each(CASES)('%s in %s, %s mode: no serious or critical axe violation', async (path, locale, mode) => {
  page = path === '/login' ? await newPage() : await newPageAs('customer@demo.hk');
  await setPreferenceCookies(page.context(), { colorMode: mode });
  await page.goto(url(localePath(locale, path)));
  await ready(page, path, locale);
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-mui-color-scheme'))).toBe(mode);
  if (path !== '/login' || mode === 'dark') await screenshot(page, `shell-axe-${path === '/' ? 'home' : path.slice(1)}-${locale}-${mode}`);
  const violations = await expectAccessible(page);
  if (violations.length) {
    console.info(
      `${locale} ${path} (${mode}): ${violations.map((v) => `[${v.impact}] ${v.id} × ${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`).join('\n')}`,
    );
  }
});
