/**
 * The first-sign-in disclaimer (spec §4 `/login/disclaimer`): viewer@demo.hk has not accepted it in the demo data,
 * so its first sign-in of a server run shows it; accepted once, it is remembered on the server.
 *
 * This file is the only one that may accept viewer's disclaimer (see the sign-in helpers in helpers/browser.ts).
 */
import { closeBrowser, newPage, portalPath, sessionOf, signIn, signOut, url } from '../helpers/browser';
import { t } from './texts';

afterAll(closeBrowser);

it('viewer@demo.hk accepts the disclaimer at its first sign-in and is not asked again', async () => {
  const page = await newPage();
  const landed = await signIn(page, 'viewer@demo.hk');
  if (landed !== '/login/disclaimer') {
    throw new Error(`viewer@demo.hk landed on ${landed}: has another spec accepted its disclaimer in this run? Only disclaimer.spec.ts may.`);
  }
  await page.getByRole('heading', { level: 1, name: t('en', 'auth:disclaimer.title') }).waitFor();
  expect((await sessionOf(page)).profile?.needsDisclaimer).toBe(true);

  // Until it is accepted, a protected page sends the user back here.
  await page.goto(url('/account'));
  await page.waitForURL((u) => portalPath(u.href) === '/login/disclaimer');
  await page.getByRole('heading', { level: 1, name: t('en', 'auth:disclaimer.title') }).waitFor();

  const accept = page.getByTestId('disclaimer-accept');
  expect(await accept.isDisabled()).toBe(true);
  await page.getByLabel(t('en', 'auth:disclaimer.agree')).check();
  expect(await accept.isEnabled()).toBe(true);
  await accept.click();
  await page.waitForURL((u) => portalPath(u.href) === '/');
  await page.getByRole('heading', { level: 1, name: t('en', 'home:home.welcome', { name: 'Lee Ka Yan' }) }).waitFor();
  expect((await sessionOf(page)).profile?.needsDisclaimer).toBe(false);

  await signOut(page);
  expect(await signIn(page, 'viewer@demo.hk')).toBe('/');
  await page.getByRole('heading', { level: 1, name: t('en', 'home:home.welcome', { name: 'Lee Ka Yan' }) }).waitFor();
  await page.context().close();
});
