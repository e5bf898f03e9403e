/**
 * Landing after sign-in (issue 10 items 2 and 4): staff@demo.hk holds only the bill-address approval codes, so it may
 * not open `/`; it lands on its own account page, with its navigation, and may change its own password there.
 */
import { closeBrowser, newPage, portalPath, signIn, url } from '../helpers/browser';
import { t } from './texts';

afterAll(closeBrowser);

it('staff with approval codes only lands on its account page, navigation and password form included', async () => {
  const page = await newPage();
  try {
    // staff@demo.hk prefers Traditional Chinese: sign-in continues in it.
    expect(await signIn(page, 'staff@demo.hk')).toBe('/tc/account');
    await page.getByTestId('account-password').waitFor();
    expect(await page.getByTestId('password-submit').isEnabled()).toBe(true);
    expect(await page.getByTestId('user-menu-button').count()).toBe(1);

    // `/` is still not for it: the no-permission message keeps the header and its navigation.
    await page.goto(url('/tc'));
    await page.waitForURL((u) => portalPath(u.href) === '/');
    await page.getByRole('heading', { level: 1, name: t('tc', 'common:no_permission_to_access') }).waitFor();
    expect(await page.getByTestId('user-menu-button').count()).toBe(1);
    // Its way back to the account page: the user menu (the desktop bar leaves that entry to it).
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: t('tc', 'common:nav.account') }).waitFor();
  } finally {
    await page.context().close();
  }
});
