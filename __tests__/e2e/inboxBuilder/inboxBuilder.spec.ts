/**
 * The inbox message builder end to end (docs/inbox-builder.md): a provider admin composes a bilingual message for one
 * customer (UCP100003 Sunrise Dental), sends it now; the delivery job delivers it; multi@demo.hk acting for UCP100003
 * sees it arrive unread with the header count, opens it (in Chinese), and marks all as read; the admin sees it read.
 * The message carries a random marker and only UCP100003's inbox is touched (the shell inbox spec uses UCP100002).
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { mailContract } from '@/lib/mail/contract';
import type { OutboxListResult, OutboxMail } from '@/lib/mail/schemas';
import { newPage, newPageAs, portalPath, screenshot, setUpBrowserSpec, signIn, url } from '../helpers/browser';
import { badgeCount, waitForBadge } from '../helpers/shell';
import { api, en, h1, open, selectOption, tc } from '../orders/support';

setUpBrowserSpec(420_000);

let admin: Page;
let customer: Page;
afterEach(async () => {
  await admin?.context().close();
  await customer?.context().close();
});

const marker = randomBytes(3).toString('hex');
const titleEn = `Service visit next week ${marker}`;
const titleZh = `下星期上門保養 ${marker}`;

it('staff compose and send a message to one customer; its user sees it unread, opens it and marks all read', async () => {

  admin = await newPageAs('admin@demo.hk');
  await open(admin, '/admin-controls/build-inbox-message', en('inbox-builder:title'));
  await admin.getByRole('link', { name: en('inbox-builder:add') }).click();
  await h1(admin, en('inbox-builder:add')).waitFor();
  await admin.getByRole('textbox', { name: en('inbox-builder:form.titleEn') }).fill(titleEn);
  await admin.getByRole('textbox', { name: en('inbox-builder:form.titleZh') }).fill(titleZh);
  await admin.getByRole('textbox', { name: en('inbox-builder:form.bodyEn') }).fill(`<p>Our technician will service your copier next Tuesday. Ref ${marker}.</p>`);
  await admin.getByRole('textbox', { name: en('inbox-builder:form.bodyZh') }).fill(`<p>我們的技術人員將於下星期二為您的影印機進行保養。編號 ${marker}。</p>`);
  await selectOption(admin, admin.getByRole('combobox', { name: en('inbox-builder:form.category') }), en('inbox-builder:category.service'));
  await admin.getByRole('radio', { name: en('inbox-builder:audience.customers') }).check();
  const picker = admin.getByRole('combobox', { name: en('inbox-builder:form.customers') });
  await picker.fill('UCP100003');
  await admin.getByRole('option', { name: /^UCP100003/ }).click();
  await admin.getByRole('button', { name: en('inbox-builder:form.save') }).click();

  await h1(admin, titleEn).waitFor();
  const send = admin.getByRole('button', { name: en('inbox-builder:send.confirm') });
  await send.click();
  // Sent now: the draft's send panel goes (the message is scheduled, and sent once the job has delivered it).
  await send.waitFor({ state: 'detached' });
  // No longer a draft: the header's "Edit draft" goes too.
  await admin.getByRole('link', { name: en('inbox-builder:edit') }).waitFor({ state: 'detached' });

  // The customer's user, acting for UCP100003, in Chinese.
  customer = await newPageAs('multi@demo.hk', { ucpId: 'UCP100003', locale: 'tc' });
  await customer.goto(url('/tc/inbox'));
  await customer.getByRole('heading', { level: 1, name: tc('inbox:inbox.title') }).waitFor();
  const row = customer.getByTestId('inbox-item').filter({ hasText: titleZh });
  // Delivery runs as a job (woken by the send, and every minute): reload until it has arrived, for up to 2 minutes.
  const deadline = Date.now() + 120_000;
  while ((await row.count()) === 0 && Date.now() < deadline) {
    await customer.waitForTimeout(2000);
    await customer.reload();
    await customer.getByRole('heading', { level: 1, name: tc('inbox:inbox.title') }).waitFor();
    await customer.getByTestId('inbox-item').first().waitFor();
  }
  await row.first().waitFor();
  expect(await row.first().getAttribute('data-unread')).toBe('true');
  await customer.waitForFunction(() => document.querySelector('[data-testid="unread-badge"] .MuiBadge-badge:not(.MuiBadge-invisible)') !== null);
  const before = (await badgeCount(customer))!;
  expect(before).toBeGreaterThanOrEqual(1);

  await row.first().click();
  await customer.getByTestId('inbox-panel').getByRole('heading', { name: titleZh }).waitFor();
  await customer.getByTestId('inbox-message-body').getByText(`我們的技術人員將於下星期二為您的影印機進行保養。編號 ${marker}。`).waitFor();
  await waitForBadge(customer, before - 1);
  await screenshot(customer, 'inbox-builder-received-tc');

  if (before - 1 > 0) {
    await customer.getByRole('button', { name: tc('inbox:inbox.markAllRead') }).click();
    await waitForBadge(customer, 0);
  }
  // The list refetches after the badge: wait for it rather than read it at once.
  await customer.waitForFunction(() => document.querySelectorAll('[data-testid="inbox-item"][data-unread="true"]').length === 0);

  // The builder's view turned from "being delivered" to a confirmation that stays (it used to vanish with the send
  // panel when delivery was quick): the view looks again every few seconds while the message is being delivered.
  await admin.getByRole('status').filter({ hasText: /^Sent .+ to [1-9]\d* recipients?\.$/ }).waitFor({ timeout: 60_000 });

  // Back at the builder: sent, one recipient who has read it.
  await admin.reload();
  await h1(admin, titleEn).waitFor();
  // readCount's English text: "1 of N read".
  expect(en('inbox-builder:readCount', { read: '1', recipients: '2' })).toBe('1 of 2 read');
  await admin.getByText(/^1 of [1-9]\d* read$/).first().waitFor();
});

it('the notification mail of that message, opened while signed out, leads through sign-in to the message', async () => {
  // Without SMTP the e2e server keeps mails in the outbox (docs/mail.md): read the one sent to multi@demo.hk.
  admin = await newPageAs('admin@demo.hk');
  await open(admin, '/admin-controls/outbox', en('admin:landing.areas.outbox.title'));
  const E = mailContract.endpoints;
  const list = await api<OutboxListResult>(admin, E.listOutbox.path, { page: 1, pageSize: 20, filter: { q: marker } });
  const item = list.items.find((m) => m.toAddress === 'multi@demo.hk');
  expect(item).toBeDefined();
  const mail = await api<OutboxMail>(admin, E.getOutboxMail.path, { id: item!.id });
  // Bilingual, the preferred language (Chinese) first; each with its own deep link to the inbox naming UCP100003.
  expect(mail.textBody.indexOf(titleZh)).toBeGreaterThanOrEqual(0);
  expect(mail.textBody.indexOf(titleZh)).toBeLessThan(mail.textBody.indexOf(titleEn));
  const link = /https?:\/\/\S+\/tc\/inbox\?\S+/.exec(mail.textBody)?.[0];
  expect(link).toBeDefined();
  const linkUrl = new URL(link!);
  expect(linkUrl.searchParams.get('ucpid')).toBe('UCP100003');
  const id = linkUrl.searchParams.get('id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  // A signed-out browser follows it (on the e2e server's address): /weblogin, sign in, the inbox with the message open.
  customer = await newPage();
  await customer.goto(url(`${linkUrl.pathname}${linkUrl.search}`));
  await customer.waitForURL((u) => portalPath(u.href) === '/weblogin');
  expect(await signIn(customer, 'multi@demo.hk')).toBe('/tc/inbox');
  expect(Object.fromEntries(new URL(customer.url()).searchParams)).toEqual({ ucpid: 'UCP100003', id });
  await customer.getByTestId('inbox-panel').getByRole('heading', { name: titleZh }).waitFor();
  await customer.getByTestId('inbox-message-body').getByText(`編號 ${marker}`, { exact: false }).waitFor();
});
