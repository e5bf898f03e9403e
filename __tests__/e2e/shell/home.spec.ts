/**
 * The home dashboard (issue 4 "Home"): built only from areas the user may open. A customer sees the inbox card with
 * the header's unread count, the account card and the quick links (request for quote, your voice, rChoice); provider
 * staff see no customer quick links; staff holding only approval codes (staff@demo.hk) see no customer cards and,
 * while no screen of theirs exists, the no-permission message inside the layout (not an error page).
 */
import type { Page } from 'playwright-core';
import { landingPath, visibleNav } from '@/lib/navigation';
import { toGrants } from '@/lib/permissions/canAccess';
import { closeBrowser, localePath, newPage, newPageAs, portalPath, screenshot, sessionOf, signIn, url, type PortalLocale } from '../helpers/browser';
import { badgeCount, t } from '../helpers/shell';

afterAll(closeBrowser);

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

const QUICK_LINKS = ['requestForQuote', 'yourVoice', 'rChoice'] as const;

async function linkConfig(locale: PortalLocale): Promise<Record<'requestforQuoteLink' | 'yourVoiceLink' | 'rChoiceLink', string>> {
  const script = await (await fetch(url('/runtime-config.js'))).text();
  const { contentApiKey } = JSON.parse(/=(\{.*\});?\s*$/s.exec(script)![1]!) as { contentApiKey: string };
  const response = await fetch(url(`/api/content/homeLinkConfiguration?lang=${locale}`), { headers: { 'x-api-key': contentApiKey } });
  return ((await response.json()) as { data: Record<'requestforQuoteLink' | 'yourVoiceLink' | 'rChoiceLink', string> }).data;
}

describe.each<PortalLocale>(['en', 'tc'])('customer@demo.hk (%s)', (locale) => {
  it('sees the inbox card with the unread count, the account card and the quick links', async () => {
    page = await newPageAs('customer@demo.hk');
    await page.goto(url(localePath(locale, '/')));
    await page.getByRole('heading', { level: 1, name: t(locale, 'home:home.welcome', { name: 'Chan Tai Man' }) }).waitFor();
    await page.getByRole('heading', { level: 2, name: t(locale, 'home:home.attentionTitle') }).waitFor();

    // The inbox card shows the same number as the header badge (both from the store), once it has loaded.
    const inboxCard = page.getByTestId('home-card-inbox');
    await page.waitForFunction(() => document.querySelector('[data-testid="unread-badge"] .MuiBadge-badge:not(.MuiBadge-invisible)') !== null);
    const unread = (await badgeCount(page))!;
    expect(await inboxCard.getAttribute('href')).toBe(localePath(locale, '/inbox'));
    expect(await inboxCard.innerText()).toContain(t(locale, 'home:home.cards.inbox.title'));
    expect(await inboxCard.innerText()).toContain(t(locale, `home:home.cards.inbox.count_${unread === 1 ? 'one' : 'other'}`, { count: String(unread) }));

    const accountCard = page.getByTestId('home-card-account');
    expect(await accountCard.getAttribute('href')).toBe(localePath(locale, '/account'));
    expect(await accountCard.innerText()).toContain(t(locale, 'home:home.cards.account.title'));

    const links = await linkConfig(locale);
    const quick = page.getByRole('region', { name: t(locale, 'common:siteContent.quickLinks.title') });
    await quick.waitFor();
    const fields = { requestForQuote: 'requestforQuoteLink', yourVoice: 'yourVoiceLink', rChoice: 'rChoiceLink' } as const;
    for (const key of QUICK_LINKS) {
      const link = quick.getByTestId(`quick-link-${key}`);
      expect(await link.getAttribute('href')).toBe(links[fields[key]]);
      expect(await link.innerText()).toContain(t(locale, `common:siteContent.quickLinks.${key}.title`));
    }
    await screenshot(page, `shell-home-customer-${locale}`);

    // A card is a link to its screen.
    await inboxCard.click();
    await page.waitForURL((u) => portalPath(u.href) === '/inbox');
    await page.getByRole('heading', { level: 1, name: t(locale, 'inbox:inbox.title'), exact: true }).waitFor();
  });
});

it('admin@demo.hk (provider staff with home): inbox, account and staff queue cards, no orders card, no customer quick links', async () => {
  page = await newPage();
  expect(await signIn(page, 'admin@demo.hk')).toBe('/');
  await page.getByRole('heading', { level: 1, name: t('en', 'home:home.welcome', { name: 'Ho Chi Keung' }) }).waitFor();
  await page.getByTestId('home-card-inbox').waitFor();
  await page.getByTestId('home-card-account').waitFor();
  expect(await page.getByTestId('home-card-orders').count()).toBe(0);
  // Quick links are loaded by the footer for everyone; wait until they could show before checking they do not.
  await page.getByRole('contentinfo').getByRole('navigation', { name: t('en', 'common:siteContent.legalLinks') }).waitFor();
  expect(await page.getByTestId('home-quick-links').count()).toBe(0);
  expect(await page.getByText(t('en', 'common:no_permission_to_access')).count()).toBe(0);
  // The user menu says it acts for the provider.
  await page.getByTestId('user-menu-button').click();
  expect(await page.getByTestId('current-customer').innerText()).toContain('Pacific Imaging');
  await page.keyboard.press('Escape');
  // What waits in the staff queues: slips, account changes to approve, service requests at risk (each with a figure).
  for (const key of ['slipReview', 'approvals', 'serviceDesk']) await page.getByTestId(`home-card-${key}-figure`).waitFor();
  await screenshot(page, 'shell-home-admin-en');
  // The approvals card opens the queue filtered to what its figure counts: the pending requests.
  const figure = Number((await page.getByTestId('home-card-approvals-figure').locator('p').first().innerText()).trim());
  const queueCall = page.waitForResponse((r) => r.url().endsWith('/api/accountChanges/listQueue') && r.request().postDataJSON()?.filter?.status?.includes('pending'));
  await page.getByTestId('home-card-approvals').click();
  await page.waitForURL((u) => portalPath(u.href) === '/admin-controls/approve-account-info-update');
  const queue = (await (await queueCall).json()) as { data: { total: number; items: { status: string }[] } };
  expect(queue.data.total).toBe(figure);
  expect(queue.data.items.every((i) => i.status === 'pending')).toBe(true);
});

it('staff@demo.hk (approval codes only): no customer cards; a screen it may open, or the no-permission message', async () => {
  page = await newPage();
  const landed = await signIn(page, 'staff@demo.hk');
  const session = await sessionOf(page);
  const grants = toGrants(session.functionList ?? []);
  const menu = visibleNav(grants);
  await page.getByTestId('user-menu-button').waitFor();
  await screenshot(page, 'shell-home-staff-en');
  if (menu.length > 0) {
    // A screen of its own exists: it lands there and is never shown an error.
    expect(portalPath(landed)).toBe(landingPath(grants));
    await page.waitForTimeout(300);
    expect(await page.getByText(t('en', 'common:no_permission_to_access')).count()).toBe(0);
  } else {
    // Nothing built yet for approval-only staff: home answers with the no-permission message inside the layout
    // (header with sign-out, so the user can leave), not an error page.
    expect(landed).toBe('/');
    await page.getByRole('alert').filter({ hasText: t('en', 'common:no_permission_to_access') }).waitFor();
  }
  expect(await page.locator('[data-testid^="home-card-"]').count()).toBe(0);
  expect(await page.getByTestId('home-quick-links').count()).toBe(0);
  // No inbox for a user without `home`.
  expect(await page.getByTestId('inbox-button').count()).toBe(0);
});
