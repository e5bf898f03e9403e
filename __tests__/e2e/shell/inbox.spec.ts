/**
 * The inbox and the header's unread count (issue 4, docs/inbox.md): opening an unread message shows it and drops the
 * header badge by one at once; "mark all as read" empties it; the language switch on the deep page /inbox?id=… keeps
 * the path and the query.
 *
 * multi@demo.hk acting for UCP100002 (Lung Cheong, 6 unread in the seed) is this file's user: no other spec reads
 * its unread count there. It signs in once (newPageAs); both tests reuse the cookies.
 */
import type { Page } from 'playwright-core';
import { closeBrowser, newPageAs, portalPath, screenshot, url } from '../helpers/browser';
import { api } from '../orders/support';
import { badgeCount, t, waitForBadge } from '../helpers/shell';

const USER = 'multi@demo.hk';
const UCP = 'UCP100002';
/** A seeded message delivered to multi@demo.hk for UCP100002: its bill notice (lib/server/db/seedData/inbox.ts, msgId(19)). */
const MESSAGE_ID = '5eed0010-0000-4000-8000-000000000019';

/** The message's title in each language, as the inbox list gives it (the seed dates it from the day it ran). */
async function titlesOf(p: Page, id: string): Promise<{ en: string; tc: string }> {
  type List = { items: { id: string; title: string }[] };
  const titleIn = async (lang: 'en' | 'tc') =>
    (await api<List>(p, '/api/inbox/getEmailListSortByIsReadAndSendTime', { page: 1, pageSize: 50, lang })).items.find((i) => i.id === id)!.title;
  return { en: await titleIn('en'), tc: await titleIn('tc') };
}

afterAll(closeBrowser);

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

const inboxHeading = (p: Page, locale: 'en' | 'tc') => p.getByRole('heading', { level: 1, name: t(locale, 'inbox:inbox.title'), exact: true });

it('opening an unread message shows it and the header count drops by one; mark all as read empties it', async () => {
  page = await newPageAs(USER, { ucpId: UCP });
  await page.goto(url('/'));
  // The count is loaded silently after sign-in (SessionBootstrap); wait for a number to show.
  await page.waitForFunction(() => document.querySelector('[data-testid="unread-badge"] .MuiBadge-badge:not(.MuiBadge-invisible)') !== null);
  const before = (await badgeCount(page))!;
  expect(before).toBeGreaterThanOrEqual(2);
  // A marker that a full page load would wipe: everything below must happen without a reload.
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  await page.getByTestId('inbox-button').click();
  await page.waitForURL((u) => portalPath(u.href) === '/inbox');
  await inboxHeading(page, 'en').waitFor();
  await expect(page.getByTestId('inbox-unread-summary').textContent()).resolves.toBe(t('en', 'inbox:inbox.unreadSummary_other', { count: String(before) }));

  await page.locator('[data-testid="inbox-item"][data-unread="true"]').first().waitFor();
  // A fixed row (by position), not "the first unread one", which moves on once this one is read.
  const index = await page.getByTestId('inbox-item').evaluateAll((rows) => rows.findIndex((r) => r.getAttribute('data-unread') === 'true'));
  const unread = page.getByTestId('inbox-item').nth(index);
  // The row's text starts with a visually hidden "Unread: " and holds chip, time and preview after the title.
  const rowTitle = (await unread.innerText()).split('\n')[0]!.replace(`${t('en', 'inbox:inbox.unread')}:`, '').trim();
  await unread.click();

  const panel = page.getByTestId('inbox-panel');
  await panel.getByRole('heading', { name: rowTitle }).waitFor();
  // The body (sanitised rich text) is there, not only the title.
  await page.waitForFunction(() => (document.querySelector('[data-testid="inbox-message"]')?.textContent ?? '').length > 120);
  await waitForBadge(page, before - 1);
  await expect(page.getByTestId('inbox-unread-summary').textContent()).resolves.toMatch(new RegExp(`^${before - 1} unread message`));
  expect(await unread.getAttribute('data-unread')).toBeNull();
  await screenshot(page, 'shell-inbox-opened');

  await page.getByRole('button', { name: t('en', 'inbox:inbox.markAllRead') }).click();
  await waitForBadge(page, 0);
  await page.getByRole('status').filter({ hasText: t('en', `inbox:inbox.markedAllRead_${before - 1 === 1 ? 'one' : 'other'}`, { count: String(before - 1) }) }).waitFor();
  await expect(page.getByTestId('inbox-unread-summary').textContent()).resolves.toBe(t('en', 'inbox:inbox.unreadSummary_zero'));
  expect(await page.getByRole('button', { name: t('en', 'inbox:inbox.markAllRead') }).isDisabled()).toBe(true);
  expect(await page.locator('[data-testid="inbox-item"][data-unread="true"]').count()).toBe(0);
  // The header's accessible name follows too.
  expect(await page.getByTestId('inbox-button').getAttribute('aria-label')).toBe(t('en', 'common:inbox.unread_other', { count: '0' }));
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await screenshot(page, 'shell-inbox-all-read');
});

it('the language switch on /inbox?id=… goes to /tc/inbox?id=… with the same message, and back', async () => {
  page = await newPageAs(USER, { ucpId: UCP });
  await page.goto(url(`/inbox?id=${MESSAGE_ID}`));
  await inboxHeading(page, 'en').waitFor();
  const MESSAGE_TITLE = await titlesOf(page, MESSAGE_ID);
  await page.getByTestId('inbox-panel').getByRole('heading', { name: MESSAGE_TITLE.en }).waitFor();

  await page.getByRole('button', { name: t('en', 'common:language.switchTo', { language: t('en', 'common:language.tc') }) }).click();
  await page.waitForURL((u) => u.pathname === '/tc/inbox');
  expect(new URL(page.url()).search).toBe(`?id=${MESSAGE_ID}`);
  await inboxHeading(page, 'tc').waitFor();
  // <html lang> follows the client-side switch (Next writes it after the render, so wait for it).
  await page.waitForFunction(() => document.documentElement.lang === 'zh-Hant-HK', undefined, { timeout: 5000 }).catch(() => undefined);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant-HK');
  // The message is reloaded in Traditional Chinese, and so is the rest of the page.
  await page.getByTestId('inbox-panel').getByRole('heading', { name: MESSAGE_TITLE.tc }).waitFor();
  await page.getByRole('button', { name: t('tc', 'inbox:inbox.markAllRead') }).waitFor();
  await page.getByRole('link', { name: t('tc', 'common:inbox.unread_other', { count: '0' }) }).waitFor();
  await screenshot(page, 'shell-inbox-deep-link-tc');

  await page.getByRole('button', { name: t('tc', 'common:language.switchTo', { language: t('tc', 'common:language.en') }) }).click();
  await page.waitForURL((u) => u.pathname === '/inbox');
  expect(new URL(page.url()).search).toBe(`?id=${MESSAGE_ID}`);
  await inboxHeading(page, 'en').waitFor();
  await page.getByTestId('inbox-panel').getByRole('heading', { name: MESSAGE_TITLE.en }).waitFor();
  await page.waitForFunction(() => document.documentElement.lang === 'en', undefined, { timeout: 5000 }).catch(() => undefined);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
});

it('on a phone, the Back button closes an opened message and stays in the inbox; closing it does the same', async () => {
  page = await newPageAs(USER, { ucpId: UCP, locale: 'tc', viewport: { width: 390, height: 844 } });
  await page.goto(url('/tc/inbox'));
  await inboxHeading(page, 'tc').waitFor();
  await page.getByTestId('inbox-item').first().click();
  const dialog = page.getByTestId('inbox-dialog');
  await dialog.getByTestId('inbox-message').waitFor();
  const id = new URL(page.url()).searchParams.get('id');
  expect(id).not.toBeNull();
  // The router has finished the shallow push (a Back within its few milliseconds is not what a user does, and the
  // push's completion would then restore the query).
  await page.waitForFunction((openId) => (window as unknown as { next?: { router?: { query?: { id?: string } } } }).next?.router?.query?.id === openId, id);

  await page.goBack();
  await dialog.waitFor({ state: 'detached' });
  expect(portalPath(page.url())).toBe('/inbox');
  await inboxHeading(page, 'tc').waitFor();

  await page.getByTestId('inbox-item').nth(1).click();
  await dialog.getByTestId('inbox-message').waitFor();
  await page.waitForFunction(() => Boolean((window as unknown as { next?: { router?: { query?: { id?: string } } } }).next?.router?.query?.id));
  await dialog.getByRole('button', { name: t('tc', 'inbox:inbox.closeMessage') }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL((u) => !u.searchParams.has('id'));
  expect(portalPath(page.url())).toBe('/inbox');
});
