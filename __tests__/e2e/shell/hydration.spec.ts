/**
 * Every page's first load hydrates the HTML the server sent: no React error on the way (a mismatch, #418, makes
 * React throw the prerendered HTML away and render the whole page again in the browser, which users see as a flash
 * and pay for in main-thread time). Signed out: the sign-in pages, contact us and the 404 page; signed in: the shell's pages and a
 * page of each layout. Both languages; phone and desktop.
 */
import type { Page } from 'playwright-core';
import { localePath, newPage, newPageAs, setUpBrowserSpec, trackPages, url, type PortalLocale } from '../helpers/browser';

setUpBrowserSpec(180_000);
const track = trackPages();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Loads `path` and resolves to the errors the page raised while it loaded and hydrated. */
async function loadErrors(page: Page, path: string, locale: PortalLocale): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /hydrat|react\.dev\/errors\/4(18|19|21|22|23|25)/i.test(m.text())) errors.push(m.text());
  });
  await page.goto(url(localePath(locale, path)), { waitUntil: 'networkidle' });
  // Hydrated: React's props are on the page's first heading (a mismatch is raised before that).
  await page.waitForFunction(() => {
    const h1 = document.querySelector('main h1, h1');
    return h1 !== null && Object.keys(h1).some((k) => k.startsWith('__reactProps'));
  });
  await page.waitForTimeout(300);
  return errors;
}

const SIGNED_OUT = ['/login', '/weblogin', '/contact-us', '/no-such-page'];
const SIGNED_IN = ['/', '/inbox', '/my-orders/manage', '/contact-us', '/no-such-page'];
const cases = (paths: string[]) => paths.flatMap((p) => (['en', 'tc'] as const).map((locale) => [p, locale] as const));

it.each(cases(SIGNED_OUT))('signed out: %s in %s hydrates without an error, on a phone and a desktop', async (path, locale) => {
  for (const viewport of [PHONE, DESKTOP]) {
    const page = track(await newPage({ viewport, locale: locale === 'tc' ? 'zh-HK' : 'en-HK' }));
    expect({ path, viewport, errors: await loadErrors(page, path, locale) }).toEqual({ path, viewport, errors: [] });
  }
});

it.each(cases(SIGNED_IN))('signed in: %s in %s hydrates without an error, on a phone and a desktop', async (path, locale) => {
  for (const viewport of [PHONE, DESKTOP]) {
    const page = track(await newPageAs('customer@demo.hk', { viewport, locale }));
    expect({ path, viewport, errors: await loadErrors(page, path, locale) }).toEqual({ path, viewport, errors: [] });
  }
});
