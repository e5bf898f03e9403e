/**
 * Signing out (spec §4): the user menu's sign-out revokes the API token on the server, ends the next-auth session and
 * goes to /weblogin; going back in the browser's history shows no signed-in content.
 */
import type { Page } from 'playwright-core';
import { apiPost, closeBrowser, newPage, portalPath, sessionOf, signIn, signOut, url } from '../helpers/browser';
import { t } from './texts';

afterAll(closeBrowser);

let page: Page;

beforeEach(async () => {
  page = await newPage();
});

afterEach(async () => {
  await page?.context().close();
});

const welcome = () => page.getByRole('heading', { level: 1, name: t('en', 'home:home.welcome', { name: 'Chan Tai Man' }) });

/** After sign-out: the page on screen must be signed-out content (a sign-in page or the session message). */
async function expectSignedOutContent(): Promise<void> {
  const sessionMessage = page.getByRole('heading', { level: 1, name: t('en', 'error:A001'), exact: true });
  const signInHeading = page.getByRole('heading', { level: 1, name: t('en', 'auth:login.title') });
  const webLoginHeading = page.getByRole('heading', { level: 1, name: t('en', 'auth:weblogin.title') });
  await sessionMessage.or(signInHeading).or(webLoginHeading).first().waitFor();
  expect(await welcome().count()).toBe(0);
  expect(await page.getByTestId('user-menu-button').count()).toBe(0);
  expect(await sessionOf(page)).toEqual({});
}

it('the user menu signs out to /weblogin, revokes the token and empties the session', async () => {
  expect(await signIn(page, 'customer@demo.hk')).toBe('/');
  await welcome().waitFor();
  const { jwtToken } = await sessionOf(page);
  expect((await apiPost('/api/checkToken/checkTokenExpiration', {}, jwtToken)).status).toBe(200);

  await signOut(page);
  expect(new URL(page.url()).pathname).toBe('/weblogin');
  // No page to go back to after signing out: the plain sign-in heading, not "Sign in to continue" (docs/auth.md).
  await page.getByRole('heading', { level: 1, name: t('en', 'auth:login.title'), exact: true }).waitFor();
  expect(await sessionOf(page)).toEqual({});
  // The server refuses the old token from now on, wherever it was copied to.
  const refused = await apiPost<{ error?: { code?: string } }>('/api/checkToken/checkTokenExpiration', {}, jwtToken);
  expect({ status: refused.status, code: refused.body?.error?.code }).toEqual({ status: 401, code: 'TOKEN_EXPIRED' });
});

it('Back after signing out (client-side history) shows no protected content', async () => {
  await signIn(page, 'customer@demo.hk');
  await welcome().waitFor();
  // Into /account through the user menu: a client-side history entry after home.
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: t('en', 'common:nav.account') }).click();
  await page.waitForURL((u) => portalPath(u.href) === '/account');
  await page.getByRole('heading', { level: 1, name: t('en', 'account:account.title') }).waitFor();
  await signOut(page);

  await page.goBack();
  await page.waitForURL((u) => portalPath(u.href) !== '/weblogin');
  await expectSignedOutContent();
});

it('Back after signing out (full page loads, back/forward cache) shows no protected content', async () => {
  await signIn(page, 'customer@demo.hk');
  await page.goto(url('/'));
  await welcome().waitFor();
  await page.goto(url('/account'));
  await page.getByRole('heading', { level: 1, name: t('en', 'account:account.title') }).waitFor();
  await signOut(page);

  await page.goBack();
  await page.waitForURL((u) => portalPath(u.href) !== '/weblogin');
  await expectSignedOutContent();
});
