/**
 * Customer support in the browser (docs/support.md): a customer browses quick help, opens an article with its image,
 * searches help and the FAQ in Chinese with highlighted matches, sends an enquiry from Contact us and finds its
 * confirmation in the inbox; a provider admin sees the enquiry and adds, publishes and edits a help article that
 * customers can then find. customer@demo.hk (UCP100001), admin@demo.hk (support_* codes through PROVIDER_ADMIN).
 * Every record this spec writes carries a random marker, so it does not depend on other specs or on a second run.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { closeAfterEach, newPageAs, screenshot, setUpBrowserSpec, url } from '../helpers/browser';
import { DARK_BACKGROUND, setPreferenceCookies } from '../helpers/shell';
import { en, h1, open, openAddFormFromLanding, selectOption, tc } from '../orders/support';

setUpBrowserSpec(240_000);

let page: Page;
closeAfterEach(() => page);

it('a customer reads quick help, searches help and the FAQ in Chinese and sees the matches highlighted', async () => {
  page = await newPageAs('customer@demo.hk');
  await open(page, '/customer-support/quick-help', en('support:quickHelp.title'));
  await page.getByRole('heading', { level: 2, name: en('support:topics.meter_reading') }).waitFor();
  await page.getByRole('link', { name: 'How to read the meter counter on your copier' }).click();
  await h1(page, 'How to read the meter counter on your copier').waitFor();
  const image = page.getByTestId('help-article-body').locator('img[src="/help/meter-counter.svg"]');
  await image.waitFor();
  // The image really loads (same origin, allowed by the CSP).
  await page.waitForFunction(() => (document.querySelector('[data-testid="help-article-body"] img') as HTMLImageElement | null)?.naturalWidth === 480);
  await page.getByRole('link', { name: 'Submitting meter readings online' }).waitFor();

  // Search in Chinese on the Chinese site.
  await open(page, '/tc/customer-support/quick-help', tc('support:quickHelp.title'));
  await page.getByRole('searchbox', { name: tc('support:quickHelp.searchLabel') }).fill('入數紙');
  await page.getByRole('button', { name: tc('support:search.submit') }).click();
  await h1(page, tc('support:search.titleFor', { q: '入數紙' })).waitFor();
  const results = page.getByTestId('search-results');
  await results.getByRole('link', { name: '上載入數紙' }).waitFor();
  expect(await results.locator('mark').first().textContent()).toBe('入數紙');
  await screenshot(page, 'support-help-search-tc');
  await results.getByRole('link', { name: '上載入數紙' }).click();
  await h1(page, '上載入數紙').waitFor();

  // A word that matches nothing says so.
  await page.goto(url('/tc/customer-support/quick-help/search?q=zzqqxx'));
  await page.getByText(tc('support:search.none', { q: 'zzqqxx' })).waitFor();

  // FAQ search in Chinese: the answer opens from the result.
  await open(page, '/tc/customer-support/faq', tc('support:faq.title'));
  await page.getByRole('heading', { level: 2, name: tc('support:topics.toner_orders') }).waitFor();
  await page.getByRole('searchbox', { name: tc('support:faq.searchLabel') }).fill('估算');
  await page.getByRole('button', { name: tc('support:search.submit') }).click();
  await h1(page, tc('support:search.titleFor', { q: '估算' })).waitFor();
  const question = page.getByRole('button', { name: '為何我的帳單按估算讀數計算？' });
  await question.click();
  await page.getByText('估算讀數按您過去三個月的平均印量計算', { exact: false }).waitFor();
  expect(await page.getByTestId('search-results').locator('mark').first().textContent()).toBe('估算');

  // Useful links: external ones open in a new tab.
  await open(page, '/customer-support/useful-links', en('support:links.title'));
  const provider = page.getByRole('link', { name: /Pacific Imaging website/ });
  expect(await provider.getAttribute('target')).toBe('_blank');
});

it('a customer sends an enquiry, gets its reference and the confirmation in the inbox; staff see the enquiry', async () => {
  const marker = randomBytes(3).toString('hex');
  const subject = `Toner for 2/F copier ${marker}`;
  page = await newPageAs('customer@demo.hk');
  await open(page, '/contact-us', en('support:contact.title'));
  await page.getByText('2880 1234').waitFor();

  // Nothing filled: the form names what is missing.
  const form = page.getByRole('form', { name: en('support:contact.form.title') });
  await form.getByRole('button', { name: en('support:contact.form.submit') }).click();
  await page.getByText(en('common:ui.validation.choose')).first().waitFor();

  await selectOption(page, form.getByRole('combobox', { name: en('support:contact.form.topic') }), en('support:enquiryTopics.toner_orders'));
  await form.getByRole('textbox', { name: en('support:contact.form.subject') }).fill(subject);
  await form.getByRole('textbox', { name: en('support:contact.form.message') }).fill('Our copier on 2/F keeps saying toner low although the cartridge is new.');
  await form.getByRole('textbox', { name: en('support:contact.form.contactPhone') }).fill('2345 6789');
  // Contact name and e-mail come filled in from the signed-in user.
  expect(await form.getByRole('textbox', { name: en('support:contact.form.contactEmail') }).inputValue()).toBe('customer@demo.hk');
  await form.getByRole('button', { name: en('support:contact.form.submit') }).click();

  const receipt = page.getByTestId('enquiry-receipt');
  await receipt.waitFor();
  const reference = /ENQ-\d{6}/.exec((await receipt.textContent()) ?? '')?.[0];
  expect(reference).toBeDefined();
  await screenshot(page, 'support-enquiry-sent');

  await receipt.getByRole('link', { name: en('support:contact.sent.openInbox') }).click();
  await page.getByRole('heading', { level: 1, name: en('inbox:inbox.title') }).waitFor();
  await page.getByTestId('inbox-item').filter({ hasText: `We have received your enquiry ${reference}` }).first().waitFor();

  // Staff find it by its reference and read it.
  const staff = await newPageAs('admin@demo.hk');
  try {
    await open(staff, `/admin-controls/customer-enquiries?q=${reference}`, en('supportEnquiries:title'));
    await staff.getByRole('link', { name: reference! }).first().click();
    await h1(staff, reference!).waitFor();
    await staff.getByText(subject).first().waitFor();
    expect(await staff.getByTestId('enquiry-message').textContent()).toContain('toner low');
  } finally {
    await staff.context().close();
  }
});

it('a half-filled enquiry: leaving by a header link, Back or Forward asks first (Stay keeps it, Leave goes), the language switch does not, a reload gets the browser\'s question', async () => {
  page = await newPageAs('customer@demo.hk');
  await open(page, '/contact-us', en('support:contact.title'));
  const form = page.getByRole('form', { name: en('support:contact.form.title') });
  const subject = form.getByRole('textbox', { name: en('support:contact.form.subject') });
  // Untouched: the header's inbox link just goes (and Back comes to a new, empty form).
  await page.getByTestId('inbox-button').click();
  await h1(page, en('inbox:inbox.title')).waitFor();
  await page.goBack();
  await h1(page, en('support:contact.title')).waitFor();
  await subject.fill('Toner for the 2/F copier');

  // A link of the header: the portal's own question; Stay keeps the page and what was typed.
  await page.getByTestId('inbox-button').click();
  const leave = page.getByRole('dialog', { name: en('common:ui.form.leave.title') });
  await leave.getByText(en('common:ui.form.leave.body')).waitFor();
  await leave.getByRole('button', { name: en('common:ui.form.leave.stay') }).click();
  await leave.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/contact-us');
  expect(await subject.inputValue()).toBe('Toner for the 2/F copier');

  // The language switch stays on the page with the values: no question.
  await page.getByRole('button', { name: en('common:language.switchTo', { language: en('common:language.tc') }) }).click();
  await h1(page, tc('support:contact.title')).waitFor();
  const formTc = page.getByRole('form', { name: tc('support:contact.form.title') });
  expect(await formTc.getByRole('textbox', { name: tc('support:contact.form.subject') }).inputValue()).toBe('Toner for the 2/F copier');
  expect(await page.getByRole('dialog').count()).toBe(0);

  // Reloading the tab: the browser's own question (beforeunload), here dismissed: the page and the value stay.
  // (Without a 'dialog' listener Playwright accepts a beforeunload question by itself: page.goto / reload in the
  // other specs just go.) The reload is not awaited: refused, it ends only when the page closes.
  const asked = page.waitForEvent('dialog');
  void page.reload().catch(() => null);
  const question = await asked;
  expect(question.type()).toBe('beforeunload');
  await question.dismiss();
  expect(await formTc.getByRole('textbox', { name: tc('support:contact.form.subject') }).inputValue()).toBe('Toner for the 2/F copier');

  // Leave goes where the user was going.
  await page.getByTestId('inbox-button').click();
  const leaveTc = page.getByRole('dialog', { name: tc('common:ui.form.leave.title') });
  await leaveTc.getByRole('button', { name: tc('common:ui.form.leave.leave') }).click();
  await h1(page, tc('inbox:inbox.title')).waitFor();
  expect(new URL(page.url()).pathname).toBe('/tc/inbox');

  // Back to a new form, typed into, then Forward (the browser's button): asked, and the address bar names the form
  // again; Stay keeps the value. The inbox is now the entry behind the form: Back asks too, and Leave arrives there.
  await page.goBack();
  await h1(page, tc('support:contact.title')).waitFor();
  await formTc.getByRole('textbox', { name: tc('support:contact.form.subject') }).fill('碳粉');
  await page.goForward();
  await leaveTc.waitFor();
  await page.waitForURL((u) => new URL(u).pathname === '/tc/contact-us');
  await leaveTc.getByRole('button', { name: tc('common:ui.form.leave.stay') }).click();
  await leaveTc.waitFor({ state: 'detached' });
  expect(await formTc.getByRole('textbox', { name: tc('support:contact.form.subject') }).inputValue()).toBe('碳粉');
  await page.goBack();
  await leaveTc.waitFor();
  await page.waitForURL((u) => new URL(u).pathname === '/tc/contact-us');
  await leaveTc.getByRole('button', { name: tc('common:ui.form.leave.leave') }).click();
  await h1(page, tc('inbox:inbox.title')).waitFor();
  expect(new URL(page.url()).pathname).toBe('/tc/inbox');
});

it('a provider admin adds a help article, customers find it, and an unpublished edit hides it again', async () => {
  const marker = randomBytes(3).toString('hex');
  const titleEn = `Scanning to e-mail ${marker}`;
  const titleZh = `掃描至電郵 ${marker}`;
  page = await newPageAs('admin@demo.hk');
  await open(page, '/admin-controls', en('admin:landing.title'));
  await openAddFormFromLanding(page, 'helpArticles', 'supportArticles');

  await selectOption(page, page.getByRole('combobox', { name: en('supportArticles:fields.topic') }), en('support:topics.portal_use'));
  await page.getByRole('textbox', { name: en('supportArticles:fields.titleEn') }).fill(titleEn);
  await page.getByRole('textbox', { name: en('supportArticles:fields.titleZh') }).fill(titleZh);
  // Raw HTML through the editor's HTML mode (the visual mode is covered by supportEditor.spec.ts).
  for (const field of ['bodyEn', 'bodyZh']) {
    await page.getByRole('toolbar', { name: en('supportAdmin:editor.toolbar', { field: en(`supportArticles:fields.${field}`) }) }).getByRole('button', { name: en('supportAdmin:editor.html') }).click();
  }
  await page.getByRole('textbox', { name: en('supportArticles:fields.bodyEn') }).fill(`<p>Press <strong>Scan</strong> and pick the address book. Ref ${marker}.</p><script>alert(1)</script>`);
  await page.getByRole('textbox', { name: en('supportArticles:fields.bodyZh') }).fill(`<p>按<strong>掃描</strong>，然後選擇通訊錄。編號 ${marker}。</p>`);
  // A new article starts unpublished: published here, for customers to find.
  const published = page.getByRole('checkbox', { name: en('supportArticles:fields.published') });
  expect(await published.isChecked()).toBe(false);
  await published.check();
  await page.getByRole('button', { name: en('supportArticles:add') }).click();

  await h1(page, en('supportArticles:viewTitle', { name: titleEn })).waitFor();
  // The preview shows the sanitized body: the script is gone.
  await page.getByText(`Press Scan and pick the address book. Ref ${marker}.`).waitFor();
  expect(await page.locator('main script').count()).toBe(0);
  const articlePath = new URL(page.url()).pathname;

  // A customer finds it by a Chinese word of its body.
  const customer = await newPageAs('customer@demo.hk', { locale: 'tc' });
  try {
    await customer.goto(url(`/tc/customer-support/quick-help/search?q=${encodeURIComponent(`通訊錄。編號 ${marker}`)}`));
    await customer.getByTestId('search-results').getByRole('link', { name: titleZh }).waitFor();

    // Unpublished by the admin: gone from the customer's search.
    await page.getByRole('link', { name: en('supportArticles:edit') }).click();
    await h1(page, en('supportArticles:editTitle', { name: titleEn })).waitFor();
    await page.getByRole('checkbox', { name: en('supportArticles:fields.published') }).uncheck();
    await page.getByRole('button', { name: en('common:ui.form.save') }).click();
    await h1(page, en('supportArticles:viewTitle', { name: titleEn })).waitFor();
    expect(new URL(page.url()).pathname).toBe(articlePath);
    await page.getByText(en('supportAdmin:unpublished')).first().waitFor();

    await customer.reload();
    await customer.getByText(tc('support:search.none', { q: `通訊錄。編號 ${marker}` })).waitFor();
  } finally {
    await customer.context().close();
  }
});

it('the support pages work on a phone in dark mode', async () => {
  page = await newPageAs('customer@demo.hk', { viewport: { width: 390, height: 844 }, colorScheme: 'dark', locale: 'tc' });
  await setPreferenceCookies(page.context(), { colorMode: 'dark' });
  await open(page, '/tc/contact-us', tc('support:contact.title'));
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(DARK_BACKGROUND);
  await page.getByRole('button', { name: tc('support:contact.form.submit') }).waitFor();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'support-contact-phone-dark-tc');
  await open(page, '/tc/customer-support/faq', tc('support:faq.title'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

it('a search for one very long word keeps the page within the screen', async () => {
  page = await newPageAs('customer@demo.hk', { viewport: { width: 1366, height: 800 } });
  const word = 'A'.repeat(5000);
  for (const path of ['/customer-support/faq/search', '/customer-support/quick-help/search']) {
    await page.goto(url(`${path}?q=${word}`));
    await page.getByText(/Nothing matches/).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  }
});
