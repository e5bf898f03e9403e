/**
 * The sign-in page, opened signed out in both locales: right language, a level-1 heading, labelled fields, no
 * serious accessibility problem, and no request to any host but the portal's own.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { closeBrowser, expectAccessible, newPage, recordRequests, screenshot, url } from './helpers/browser';

afterAll(closeBrowser);

/** A string of `public/locales/<locale>/<ns>.json` (nested or flat keys), so the spec follows the translations. */
function translation(locale: string, ns: string, key: string): string {
  const data = JSON.parse(readFileSync(path.join(process.cwd(), 'public', 'locales', locale, `${ns}.json`), 'utf8')) as Record<string, unknown>;
  const nested = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], data);
  const value = nested ?? data[key];
  if (typeof value !== 'string') throw new Error(`no ${locale} translation for ${ns}:${key}`);
  return value;
}

/** The whole label text, allowing the " *" MUI adds to a required field's label. */
const labelled = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`);

describe.each([
  { locale: 'en', route: '/login', lang: 'en', heading: 'Sign in', browserLocale: 'en-HK' },
  { locale: 'tc', route: '/tc/login', lang: 'zh-Hant-HK', heading: '登入', browserLocale: 'zh-HK' },
])('sign-in page ($locale)', ({ locale, route, lang, heading, browserLocale }) => {
  let page: Page;
  let requests: ReturnType<typeof recordRequests>;

  beforeAll(async () => {
    page = await newPage({ locale: browserLocale });
    requests = recordRequests(page);
    const response = await page.goto(url(route), { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
    // Let anything the page loads after hydration (session check, lazy chunks) happen before checking requests.
    await page.waitForLoadState('networkidle');
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it(`declares lang="${lang}"`, async () => {
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
  });

  it(`shows the level-1 heading "${heading}"`, async () => {
    await expect(page.getByRole('heading', { level: 1 }).allTextContents()).resolves.toEqual([heading]);
  });

  it('labels the login id and password fields', async () => {
    // getAttribute is strict: each label must name exactly one field, and the right one.
    const loginId = page.getByLabel(labelled(translation(locale, 'auth', 'login.loginId')));
    await expect(loginId.getAttribute('data-testid')).resolves.toBe('login-id');
    const password = page.getByLabel(labelled(translation(locale, 'auth', 'login.password')));
    await expect(password.getAttribute('data-testid')).resolves.toBe('password');
    await expect(password.getAttribute('type')).resolves.toBe('password');
  });

  it('has no serious or critical accessibility violations', async () => {
    await expectAccessible(page);
  });

  it('requests nothing from another host', async () => {
    expect(requests.all().length).toBeGreaterThan(0);
    expect(requests.external()).toEqual([]);
    await screenshot(page, `login-${locale}`);
  });
});
