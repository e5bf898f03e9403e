/**
 * User account maintenance and one-time links in the browser (issue 14, issue 10 item 4; docs/user-accounts.md).
 * admin@demo.hk adds a user, the activation link is read from the mail outbox (through the staff outbox API, as
 * staff would read it while no mail server is configured), the new user activates and signs in; an import with
 * one bad row imports nothing, a good one imports; "forgot password" end to end; staff@demo.hk (no user codes)
 * sees no page and gets 403. Every user here is new (random login ids), so the spec depends on no other.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { newPage, newPageAs, setUpBrowserSpec, signIn, trackPages, url } from '../helpers/browser';
import { setPreferenceCookies } from '../helpers/shell';
import { api, apiError, checkAccessible, en, h1, open, openAddFormFromLanding, shot, t } from '../orders/support';

setUpBrowserSpec(240_000);

const track = trackPages();

const BASE = '/admin-controls/user-account-maintenance';
const suffix = () => randomBytes(3).toString('hex');
const PASSWORD = 'Kowloon2026bay';

type OutboxList = { items: { id: string; toAddress: string; template: string }[] };

/** The newest mail of `template` to `to`, read through the outbox as provider staff, and the link in it. */
async function linkFromOutbox(staff: Page, to: string, template: 'account_activation' | 'password_reset'): Promise<string> {
  for (let i = 0; i < 20; i += 1) {
    const list = await api<OutboxList>(staff, '/api/mail/listOutbox', { page: 1, pageSize: 20, filter: { q: to } });
    const mail = list.items.find((m) => m.toAddress === to && m.template === template);
    if (mail) {
      const full = await api<{ textBody: string }>(staff, '/api/mail/getOutboxMail', { id: mail.id });
      const link = /(https?:\/\/\S+\/login\/(?:activate|reset-password)\?token=[A-Za-z0-9_-]+)/.exec(full.textBody)?.[1];
      if (link) return new URL(link).pathname + new URL(link).search;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${template} mail to ${to} in the outbox`);
}

async function setPasswordThroughLink(page: Page, path: string, heading: string, submit: string) {
  await page.goto(url(path));
  await h1(page, heading).waitFor();
  await page.getByTestId('new-password').fill(PASSWORD);
  await page.getByTestId('confirm-password').fill(PASSWORD);
  await page.getByRole('button', { name: submit }).click();
  await page.getByTestId('set-password-done').waitFor();
}

it('a provider admin adds a customer and a user for it; the user activates it through the e-mailed link (used once) and signs in', async () => {
  const admin = track(await newPageAs('admin@demo.hk'));
  await open(admin, '/admin-controls', en('admin:landing.title'));
  // A new customer first (its own screens are tested in customers.spec.ts), so the user is created for it.
  const hex = randomBytes(3).toString('hex').toUpperCase();
  const ucpId = `UCPU${hex}`;
  await api(admin, '/api/customers/createCustomer', {
    ucpId,
    nameEn: `Sha Tin Print Hub ${hex}`,
    nameZh: `沙田印刷中心 ${hex}`,
    brNo: String(10_000_000 + (Number.parseInt(hex, 16) % 40_000_000)),
    billingAddressEn: '',
    billingAddressZh: '',
    contactName: '',
    contactPhone: '',
    contactEmail: '',
    receiveHardcopyBill: false,
  });
  await openAddFormFromLanding(admin, 'users', 'users');

  const s = suffix();
  const loginId = `e2e.user.${s}@example.test`;
  await admin.getByRole('textbox', { name: en('users:fields.loginId') }).fill(loginId);
  await admin.getByRole('textbox', { name: en('users:fields.name') }).fill(`Cheung Wai Ling ${s}`);
  await admin.getByRole('textbox', { name: en('users:fields.email') }).fill(loginId);
  await admin.getByRole('combobox', { name: en('users:addLink') }).click();
  await admin.getByRole('option', { name: new RegExp(`^${ucpId} · `) }).click();
  await admin.getByRole('combobox', { name: en('users:fields.groups') }).click();
  await admin.getByRole('option', { name: /Customer administrator/ }).click();
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: en('users:add') }).click();

  await h1(admin, en('users:viewTitle', { name: `Cheung Wai Ling ${s}` })).waitFor();
  await admin.getByText(en('users:status.pending')).first().waitFor();
  await admin.getByRole('button', { name: en('users:actions.resend.action') }).waitFor();

  const link = await linkFromOutbox(admin, loginId, 'account_activation');
  const user = track(await newPage());
  await setPasswordThroughLink(user, link, en('auth:activate.title'), en('auth:activate.submit'));

  // The link is spent: opening it again says so.
  const again = track(await newPage());
  await again.goto(url(link));
  await again.getByTestId('link-invalid').waitFor();

  await user.getByTestId('go-sign-in').click();
  const landed = await signIn(user, loginId, PASSWORD);
  expect(landed).toMatch(/\/login\/disclaimer$|\/$/);

  // The user acts for the new customer.
  expect((await user.evaluate(async () => (await (await fetch('/api/auth/session')).json()) as { currentUser?: { ucpId?: string } })).currentUser?.ucpId).toBe(ucpId);

  // The admin's view now shows the account active, and the customer's view lists its user.
  await admin.reload();
  await admin.getByText(en('users:status.active')).first().waitFor();
  await admin.goto(url(`/admin-controls/ucp-customer-maintenance/view/${ucpId}`));
  await h1(admin, en('customers:viewTitle', { name: `Sha Tin Print Hub ${hex}` })).waitFor();
  await admin.getByRole('cell', { name: loginId }).first().waitFor();
});

it('an import with one bad row imports nothing; the corrected file imports every row', async () => {
  const admin = track(await newPageAs('admin@demo.hk'));
  await open(admin, BASE, en('users:title'));
  const s = suffix();
  const good = `e2e.import.${s}@example.test`;
  const header = 'login_id,name,email,language,user_type,customers,groups';
  const rows = (second: string) => [header, `${good},Import Good ${s},${good},en,customer,UCP100001,CUST_VIEWER`, second].join('\n');
  const bad = rows(`e2e.bad.${s},Import Bad,not-an-email,en,customer,UCP100001,NO_SUCH_GROUP`);
  const fixed = rows(`e2e.fixed.${s}@example.test,Import Fixed ${s},e2e.fixed.${s}@example.test,tc,customer,UCP100002,CUST_ADMIN`);

  const importFile = async (content: string) => {
    await admin.getByTestId('import-open').click();
    const dialog = admin.getByRole('dialog', { name: en('users:import.title') });
    await dialog.getByTestId('import-file').setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
    await dialog.getByTestId('import-check').click();
    await dialog.getByTestId('import-preview').waitFor();
    return dialog;
  };

  const dialog = await importFile(bad);
  await dialog.getByText(en('users:import.previewErrors_one', { count: '1', total: '2' })).waitFor();
  expect(await dialog.getByTestId('import-row-2').getAttribute('data-ok')).toBe('true');
  expect(await dialog.getByTestId('import-row-3').getAttribute('data-ok')).toBe('false');
  await dialog.getByTestId('import-row-3').getByText(/NO_SUCH_GROUP/).waitFor();
  expect(await dialog.getByTestId('import-submit').isDisabled()).toBe(true);
  await dialog.getByRole('button', { name: en('common:close') }).click();

  // Nothing was imported, not even the good row.
  await admin.goto(url(`${BASE}?q=${encodeURIComponent(good)}`));
  await admin.getByText(en('users:emptyFiltered')).waitFor();

  const second = await importFile(fixed);
  await second.getByText(en('users:import.previewOk_other', { count: '2' })).waitFor();
  await second.getByTestId('import-submit').click();
  await second.getByText(en('users:import.done_other', { count: '2' })).waitFor();
  await second.getByRole('button', { name: en('common:close') }).click();
  await admin.goto(url(`${BASE}?q=${encodeURIComponent(s)}`));
  await admin.getByRole('link', { name: good, exact: true }).waitFor();
  await admin.getByRole('link', { name: `e2e.fixed.${s}@example.test`, exact: true }).waitFor();
});

it('forgot password: a reset link by e-mail, a new password, the old one refused', async () => {
  const admin = track(await newPageAs('admin@demo.hk'));
  await open(admin, BASE, en('users:title'));
  const s = suffix();
  const loginId = `e2e.forgot.${s}@example.test`;
  // A fresh active user of its own (never a demo account: other specs sign in with their passwords).
  await api(admin, '/api/users/createUser', { loginId, name: `Forgot ${s}`, email: loginId, preferredLanguage: 'en', kind: 'customer', skipMfa: false, links: [{ ucpId: 'UCP100001', groupIds: [] }] });
  const activation = new URL(await linkFromOutbox(admin, loginId, 'account_activation'), 'http://x');
  const token = activation.searchParams.get('token')!;
  const first = 'First2026password';
  await api(admin, '/api/accountLinks/setPassword', { token, purpose: 'activation', password: first });

  const page = track(await newPage());
  await page.goto(url('/login'));
  await page.getByTestId('forgot-password-link').click();
  await h1(page, en('auth:forgotPassword.title')).waitFor();
  await page.getByTestId('forgot-login-id').fill(loginId);
  await page.getByTestId('forgot-submit').click();
  await page.getByTestId('forgot-sent').waitFor();

  // An unknown login id gets the very same answer.
  const other = track(await newPage());
  await other.goto(url('/login/forgot-password'));
  await other.getByTestId('forgot-login-id').fill(`nobody.${s}@example.test`);
  await other.getByTestId('forgot-submit').click();
  expect(await other.getByTestId('forgot-sent').textContent()).toBe(await page.getByTestId('forgot-sent').textContent());

  const reset = await linkFromOutbox(admin, loginId, 'password_reset');
  await setPasswordThroughLink(page, reset, en('auth:resetPassword.title'), en('auth:resetPassword.submit'));
  await page.goto(url('/login'));
  await expect(signIn(page, loginId, first)).rejects.toThrow(/INVALID_CREDENTIALS/);
  await signIn(page, loginId, PASSWORD);
});

it('staff without user codes: no page, no area, 403 from the endpoints', async () => {
  const staff = track(await newPageAs('staff@demo.hk', { locale: 'en' }));
  await staff.goto(url(BASE));
  await staff.getByText(en('common:no_permission_to_access')).first().waitFor();
  expect((await apiError(staff, '/api/users/listUsers', { page: 1, pageSize: 10 })).status).toBe(403);
  expect((await apiError(staff, '/api/users/createUser', { loginId: 'x-nope', name: 'x', email: 'x@example.test', preferredLanguage: 'en', kind: 'customer', skipMfa: false, links: [] })).status).toBe(403);
});

it('on a phone in Chinese and dark mode: the list, the add form, a user and the activation page read well and pass axe', async () => {
  const tc = (key: string, vars?: Record<string, string>) => t('tc', key, vars);
  const admin = track(await newPageAs('admin@demo.hk', { viewport: { width: 390, height: 844 }, locale: 'tc' }));
  await setPreferenceCookies(admin.context(), { colorMode: 'dark' });
  await open(admin, `/tc${BASE}`, tc('users:title'));
  await admin.getByTestId('export-csv').waitFor();
  await checkAccessible(admin, 'users list (tc, dark, phone)');
  await shot(admin, 'users-list-tc-dark-phone');
  // No sideways scrolling on a phone.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await admin.getByRole('link', { name: tc('users:add') }).click();
  await h1(admin, tc('users:addTitle')).waitFor();
  await admin.getByRole('combobox', { name: tc('users:addLink') }).click();
  await admin.getByRole('option', { name: /^UCP100001 · / }).click();
  await admin.getByRole('combobox', { name: tc('users:fields.groups') }).waitFor();
  await checkAccessible(admin, 'add user (tc, dark, phone)');
  await shot(admin, 'users-add-tc-dark-phone');
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await admin.goto(url(`/tc${BASE}?q=customer%40demo.hk`));
  await admin.getByRole('link', { name: 'customer@demo.hk', exact: true }).click();
  await admin.getByRole('button', { name: tc('users:actions.lock.action') }).waitFor();
  await checkAccessible(admin, 'user view (tc, dark, phone)');
  await shot(admin, 'users-view-tc-dark-phone');

  const visitor = track(await newPage({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' }));
  await setPreferenceCookies(visitor.context(), { colorMode: 'dark' });
  await visitor.goto(url('/tc/login/activate?token=' + 'x'.repeat(43)));
  await visitor.getByTestId('link-invalid').waitFor();
  await checkAccessible(visitor, 'activation page, invalid link (tc, dark, phone)');
  await visitor.goto(url('/tc/login/forgot-password'));
  await h1(visitor, tc('auth:forgotPassword.title')).waitFor();
  await checkAccessible(visitor, 'forgot password (tc, dark, phone)');
  await shot(visitor, 'forgot-password-tc-dark-phone');
});
