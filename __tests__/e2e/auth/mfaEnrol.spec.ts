/**
 * MFA enrolment (spec §4, docs/auth.md "MFA"): customer@demo.hk turns two-step verification on in /account (QR code
 * and the key shown, confirmed by a first code), then needs a code at sign-in, and turns it off again, so the account
 * is left as the demo data has it. If the test fails half-way, `afterAll` turns MFA off through the API.
 */
import {
  DEMO_PASSWORD,
  apiPost,
  closeBrowser,
  freshTotp,
  newPage,
  portalPath,
  sessionOf,
  signIn,
  signOut,
  submitSignIn,
  url,
} from '../helpers/browser';
import { t } from './texts';

const LOGIN_ID = 'customer@demo.hk';

/** The secret enrolled by the test while MFA may be on; null once it is off again. */
let secretInForce: string | null = null;

afterAll(async () => {
  try {
    if (secretInForce) {
      // Leave the shared demo account as found, whatever happened above.
      const signedIn = await apiPost<{ data?: { jwtToken?: string } }>('/api/login/authenticate', {
        loginId: LOGIN_ID,
        password: DEMO_PASSWORD,
        totp: await freshTotp(secretInForce),
      });
      const token = signedIn.body?.data?.jwtToken;
      if (token) await apiPost('/api/login/enableMfa', { disable: true, code: await freshTotp(secretInForce) }, token);
    }
  } finally {
    await closeBrowser();
  }
});

it('customer@demo.hk sets up MFA, signs in with a code, and turns it off again', async () => {
  const page = await newPage();
  expect(await signIn(page, LOGIN_ID)).toBe('/');
  await page.goto(url('/account'));
  const status = page.getByTestId('mfa-status');
  await status.waitFor();
  expect(await status.getAttribute('data-enabled')).toBe('false');

  // Set up: the QR code and the key for typing in are shown.
  await page.getByTestId('mfa-set-up').click();
  const qr = page.getByRole('img', { name: t('en', 'mfa:qrAlt') });
  await qr.waitFor();
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{100,}$/);
  expect(await qr.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
  const secret = (await page.getByTestId('mfa-secret').innerText()).replace(/\s+/g, '');
  // A new 20-byte secret (32 base-32 characters), not the demo one.
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  // Confirmed by a first code from the "authenticator".
  secretInForce = secret;
  await page.getByLabel(new RegExp(`^\\s*${t('en', 'account:account.mfa.code')}`)).fill(await freshTotp(secret));
  await page.getByTestId('mfa-confirm').click();
  await page.locator('[data-testid="mfa-status"][data-enabled="true"]').waitFor();
  expect((await page.getByTestId('mfa-done').innerText()).trim()).toBe(t('en', 'account:account.mfa.enabled'));
  // The key is no longer on screen.
  expect(await page.getByTestId('mfa-secret').count()).toBe(0);

  // The next sign-in needs the code.
  await signOut(page);
  expect(await submitSignIn(page, LOGIN_ID, DEMO_PASSWORD)).toBe('MFA_REQUIRED');
  await page.getByTestId('totp').waitFor();
  expect(await submitSignIn(page, LOGIN_ID, DEMO_PASSWORD, await freshTotp(secret))).toBeNull();
  await page.waitForURL((u) => portalPath(u.href) === '/');
  await page.getByRole('heading', { level: 1, name: t('en', 'home:home.welcome', { name: 'Chan Tai Man' }) }).waitFor();
  expect((await sessionOf(page)).profile?.mfaEnabled).toBe(true);

  // Off again, with a current code.
  await page.goto(url('/account'));
  await page.locator('[data-testid="mfa-status"][data-enabled="true"]').waitFor();
  await page.getByTestId('mfa-turn-off').click();
  await page.getByLabel(new RegExp(`^\\s*${t('en', 'account:account.mfa.code')}`)).fill(await freshTotp(secret));
  await page.getByTestId('mfa-confirm-off').click();
  await page.locator('[data-testid="mfa-status"][data-enabled="false"]').waitFor();
  secretInForce = null;

  // And the password alone is enough again.
  await signOut(page);
  expect(await signIn(page, LOGIN_ID)).toBe('/');
  await page.context().close();
});
