/**
 * The footer's site content in both languages (issue 4 "Site content", docs/site-content.md): social links, the
 * mobile-app badges, the chat link and the popup links, from the page-load GET calls; "Privacy Policy" opens a dialog
 * with its text. The expected content is what the content API itself answers (the seed's documents), so the spec
 * follows edits of the demo texts; the en and tc titles must differ.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { closeBrowser, localePath, newPageAs, screenshot, url, type PortalLocale } from '../helpers/browser';
import { t } from '../helpers/shell';

type Popup = { key: string; title: string; paragraphs: string[] };
type App = { key: string; platform: string; name: string; storeLabel: string; link: string };
type Social = { facebookLink: string; instagramLink: string; linkedInLink: string };

afterAll(closeBrowser);

let page: Page;

afterEach(async () => {
  await page?.context().close();
});

/** The content key the browser gets from /runtime-config.js (not a secret: docs/site-content.md). */
async function contentKey(): Promise<string> {
  const script = await (await fetch(url('/runtime-config.js'))).text();
  return (JSON.parse(/=(\{.*\});?\s*$/s.exec(script)![1]!) as { contentApiKey: string }).contentApiKey;
}

async function content<T>(path: string, locale: PortalLocale): Promise<T> {
  const response = await fetch(url(`/api/content/${path}?lang=${locale}`), { headers: { 'x-api-key': await contentKey() } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const titles: Partial<Record<PortalLocale, string[]>> = {};

describe.each<PortalLocale>(['en', 'tc'])('the footer in %s', (locale) => {
  it('shows the social links, app badges, chat link and popup links; Privacy Policy opens its text', async () => {
    const [{ footerPopupContentList: popups }, { mobileApplicationList: apps }, social, { link: chatLink }] = await Promise.all([
      content<{ footerPopupContentList: Popup[] }>('footerPopup', locale),
      content<{ mobileApplicationList: App[] }>('mobileApplication', locale),
      content<Social>('socialPlatform', locale),
      content<{ link: string }>('chatWithUs', locale),
    ]);
    expect(popups.map((p) => p.key)).toEqual(expect.arrayContaining(['privacy_policy', 'terms_of_use']));
    titles[locale] = popups.map((p) => p.title);

    page = await newPageAs('customer@demo.hk');
    await page.goto(url(localePath(locale, '/')));
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('navigation', { name: t(locale, 'common:siteContent.legalLinks') }).waitFor();

    // Popup links: one button per popup, in the API's order and language.
    const legal = footer.getByRole('navigation', { name: t(locale, 'common:siteContent.legalLinks') });
    expect(await legal.getByRole('button').allInnerTexts()).toEqual(popups.map((p) => p.title));

    // Social links: each network by its accessible name, opening the configured address in a new tab.
    for (const [field, network] of [['facebookLink', 'facebook'], ['instagramLink', 'instagram'], ['linkedInLink', 'linkedIn']] as const) {
      const link = footer.getByRole('link', { name: t(locale, 'common:siteContent.social.linkLabel', { network: t(locale, `common:siteContent.social.${network}`) }) });
      expect(await link.getAttribute('href')).toBe(social[field]);
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }
    await footer.getByRole('heading', { name: t(locale, 'common:siteContent.followUs') }).waitFor();

    // App badges: the section, the app's name and one badge per app with its store label and link.
    await footer.getByRole('heading', { name: t(locale, 'common:siteContent.mobileApps.title') }).waitFor();
    expect(apps.length).toBeGreaterThanOrEqual(2);
    await footer.getByText(apps[0]!.name, { exact: true }).waitFor();
    for (const app of apps) {
      const badge = footer.getByTestId(`mobile-app-${app.key}`);
      expect(await badge.getAttribute('href')).toBe(app.link);
      expect(await badge.innerText()).toContain(app.storeLabel);
      expect(await badge.innerText()).toContain(t(locale, `common:siteContent.mobileApps.platform.${app.platform}`));
    }

    // Chat with us.
    const chat = footer.getByTestId('chat-with-us');
    expect(await chat.getAttribute('href')).toBe(chatLink);
    // textContent: the button's text is upper-cased by CSS.
    expect(await chat.textContent()).toContain(t(locale, 'common:siteContent.chatWithUs'));
    await footer.scrollIntoViewIfNeeded();
    await screenshot(page, `shell-footer-${locale}`);

    // Privacy policy: a dialog titled as the popup, with every paragraph as text.
    const privacy = popups.find((p) => p.key === 'privacy_policy')!;
    await legal.getByRole('button', { name: privacy.title }).click();
    const dialog = page.getByRole('dialog', { name: privacy.title });
    await dialog.waitFor();
    const shown = await dialog.getByTestId('footer-popup-content').locator('p').allInnerTexts();
    expect(shown.map((s) => s.trim())).toEqual(privacy.paragraphs.map((s) => s.trim()));
    // After the dialog's fade-in (225 ms), and of the viewport: a full-page capture of a scroll-locked page with a
    // sticky header draws the header mid-page.
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(process.cwd(), 'test-results', `shell-footer-privacy-${locale}.png`) });
    await dialog.getByRole('button', { name: t(locale, 'common:close') }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Focus goes back to the link that opened it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(privacy.title);
  });
});

it('the popup titles differ between en and tc', () => {
  expect(titles.en).toBeDefined();
  expect(titles.tc).toBeDefined();
  titles.en!.forEach((title, i) => expect(titles.tc![i]).not.toBe(title));
});
