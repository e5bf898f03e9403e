/**
 * Customer selection and switching (spec §4, docs/auth.md "Customer selection"): multi@demo.hk acts for UCP100002
 * (CUST_ADMIN) and UCP100003 (CUST_VIEWER), so it goes through /login/select-ucp, and its function list, and with it
 * what the portal offers, changes with the customer it acts for.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { visibleNav } from '@/lib/navigation';
import { canAccess, toGrants } from '@/lib/permissions/canAccess';
import { ROUTES } from '@/lib/permissions/routes';
import { baseUrl, closeBrowser, newPage, portalPath, sessionOf, signIn, url } from '../helpers/browser';
import { t } from './texts';

afterAll(closeBrowser);

const CUSTOMERS = {
  UCP100002: 'Lung Cheong Logistics Limited',
  UCP100003: 'Sunrise Dental Clinic Limited',
} as const;

/** The customer the user menu says the user acts for (the menu is opened and closed again). */
async function expectCurrentCustomer(page: Page, name: string): Promise<void> {
  await page.getByTestId('user-menu-button').click();
  // The name loads after the switch (the ucp id stands in until then): wait for the one expected.
  await page.getByTestId('current-customer').filter({ hasText: t('en', 'common:user.actingFor', { customer: name }) }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('current-customer').waitFor({ state: 'detached' });
}

/** Every link of the main navigation, read from the phone drawer (the desktop bar folds sections into menus). */
async function navHrefs(page: Page): Promise<string[]> {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 600, height: 900 });
  await page.getByTestId('nav-drawer-button').click();
  const drawerNav = page.locator('.MuiDrawer-root nav');
  await drawerNav.waitFor();
  const hrefs = await drawerNav.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  await drawerNav.waitFor({ state: 'detached' });
  if (viewport) await page.setViewportSize(viewport);
  return hrefs.sort();
}

const expectedNav = (codes: string[]) =>
  visibleNav(toGrants(codes))
    .flatMap((s) => s.items.map((i) => i.href))
    .sort();

const pageExists = (routePath: string) => {
  const base = path.join(process.cwd(), 'pages', routePath === '/' ? 'index' : routePath.slice(1));
  return ['.tsx', '.ts'].some((ext) => existsSync(`${base}${ext}`) || existsSync(path.join(base, `index${ext}`)));
};

it('multi@demo.hk chooses a customer, switches to the other, and the function list follows', async () => {
  const page = await newPage();
  // multi@demo.hk prefers Chinese: since issue 10 sign-in continues in the preferred language.
  expect(await signIn(page, 'multi@demo.hk')).toBe('/tc/login/select-ucp');
  // The rest of this test reads English: the user picks English, which the portal remembers (NEXT_LOCALE) for the
  // unprefixed URLs below.
  await page.context().addCookies([{ name: 'NEXT_LOCALE', value: 'en', url: baseUrl() }]);
  await page.goto(url('/login/select-ucp'));
  await page.getByRole('heading', { level: 1, name: t('en', 'auth:selectUcp.title') }).waitFor();
  const list = page.getByRole('list', { name: t('en', 'auth:selectUcp.listLabel') });
  await list.waitFor();
  expect(await list.locator('[data-testid^="ucp-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
    'ucp-UCP100002',
    'ucp-UCP100003',
  ]);
  // Not yet chosen: no customer in the session, no function codes.
  const before = await sessionOf(page);
  expect(before.currentUser?.ucpId).toBeNull();
  expect(before.functionList).toEqual([]);

  // First choice.
  await page.getByTestId('ucp-UCP100002').getByText(CUSTOMERS.UCP100002).waitFor();
  await page.getByTestId('ucp-UCP100002').click();
  await page.waitForURL((u) => portalPath(u.href) === '/');
  await page.getByRole('heading', { level: 1, name: t('en', 'home:home.welcome', { name: 'Wong Siu Ming' }) }).waitFor();
  await expectCurrentCustomer(page, CUSTOMERS.UCP100002);
  const first = await sessionOf(page);
  expect(first.currentUser?.ucpId).toBe('UCP100002');
  const firstCodes = (first.functionList ?? []).map((f) => f.fnCode);
  const firstNav = await navHrefs(page);
  expect(firstNav).toEqual(expectedNav(firstCodes));

  // Switch through the user menu.
  await page.getByTestId('user-menu-button').click();
  const switchItem = page.getByTestId('switch-customer');
  expect((await switchItem.innerText()).trim()).toBe(t('en', 'common:user.switchCustomer'));
  await switchItem.click();
  await page.waitForURL((u) => portalPath(u.href) === '/login/select-ucp');
  await page.locator('[data-testid="ucp-UCP100002"][aria-current="true"]').waitFor();
  await page.getByTestId('ucp-UCP100003').click();
  await page.waitForURL((u) => portalPath(u.href) === '/');
  await expectCurrentCustomer(page, CUSTOMERS.UCP100003);
  const second = await sessionOf(page);
  expect(second.currentUser?.ucpId).toBe('UCP100003');
  expect(second.jwtToken).not.toBe(first.jwtToken);
  const secondCodes = (second.functionList ?? []).map((f) => f.fnCode);
  const secondNav = await navHrefs(page);
  expect(secondNav).toEqual(expectedNav(secondCodes));

  // The seed gives the two links different groups: administrator codes for UCP100002, read-only ones for UCP100003.
  expect(firstCodes).toContain('ac_pref_write');
  expect(secondCodes.filter((c) => c.endsWith('_write'))).toEqual([]);
  expect(new Set(firstCodes)).not.toEqual(new Set(secondCodes));

  // What the screens offer follows: every built page that one customer's codes open and the other's do not.
  const differing = ROUTES.filter((r) => !r.isPublic && !r.path.includes('[id]') && pageExists(r.path)).filter(
    (r) => canAccess(toGrants(firstCodes), r.anyOf) !== canAccess(toGrants(secondCodes), r.anyOf),
  );
  for (const rule of differing) {
    await page.goto(url(rule.path));
    const allowed = canAccess(toGrants(secondCodes), rule.anyOf);
    const noPermission = page.getByRole('heading', { level: 1, name: t('en', 'common:no_permission_to_access'), exact: true });
    if (allowed) {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect({ path: rule.path, denied: await noPermission.count() }).toEqual({ path: rule.path, denied: 0 });
    } else {
      await noPermission.waitFor();
    }
  }
  // The account page is open to both, but only the administrator link may change anything.
  await page.goto(url('/account'));
  await page.getByTestId('mfa-read-only').waitFor();
  expect(await page.getByTestId('mfa-set-up').count()).toBe(0);

  // And back to the first customer, from the account page: the switch comes back to it (not home), where the
  // set-up is offered again.
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('switch-customer').click();
  await page.waitForURL((u) => portalPath(u.href) === '/login/select-ucp');
  await page.getByTestId('ucp-UCP100002').click();
  await page.waitForURL((u) => portalPath(u.href) === '/account');
  await expectCurrentCustomer(page, CUSTOMERS.UCP100002);
  await page.getByTestId('mfa-set-up').waitFor();
  expect(await page.getByTestId('mfa-read-only').count()).toBe(0);
  await page.context().close();
});

it('a user with one customer skips the selection and is not offered a switch', async () => {
  const page = await newPage();
  expect(await signIn(page, 'customer@demo.hk')).toBe('/');
  await expectCurrentCustomer(page, 'Harbour View Trading Company Limited');
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('sign-out').waitFor();
  expect(await page.getByTestId('switch-customer').count()).toBe(0);
  await page.context().close();
});
