/**
 * The phone drawer (issue 4 "Layouts"): at 360 × 740 the header's navigation is hidden and the menu button opens a
 * drawer with exactly the entries the user may open (lib/navigation.ts, filtered by the same route table as the
 * guard); choosing one navigates and closes it; Escape closes it and gives focus back to the menu button.
 * From 1200 px the navigation is in the bar instead, and the bar keeps one row at every desktop width.
 */
import type { Page } from 'playwright-core';
import { visibleNav } from '@/lib/navigation';
import { toGrants } from '@/lib/permissions/canAccess';
import { closeBrowser, newPageAs, portalPath, screenshot, sessionOf, url, type PortalLocale } from '../helpers/browser';
import { t } from '../helpers/shell';

const PHONE = { width: 360, height: 740 };

afterAll(closeBrowser);

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

const navigation = (p: Page, locale: PortalLocale) => p.getByRole('navigation', { name: t(locale, 'common:nav.label') });

it.each<PortalLocale>(['en', 'tc'])('customer@demo.hk on a phone (%s): drawer with its entries, navigate, Escape', async (locale) => {
  page = await newPageAs('customer@demo.hk', { viewport: PHONE });
  await page.goto(url(locale === 'tc' ? '/tc' : '/'));
  const menuButton = page.getByRole('button', { name: t(locale, 'common:nav.open') });
  await menuButton.waitFor();
  // The desktop navigation is in the DOM but not shown (and so not in the accessibility tree).
  expect(await navigation(page, locale).count()).toBe(0);
  // Nothing overflows sideways at 360 px.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  const session = await sessionOf(page);
  const expected = visibleNav(toGrants(session.functionList ?? [])).flatMap((s) => s.items.map((i) => ({ href: i.href, name: t(locale, `common:${i.labelKey}`) })));
  expect(expected.length).toBeGreaterThan(0);

  await menuButton.click();
  const nav = navigation(page, locale);
  await nav.waitFor();
  const links = nav.getByRole('link');
  expect(await links.allInnerTexts()).toEqual(expected.map((e) => e.name));
  // Home (the page shown) is marked as the current one.
  expect(await nav.getByRole('link', { name: expected[0]!.name }).getAttribute('aria-current')).toBe('page');
  await screenshot(page, `shell-drawer-open-${locale}`);

  const inbox = expected.find((e) => e.href === '/inbox')!;
  await nav.getByRole('link', { name: inbox.name }).click();
  await page.waitForURL((u) => portalPath(u.href) === '/inbox');
  expect(new URL(page.url()).pathname).toBe(locale === 'tc' ? '/tc/inbox' : '/inbox');
  await nav.waitFor({ state: 'hidden' });
  await page.getByRole('heading', { level: 1, name: t(locale, 'inbox:inbox.title'), exact: true }).waitFor();

  // Keyboard: open with Enter on the focused button, close with Escape; focus returns to the button.
  await menuButton.focus();
  await page.keyboard.press('Enter');
  await nav.waitFor();
  expect(await nav.getByRole('link', { name: inbox.name }).getAttribute('aria-current')).toBe('page');
  await page.keyboard.press('Escape');
  await nav.waitFor({ state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'nav-drawer-button');
  await screenshot(page, `shell-inbox-phone-${locale}`);
});

// At 1200 and 1280 px (en) the customer's four menus wrapped under a two-line portal name: the user block beside the
// avatar now gives way there (components/shell/UserMenu.tsx), and its name stays in the menu and the button's label.
it.each<PortalLocale>(['en', 'tc'])('customer@demo.hk on desktops (%s): the header is one row from 1200 to 1920 px', async (locale) => {
  page = await newPageAs('customer@demo.hk', { viewport: { width: 1200, height: 600 } });
  await page.goto(url(locale === 'tc' ? '/tc' : '/'));
  const nav = navigation(page, locale);
  await nav.waitFor();
  for (const width of [1200, 1280, 1365, 1366, 1440, 1536, 1920]) {
    await page.setViewportSize({ width, height: 600 });
    const rows = await page.evaluate(() => {
      const bar = document.querySelector('header .MuiToolbar-root')!;
      const menus = [...document.querySelectorAll('header nav > *')].map((el) => Math.round(el.getBoundingClientRect().top));
      return { bar: bar.getBoundingClientRect().height, menuRows: new Set(menus).size, menus: menus.length };
    });
    expect({ width, ...rows }).toEqual({ width, bar: 64, menuRows: 1, menus: 4 });
    // The portal's name stays on one line.
    expect(await page.getByRole('link', { name: t(locale, 'common:appName') }).first().evaluate((el) => el.getBoundingClientRect().height)).toBeLessThanOrEqual(30);
  }
  const userMenu = page.getByTestId('user-menu-button');
  expect(await userMenu.getAttribute('aria-label')).toContain('Chan Tai Man');
  await screenshot(page, `shell-header-1920-${locale}`);
});
