/**
 * Staff maintenance of the footer and site content (docs/site-content.md) and the help article editor with an
 * uploaded image (docs/support.md), in the browser. admin@demo.hk holds site_content_* and support_content_* through
 * PROVIDER_ADMIN; customer@demo.hk reads the result. Every value written carries a random marker; the site content
 * changed here is put back at the end.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { siteContentAdminContract } from '@/lib/siteContent/adminContract';
import { demoReceiptPng } from '@/lib/server/db/seedData/billing';
import { closeAfterEach, newPageAs, screenshot, setUpBrowserSpec, url } from '../helpers/browser';
import { api, en, h1, open, selectOption, t } from '../orders/support';

setUpBrowserSpec(300_000);

let page: Page;
closeAfterEach(() => page);

const A = siteContentAdminContract.endpoints;
type Social = { facebookLink: string; instagramLink: string; linkedInLink: string };

const facebookIn = (p: Page, locale: 'en' | 'tc') =>
  p.getByRole('contentinfo').getByRole('link', {
    name: t(locale, 'common:siteContent.social.linkLabel', { network: t(locale, 'common:siteContent.social.facebook') }),
  });

it('staff change a footer link in English and Chinese; customers see each at their next page load', async () => {
  const marker = randomBytes(3).toString('hex');
  const linkEn = `https://www.facebook.com/pacific-imaging-${marker}`;
  const linkTc = `https://www.facebook.com/pacific-imaging-hk-${marker}`;
  page = await newPageAs('admin@demo.hk');
  await open(page, '/admin-controls', en('admin:landing.title'));
  const before = await api<{ en: Social; tc: Social }>(page, A.getSection.path, { id: 'social' });
  try {
    await page.getByRole('link', { name: new RegExp(en('admin:landing.areas.siteContent.title')) }).click();
    await h1(page, en('siteContentAdmin:title')).waitFor();
    await page.getByRole('link', { name: en('siteContentAdmin:sections.social') }).first().click();
    await h1(page, en('siteContentAdmin:sections.social')).waitFor();
    await page.getByRole('link', { name: en('siteContentAdmin:edit') }).click();
    await h1(page, `${en('siteContentAdmin:edit')} ${en('siteContentAdmin:sections.social')}`).waitFor();

    const english = page.getByRole('group', { name: en('siteContentAdmin:english') });
    const chinese = page.getByRole('group', { name: en('siteContentAdmin:chinese') });
    await english.getByRole('textbox', { name: en('siteContentAdmin:fields.facebookLink') }).fill(linkEn);
    // An unsafe link is refused on its field, in words.
    await chinese.getByRole('textbox', { name: en('siteContentAdmin:fields.facebookLink') }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: en('common:ui.form.save') }).click();
    await chinese.getByText(en('siteContentAdmin:validation.link')).waitFor();
    await chinese.getByRole('textbox', { name: en('siteContentAdmin:fields.facebookLink') }).fill(linkTc);
    await page.getByRole('button', { name: en('common:ui.form.save') }).click();
    await h1(page, en('siteContentAdmin:sections.social')).waitFor();
    await page.getByText(linkEn).waitFor();
    await page.getByText(linkTc).waitFor();
    await screenshot(page, 'site-content-view');

    // Customers: a fresh page load shows the new link, in each language its own.
    const customer = await newPageAs('customer@demo.hk');
    try {
      await customer.goto(url('/'));
      await facebookIn(customer, 'en').waitFor();
      await customer.waitForFunction((href) => !!document.querySelector(`footer a[href="${href}"]`), linkEn);
      await customer.goto(url('/tc'));
      await customer.waitForFunction((href) => !!document.querySelector(`footer a[href="${href}"]`), linkTc);
      expect(await facebookIn(customer, 'tc').getAttribute('href')).toBe(linkTc);
    } finally {
      await customer.context().close();
    }
  } finally {
    // Put the links back over the test's save: the section's version as it is now.
    const now = await api<{ updatedAt: string | null }>(page, A.getSection.path, { id: 'social' });
    await api(page, A.updateSection.path, { id: 'social', version: now.updatedAt, en: before.en, tc: before.tc });
  }
});

it('staff write an article in the editor with an uploaded image; a customer sees the image', async () => {
  const marker = randomBytes(3).toString('hex');
  const titleEn = `Photographing the counter ${marker}`;
  const titleZh = `拍攝計數器 ${marker}`;
  page = await newPageAs('admin@demo.hk');
  await open(page, '/admin-controls/quick-help-maintenance/add', en('supportArticles:addTitle'));
  await selectOption(page, page.getByRole('combobox', { name: en('supportArticles:fields.topic') }), en('support:topics.meter_reading'));
  await page.getByRole('textbox', { name: en('supportArticles:fields.titleEn') }).fill(titleEn);
  await page.getByRole('textbox', { name: en('supportArticles:fields.titleZh') }).fill(titleZh);

  // English body: a heading, a bold word, a list, and an image uploaded through the toolbar.
  const toolbarEn = page.getByRole('toolbar', { name: en('supportAdmin:editor.toolbar', { field: en('supportArticles:fields.bodyEn') }) });
  const bodyEn = page.getByRole('textbox', { name: en('supportArticles:fields.bodyEn') });
  await bodyEn.click();
  await toolbarEn.getByRole('button', { name: en('supportAdmin:editor.h3'), exact: true }).click();
  await page.keyboard.type(`Take a photo ${marker}`);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Open the front cover and find the ');
  await toolbarEn.getByRole('button', { name: en('supportAdmin:editor.bold'), exact: true }).click();
  await page.keyboard.type('total counter');
  await toolbarEn.getByRole('button', { name: en('supportAdmin:editor.bold'), exact: true }).click();
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await toolbarEn.getByRole('button', { name: en('supportAdmin:editor.bulletList'), exact: true }).click();
  await page.keyboard.type('Hold the phone steady');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Avoid glare');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbarEn.getByRole('button', { name: en('supportAdmin:editor.image'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: en('supportAdmin:editor.imageTitle') });
  await dialog.getByTestId('rte-image-file').setInputFiles({ name: 'counter.png', mimeType: 'image/png', buffer: demoReceiptPng([200, 60, 20]) });
  await dialog.getByRole('textbox', { name: en('supportAdmin:editor.imageAlt') }).fill(`The counter ${marker}`);
  await dialog.getByRole('button', { name: en('supportAdmin:editor.insertImage') }).click();
  await dialog.waitFor({ state: 'hidden' });
  await bodyEn.locator('img[src^="/help-images/"]').waitFor();

  // Chinese body typed in the visual editor too.
  const bodyZh = page.getByRole('textbox', { name: en('supportArticles:fields.bodyZh') });
  await bodyZh.click();
  await page.keyboard.type(`打開前蓋，找出總計數器。${marker}`);
  await screenshot(page, 'article-editor');

  // A new article starts unpublished: published here, for the customer to open.
  await page.getByRole('checkbox', { name: en('supportArticles:fields.published') }).check();
  await page.getByRole('button', { name: en('supportArticles:add') }).click();
  await h1(page, en('supportArticles:viewTitle', { name: titleEn })).waitFor();
  const preview = page.locator('main img[src^="/help-images/"]').first();
  await preview.waitFor();
  const src = await preview.getAttribute('src');
  await page.getByRole('heading', { name: `Take a photo ${marker}` }).waitFor();
  const id = new URL(page.url()).pathname.split('/').pop()!;

  const customer = await newPageAs('customer@demo.hk', { locale: 'tc' });
  try {
    await customer.goto(url(`/tc/customer-support/quick-help/${id}`));
    await h1(customer, titleZh).waitFor();
    await customer.getByText(`打開前蓋，找出總計數器。${marker}`).waitFor();
    // The Chinese body has no image; the English page does, and the image really loads (360 × 220).
    await customer.goto(url(`/customer-support/quick-help/${id}`));
    await h1(customer, titleEn).waitFor();
    const img = customer.getByTestId('help-article-body').locator(`img[src="${src}"]`);
    expect(await img.getAttribute('alt')).toBe(`The counter ${marker}`);
    await customer.waitForFunction((s) => (document.querySelector(`[data-testid="help-article-body"] img[src="${s}"]`) as HTMLImageElement | null)?.naturalWidth === 360, src);
    await customer.getByTestId('help-article-body').locator('strong', { hasText: 'total counter' }).waitFor();
    expect(await customer.getByTestId('help-article-body').locator('li').count()).toBe(2);
    await screenshot(customer, 'article-with-uploaded-image');
  } finally {
    await customer.context().close();
  }
});
