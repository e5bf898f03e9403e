/**
 * Deep links (spec §4, DESIGN.md): a signed-out visitor of a deep-linkable page with `ucpid` goes through /weblogin
 * and comes back to the page with its query; a link naming another of the user's customers selects it; an off-site
 * link is never followed; a revoked token on a deep-link page sends the user to /login with the link and the error.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  DEMO_PASSWORD,
  apiPost,
  closeBrowser,
  localePath,
  newPage,
  portalPath,
  recordRequests,
  sessionOf,
  signIn,
  url,
  type PortalLocale,
} from '../helpers/browser';
import { t } from './texts';

afterAll(closeBrowser);

// The inbox is the deep-link page every customer user may open (`home`); fail loudly if it is ever removed.
const DEEP_LINK_PAGE = '/inbox';
if (!existsSync(path.join(process.cwd(), 'pages', `${DEEP_LINK_PAGE.slice(1)}.tsx`))) {
  throw new Error(`deepLink.spec.ts needs the deep-linkable page ${DEEP_LINK_PAGE}`);
}

let page: Page;

beforeEach(async () => {
  page = await newPage();
});

afterEach(async () => {
  await page?.context().close();
});

const searchOf = (href: string) => Object.fromEntries(new URL(href).searchParams);

/** Waits for the inbox to be shown (its level-1 heading), not a no-permission or session message. */
async function inboxShown(locale: PortalLocale = 'en'): Promise<void> {
  await page.getByRole('heading', { level: 1, name: t(locale, 'inbox:inbox.title'), exact: true }).waitFor();
  expect(await page.getByRole('heading', { level: 1, name: t(locale, 'common:no_permission_to_access') }).count()).toBe(0);
}

describe.each<PortalLocale>(['en', 'tc'])('signed out, a deep link goes through /weblogin and back (%s)', (locale) => {
  it('carries the page and its query through sign-in', async () => {
    await page.goto(url(localePath(locale, `${DEEP_LINK_PAGE}?ucpid=UCP100001&id=e2e-link-1`)));
    await page.waitForURL((u) => portalPath(u.href) === '/weblogin');
    expect(new URL(page.url()).pathname).toBe(localePath(locale, '/weblogin'));
    expect(searchOf(page.url())).toEqual({ deepLink: DEEP_LINK_PAGE, deepLinkParams: 'ucpid=UCP100001&id=e2e-link-1' });
    await page.getByRole('heading', { level: 1, name: t(locale, 'auth:weblogin.title') }).waitFor();

    expect(await signIn(page, 'customer@demo.hk')).toBe(localePath(locale, DEEP_LINK_PAGE));
    expect(searchOf(page.url())).toEqual({ ucpid: 'UCP100001', id: 'e2e-link-1' });
    await inboxShown(locale);
  });
});

it('a deep link naming the second customer of multi@demo.hk selects it, without the selection screen', async () => {
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(portalPath(frame.url()));
  });
  await page.goto(url(`${DEEP_LINK_PAGE}?ucpid=UCP100003&id=e2e-link-2`));
  await page.waitForURL((u) => portalPath(u.href) === '/weblogin');
  // multi@demo.hk prefers Traditional Chinese: sign-in continues in it, keeping the deep link (issue 10 item 3).
  expect(await signIn(page, 'multi@demo.hk')).toBe(localePath('tc', DEEP_LINK_PAGE));
  expect(searchOf(page.url())).toEqual({ ucpid: 'UCP100003', id: 'e2e-link-2' });
  await inboxShown('tc');
  expect((await sessionOf(page)).currentUser?.ucpId).toBe('UCP100003');
  await page.getByTestId('user-menu-button').click();
  await page
    .getByTestId('current-customer')
    .filter({ hasText: t('tc', 'common:user.actingFor', { customer: '旭日牙科診所有限公司' }) })
    .waitFor();
  expect(visited).not.toContain('/login/select-ucp');
});

const OFF_SITE = ['https://evil.example/inbox', '//evil.example/inbox', '/\\evil.example/inbox', '%2F%2Fevil.example', 'javascript:alert(1)'];

/** Signs in on /weblogin carrying `deepLink` and reports where the browser ended up and what it fetched. */
async function signInWithDeepLink(deepLink: string) {
  const own = await newPage();
  try {
    const requests = recordRequests(own);
    const dialogs: string[] = [];
    own.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const query = new URLSearchParams({ deepLink, deepLinkParams: 'ucpid=UCP100001' });
    await own.goto(url(`/weblogin?${query.toString()}`));
    const landed = await signIn(own, 'customer@demo.hk');
    await own.getByRole('heading', { level: 1, name: t('en', 'home:home.welcome', { name: 'Chan Tai Man' }) }).waitFor();
    return { deepLink, landed, origin: new URL(own.url()).origin, external: requests.external(), dialogs };
  } finally {
    await own.context().close();
  }
}

it('an off-site deep link is never followed: sign-in ends on the portal’s own landing page', async () => {
  // Side by side: each is a whole sign-in, and they do not affect one another.
  const results = await Promise.all(OFF_SITE.map(signInWithDeepLink));
  const origin = new URL(url('/')).origin;
  expect(results).toEqual(OFF_SITE.map((deepLink) => ({ deepLink, landed: '/', origin, external: [], dialogs: [] })));
});

describe.each<PortalLocale>(['en', 'tc'])('a revoked token on a deep-link page (%s)', (locale) => {
  it('signs out and sends the user to /login with the link and TOKEN_EXPIRED, shown translated', async () => {
    await signIn(page, 'customer@demo.hk', DEMO_PASSWORD, { locale });
    const { jwtToken } = await sessionOf(page);
    expect(jwtToken).toEqual(expect.any(String));
    // Revoked from outside the browser, as a sign-out elsewhere would do.
    expect((await apiPost('/api/login/logout', {}, jwtToken)).status).toBe(200);

    await page.goto(url(localePath(locale, `${DEEP_LINK_PAGE}?ucpid=UCP100001&id=e2e-link-3`)));
    await page.waitForURL((u) => portalPath(u.href) === '/login');
    expect(new URL(page.url()).pathname).toBe(localePath(locale, '/login'));
    expect(searchOf(page.url())).toEqual({ deepLink: DEEP_LINK_PAGE, deepLinkParams: 'ucpid=UCP100001&id=e2e-link-3', error: 'TOKEN_EXPIRED' });
    const alert = page.locator('[data-testid="login-error"][data-code="TOKEN_EXPIRED"]');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe(t(locale, 'error:TOKEN_EXPIRED'));
    expect(await sessionOf(page)).toEqual({});

    // The guard's redirect is the whole answer: no "session ended" dialog on top of the sign-in form.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Signing in again from there goes back to the page.
    expect(await signIn(page, 'customer@demo.hk')).toBe(localePath(locale, DEEP_LINK_PAGE));
    expect(searchOf(page.url())).toEqual({ ucpid: 'UCP100001', id: 'e2e-link-3' });
    await inboxShown(locale);
  });
});

describe('signed in, a deep link naming another customer (issue 10 item 1)', () => {
  it('a customer the user is linked to: switched to it (token re-issued) and the page shown', async () => {
    await signIn(page, 'multi@demo.hk', DEMO_PASSWORD, { ucpId: 'UCP100002' });
    const before = await sessionOf(page);
    expect(before.currentUser?.ucpId).toBe('UCP100002');
    // Unprefixed: the remembered language (tc, multi@demo.hk's preference) applies.
    await page.goto(url(`${DEEP_LINK_PAGE}?ucpid=UCP100003&id=e2e-link-4`));
    await inboxShown('tc');
    // The guard shows the page only once the switch is done.
    const after = await sessionOf(page);
    expect(after.currentUser?.ucpId).toBe('UCP100003');
    expect(after.jwtToken).not.toBe(before.jwtToken);
    expect(searchOf(page.url())).toEqual({ ucpid: 'UCP100003', id: 'e2e-link-4' });
  });

  it('a customer the user is not linked to: a clear message, the session unchanged', async () => {
    const locale: PortalLocale = 'tc';
    await signIn(page, 'multi@demo.hk', DEMO_PASSWORD, { ucpId: 'UCP100002', locale });
    await page.goto(url(localePath(locale, `${DEEP_LINK_PAGE}?ucpid=UCP100001`)));
    await page.getByRole('heading', { level: 1, name: t(locale, 'common:deepLinkCustomer.notLinkedTitle') }).waitFor();
    expect(await page.getByRole('heading', { level: 1, name: t(locale, 'inbox:inbox.title'), exact: true }).count()).toBe(0);
    expect((await sessionOf(page)).currentUser?.ucpId).toBe('UCP100002');
  });
});
