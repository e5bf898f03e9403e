/**
 * Dark mode survives a reload without a flash (issue 4 "Theme", DESIGN.md): the toggle writes the `colorMode`
 * cookie, and the inline script of _document applies it to <html data-mui-color-scheme> before <body> exists, so
 * the first paint of a static page is already dark. Checked on a static sign-in page and on a signed-in page.
 */
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, newPageAs, screenshot, url } from '../helpers/browser';
import { DARK_BACKGROUND, LIGHT_BACKGROUND, firstPaint, recordFirstPaint, t } from '../helpers/shell';

afterAll(closeBrowser);

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

async function toggleToDark(p: Page): Promise<void> {
  const toggle = p.getByTestId('color-mode-toggle').first();
  await toggle.waitFor();
  expect(await toggle.getAttribute('data-mode')).toBe('light');
  expect(await toggle.getAttribute('aria-label')).toBe(t('en', 'common:colorMode.toDark'));
  await toggle.click();
  await p.waitForFunction(() => document.documentElement.getAttribute('data-mui-color-scheme') === 'dark');
  expect(await toggle.getAttribute('data-mode')).toBe('dark');
  const cookie = (await p.context().cookies()).find((c) => c.name === 'colorMode');
  expect(cookie?.value).toBe('dark');
}

/** Reloads and checks what the browser had before and at its first paint. */
async function expectDarkFromFirstPaint(p: Page): Promise<void> {
  await recordFirstPaint(p);
  await p.reload();
  const record = await firstPaint(p);
  expect(record.schemeAtBody).toBe('dark');
  // Never light once the body existed (hydration, MUI's provider, the session loading).
  expect(record.schemeChangesAfterBody.filter((v) => v !== 'dark')).toEqual([]);
  expect(record.bodyBackgroundAtDomContentLoaded).toBe(DARK_BACKGROUND);
  expect(record.bodyBackgroundAtFirstFrame).toBe(DARK_BACKGROUND);
  // And it stays dark after hydration, with the toggle offering light.
  const toggle = p.getByTestId('color-mode-toggle').first();
  await p.waitForFunction(() => document.querySelector('[data-testid="color-mode-toggle"]')?.getAttribute('data-mode') === 'dark');
  expect(await toggle.getAttribute('aria-label')).toBe(t('en', 'common:colorMode.toLight'));
  expect(await p.evaluate(() => document.documentElement.getAttribute('data-mui-color-scheme'))).toBe('dark');
}

it('a static page (/login): light by default, dark from the first paint after a reload', async () => {
  page = await newPage();
  await recordFirstPaint(page);
  await page.goto(url('/login'));
  const initial = await firstPaint(page);
  expect(initial.schemeAtBody).toBe('light');
  expect(initial.bodyBackgroundAtDomContentLoaded).toBe(LIGHT_BACKGROUND);

  await toggleToDark(page);
  await expectDarkFromFirstPaint(page);
  await screenshot(page, 'shell-login-dark');
});

it('a signed-in page (/inbox): dark from the first paint after a reload', async () => {
  page = await newPageAs('customer@demo.hk');
  await page.goto(url('/inbox'));
  await page.getByRole('heading', { level: 1, name: t('en', 'inbox:inbox.title'), exact: true }).waitFor();
  await toggleToDark(page);
  await expectDarkFromFirstPaint(page);
  await page.getByRole('heading', { level: 1, name: t('en', 'inbox:inbox.title'), exact: true }).waitFor();
  await screenshot(page, 'shell-inbox-dark');
});
