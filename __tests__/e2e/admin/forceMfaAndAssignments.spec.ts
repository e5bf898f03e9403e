/**
 * Issue 14 in the browser, the parts added on branch h14 (docs/auth.md, docs/user-accounts.md,
 * docs/user-list-report.md): staff force MFA on a user, who must then set up an authenticator at its next sign-in
 * (in Chinese) and afterwards signs in with a code; staff reset it and the next sign-in enrols again. Staff assign
 * customers to a staff user on its edit page, and that user's user list report follows at once. Every user here is new
 * (random login ids), so the spec depends on no other and changes no demo account.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { freshTotp, newPage, newPageAs, setUpBrowserSpec, signIn, submitSignIn, trackPages, url } from '../helpers/browser';
import { api, checkAccessible, en, h1, open, shot, tc } from '../orders/support';

setUpBrowserSpec(300_000);

const track = trackPages();

const BASE = '/admin-controls/user-account-maintenance';
const PASSWORD = 'Kowloon2026bay';
/** The seeded "Admin auditor (read only)" provider group: it holds user_list_rpt_read (scoped to assignments). */
const AUDITOR_GROUP = '5eed0003-0000-4000-8000-000000000007';
const suffix = () => randomBytes(3).toString('hex');

type OutboxList = { items: { id: string; toAddress: string; template: string }[] };

/** Creates an active user through the API as the admin: created, then activated with the link from the outbox. */
async function activeUser(admin: Page, body: Record<string, unknown> & { loginId: string }): Promise<string> {
  const { id } = await api<{ id: string }>(admin, '/api/users/createUser', body);
  for (let i = 0; i < 20; i += 1) {
    const list = await api<OutboxList>(admin, '/api/mail/listOutbox', { page: 1, pageSize: 20, filter: { q: body.loginId } });
    const mail = list.items.find((m) => m.toAddress === body.loginId && m.template === 'account_activation');
    if (mail) {
      const full = await api<{ textBody: string }>(admin, '/api/mail/getOutboxMail', { id: mail.id });
      const token = /token=([A-Za-z0-9_-]+)/.exec(full.textBody)?.[1];
      if (token) {
        await api(admin, '/api/accountLinks/setPassword', { token, purpose: 'activation', password: PASSWORD });
        return id;
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no activation mail for ${body.loginId}`);
}

/**
 * The admin on the user list, and a new active user made by `activeUser`: login id `e2e.<login>.<suffix>@example.test`
 * (also its e-mail), name `<label> <suffix>`, the rest from `fields`.
 */
async function adminWithNewUser(login: string, label: string, fields: Record<string, unknown>) {
  const admin = track(await newPageAs('admin@demo.hk'));
  await open(admin, BASE, en('users:title'));
  const s = suffix();
  const loginId = `e2e.${login}.${s}@example.test`;
  const name = `${label} ${s}`;
  const id = await activeUser(admin, { loginId, name, email: loginId, ...fields });
  return { admin, loginId, name, id };
}

it('staff force MFA; the user must set up an authenticator at sign-in, then signs in with a code; a reset makes it enrol again', async () => {
  const { admin, loginId, name, id } = await adminWithNewUser('mfa', 'Forced MFA', { preferredLanguage: 'tc', kind: 'customer', skipMfa: false, links: [{ ucpId: 'UCP100001', groupIds: [] }] });

  // The admin ticks "Force two-step verification" on the user's edit page.
  await open(admin, `${BASE}/edit/${id}`, en('users:editTitle', { name }));
  await admin.getByRole('checkbox', { name: en('users:fields.mfaRequired') }).check();
  await admin.getByRole('button', { name: en('common:ui.form.save') }).click();
  await h1(admin, en('users:viewTitle', { name })).waitFor();
  await admin.getByText(en('users:view.mfaRequired'), { exact: true }).first().waitFor();
  expect((await api<{ mfaRequired: boolean }>(admin, '/api/users/getUser', { id })).mfaRequired).toBe(true);

  // The user signs in (in Chinese): the password alone is not enough, the set-up step shows the QR code and the key.
  const user = track(await newPage({ locale: 'zh-HK' }));
  await user.goto(url('/tc/login'));
  expect(await submitSignIn(user, loginId, PASSWORD)).toBe('MFA_ENROL_REQUIRED');
  await user.getByTestId('login-enrolment').waitFor();
  await h1(user, tc('mfa:setUpTitle')).waitFor();
  await user.getByRole('img', { name: tc('mfa:qrAlt') }).waitFor();
  await user.getByText(tc('auth:login.enrolIntro')).waitFor();
  const secret = ((await user.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await checkAccessible(user, 'sign-in MFA enrolment (tc)');
  await shot(user, 'login-mfa-enrolment-tc');
  // Still no session.
  expect(await user.evaluate(async () => Object.keys(await (await fetch('/api/auth/session')).json()).length)).toBe(0);

  // A code from the authenticator turns MFA on and signs in.
  await user.getByTestId('totp').fill(await freshTotp(secret));
  await user.getByRole('button', { name: tc('auth:login.enrolSubmit') }).click();
  await user.waitForURL((u) => !/\/login(\?|$)/.test(u.pathname));
  expect((await api<{ mfaEnabled: boolean }>(admin, '/api/users/getUser', { id })).mfaEnabled).toBe(true);

  // The next sign-in (English) asks for a code, and is done with one.
  const next = track(await newPage());
  await next.goto(url('/login'));
  expect(await submitSignIn(next, loginId, PASSWORD)).toBe('MFA_REQUIRED');
  await next.goto(url('/login'));
  const landed = await signIn(next, loginId, PASSWORD, { totp: secret });
  expect(landed).not.toMatch(/\/login$/);

  // The admin resets MFA on the user's page: the next sign-in enrols again.
  await open(admin, `${BASE}/view/${id}`, en('users:viewTitle', { name }));
  await admin.getByRole('button', { name: en('users:actions.resetMfa.action') }).click();
  await admin.getByRole('dialog').getByRole('button', { name: en('users:actions.resetMfa.confirm') }).click();
  await admin.getByRole('dialog').waitFor({ state: 'hidden' });
  const third = track(await newPage());
  await third.goto(url('/login'));
  expect(await submitSignIn(third, loginId, PASSWORD)).toBe('MFA_ENROL_REQUIRED');
  await third.getByTestId('login-enrolment').waitFor();
  await h1(third, en('mfa:setUpTitle')).waitFor();
  const secondSecret = ((await third.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secondSecret).not.toBe(secret);
});

it('staff assign customers to a staff user on its edit page; its user list report follows at once', async () => {
  const { admin, loginId, name, id } = await adminWithNewUser('staff', 'Assigned Staff', {
    preferredLanguage: 'en',
    kind: 'staff',
    skipMfa: false,
    assignedUcpIds: ['UCP100001'],
    links: [{ ucpId: 'PROVIDER', groupIds: [AUDITOR_GROUP] }],
  });

  const staff = track(await newPage());
  // A first sign-in: the terms of use are accepted once.
  if ((await signIn(staff, loginId, PASSWORD)).endsWith('/login/disclaimer')) {
    await staff.getByRole('checkbox', { name: en('auth:disclaimer.agree') }).check();
    await staff.getByTestId('disclaimer-accept').click();
    await staff.waitForURL((u) => !u.pathname.endsWith('/login/disclaimer'));
  }
  await open(staff, '/admin-controls/user-list-report?q=demo.hk', en('userListReport:title'));
  await staff.getByRole('cell', { name: 'customer@demo.hk' }).first().waitFor();
  expect(await staff.getByRole('cell', { name: 'mfa@demo.hk' }).count()).toBe(0);

  // The view lists the assignment; the edit page changes it to Sunrise Dental (UCP100003) only.
  await open(admin, `${BASE}/view/${id}`, en('users:viewTitle', { name }));
  await admin.getByRole('heading', { level: 2, name: en('users:sections.assigned') }).waitFor();
  await admin.getByRole('table', { name: en('users:sections.assigned') }).getByRole('cell', { name: /^UCP100001 · / }).waitFor();
  await admin.getByRole('link', { name: en('users:edit') }).click();
  await h1(admin, en('users:editTitle', { name })).waitFor();
  await admin.getByRole('combobox', { name: en('users:fields.assignedUcpIds') }).click();
  await admin.getByRole('option', { name: /UCP100001/ }).click();
  await admin.getByRole('option', { name: /UCP100003/ }).click();
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: en('common:ui.form.save') }).click();
  await h1(admin, en('users:viewTitle', { name })).waitFor();
  await admin.getByRole('table', { name: en('users:sections.assigned') }).getByRole('cell', { name: /^UCP100003 · / }).waitFor();
  expect(await admin.getByRole('table', { name: en('users:sections.assigned') }).getByRole('cell', { name: /^UCP100001 · / }).count()).toBe(0);

  // The staff user's next load of the report shows Sunrise Dental's users, not Harbour View's; no new sign-in.
  await staff.reload();
  await h1(staff, en('userListReport:title')).waitFor();
  await staff.getByRole('cell', { name: 'mfa@demo.hk' }).first().waitFor();
  expect(await staff.getByRole('cell', { name: 'customer@demo.hk' }).count()).toBe(0);

  // A customer user has no assignment field.
  await open(admin, `${BASE}/add`, en('users:addTitle'));
  await admin.getByRole('radio', { name: en('users:kind.customer') }).check();
  expect(await admin.getByRole('combobox', { name: en('users:fields.assignedUcpIds') }).count()).toBe(0);
  await admin.getByRole('radio', { name: en('users:kind.staff') }).check();
  await admin.getByRole('combobox', { name: en('users:fields.assignedUcpIds') }).waitFor();
});
