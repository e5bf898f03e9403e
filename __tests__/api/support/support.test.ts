/**
 * Customer support (docs/support.md): reading, bilingual search (Chinese included), the enquiry with its audit row,
 * inbox acknowledgement and outbox mail, and the staff maintenance with its permissions and sanitizing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BodyOf } from '@/lib/contract';
import { supportAdminContract } from '@/lib/support/adminContract';
import { supportContract } from '@/lib/support/contract';
import { auditLog, enquiries, faqEntries, inboxDeliveries, inboxMessages, outbox } from '@/lib/server/db/schema';
import { registerMailSettings } from '@/lib/server/mail/settings';
import { seedSupport, SEED_FAQ, SEED_HELP_ARTICLES, SEED_USEFUL_LINKS } from '@/lib/server/db/seedData/support';
import { createMember, tokenFor, tokenForStaff } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, useTestServer, versionOf } from '../helpers/testServer';

const c = supportContract.endpoints;
const a = supportAdminContract.endpoints;

describeEachDb('customer support', (getHandle) => {
  const server = useTestServer(getHandle);
  let customerToken: string;
  let customer: Awaited<ReturnType<typeof createMember>>;
  let staffToken: string;
  let readerStaffToken: string;
  let enquiryStaffToken: string;

  beforeAll(async () => {
    const db = getHandle().db;
    expect(await seedSupport(db)).toBe(SEED_HELP_ARTICLES.length + SEED_FAQ.length + SEED_USEFUL_LINKS.length);
    // Idempotent: a second run inserts nothing.
    expect(await seedSupport(db)).toBe(0);
    customer = await createMember(db, ['home'], { user: { email: `support-${randomUUID().slice(0, 6)}@example.hk`, preferredLanguage: 'tc' } });
    customerToken = await tokenFor(customer.user, customer.customer.ucpId);
    staffToken = await tokenForStaff(db, ['home', 'support_content_write', 'support_enquiry_read']);
    readerStaffToken = await tokenForStaff(db, ['support_content_read']);
    enquiryStaffToken = await tokenForStaff(db, ['support_enquiry_read']);
    registerMailSettings({ publicUrl: 'https://portal.example.hk', smtpConfigured: false });
  });
  afterAll(async () => {
    registerMailSettings(undefined);
  });

  const ok = <T>(res: { status: number; body: { status: string; data?: unknown } }): T => {
    if (res.body.status !== 'success') throw new Error(`expected success, got ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as T;
  };

  it('lists articles grouped by topic in the reader’s language and opens one with its sanitized body', async () => {
    const en = ok<{ topic: string; articles: { id: string; title: string }[] }[]>(await callEndpoint(server, c.listHelpTopics, { lang: 'en' }, { token: customerToken }));
    expect(en.map((g) => g.topic)).toEqual(['meter_reading', 'bills_payment', 'toner_orders', 'contracts', 'account_changes', 'portal_use']);
    const meter = en[0]!.articles;
    expect(meter[0]!.title).toBe('How to read the meter counter on your copier');
    const tc = ok<{ articles: { title: string }[] }[]>(await callEndpoint(server, c.listHelpTopics, { lang: 'tc' }, { token: customerToken }));
    expect(tc[0]!.articles[0]!.title).toBe('如何讀取影印機的計數器');

    const article = ok<{ bodyHtml: string; related: { id: string }[] }>(await callEndpoint(server, c.getHelpArticle, { id: meter[0]!.id, lang: 'tc' }, { token: customerToken }));
    expect(article.bodyHtml).toContain('<img src="/help/meter-counter.svg"');
    expect(article.related.map((r) => r.id)).toEqual([meter[1]!.id]);
    const missing = await callEndpoint(server, c.getHelpArticle, { id: randomUUID() }, { token: customerToken });
    expect(missing.status).toBe(404);
  });

  it('searches help in English and in Chinese, every word required, title matches first', async () => {
    type R = { terms: string[]; hits: { id: string; title: string; snippet: string; matchedLang: string }[] };
    const toner = ok<R>(await callEndpoint(server, c.searchHelp, { q: 'Toner', lang: 'en' }, { token: customerToken }));
    expect(toner.terms).toEqual(['toner']);
    // Both toner articles have it in the title: they come before articles that only mention toner in the body.
    expect(toner.hits.slice(0, 2).map((h) => h.title).sort()).toEqual(['Ordering toner for your machine', 'Returning empty toner cartridges for recycling']);
    expect(toner.hits.length).toBeGreaterThan(2);

    const zh = ok<R>(await callEndpoint(server, c.searchHelp, { q: '入數紙', lang: 'tc' }, { token: customerToken }));
    expect(zh.hits[0]!.title).toBe('上載入數紙');
    expect(zh.hits[0]!.matchedLang).toBe('tc');
    expect(zh.hits.every((h) => h.snippet.length > 0)).toBe(true);

    // A Chinese word searched by an English reader: shown in Chinese, where it matched.
    const cross = ok<R>(await callEndpoint(server, c.searchHelp, { q: '碳粉', lang: 'en' }, { token: customerToken }));
    expect(cross.hits[0]!.matchedLang).toBe('tc');
    expect(cross.hits[0]!.title).toContain('碳粉');

    // Every word must match: "meter" and "FPS" never appear in one article.
    const none = ok<R>(await callEndpoint(server, c.searchHelp, { q: 'meter fps', lang: 'en' }, { token: customerToken }));
    expect(none.hits).toEqual([]);
    const both = ok<R>(await callEndpoint(server, c.searchHelp, { q: 'fps slip', lang: 'en' }, { token: customerToken }));
    expect(both.hits.map((h) => h.title)).toContain('Ways to pay your bill');
    // LIKE wildcards are literal.
    const wild = ok<R>(await callEndpoint(server, c.searchHelp, { q: '%_%', lang: 'en' }, { token: customerToken }));
    expect(wild.hits).toEqual([]);
    // The same query typed in full-width (a Chinese IME) with an ideographic space ranks as typed plainly: the whole
    // query in a title adds its 5 either way.
    type Scored = { hits: { id: string; score: number }[] };
    const plain = ok<Scored>(await callEndpoint(server, c.searchHelp, { q: 'Ordering toner', lang: 'en' }, { token: customerToken }));
    const fullWidth = ok<Scored>(await callEndpoint(server, c.searchHelp, { q: 'Ｏｒｄｅｒｉｎｇ\u3000ｔｏｎｅｒ', lang: 'en' }, { token: customerToken }));
    expect(fullWidth.hits).toEqual(plain.hits);
    const spaced = ok<Scored>(await callEndpoint(server, c.searchHelp, { q: 'Ordering  toner', lang: 'en' }, { token: customerToken }));
    expect(spaced.hits).toEqual(plain.hits);
    const empty = await callEndpoint(server, c.searchHelp, { q: '   ', lang: 'en' }, { token: customerToken });
    expect(empty.status).toBe(400);
  });

  it('lists the FAQ by category and searches it in both languages', async () => {
    const faq = ok<{ category: string; items: { question: string; answerHtml: string }[] }[]>(await callEndpoint(server, c.listFaq, { lang: 'tc' }, { token: customerToken }));
    expect(faq[0]!.category).toBe('meter_reading');
    expect(faq[0]!.items[0]!.question).toBe('我須於何時前提交抄錶讀數？');
    const hits = ok<{ hits: { title: string; answerHtml: string }[] }>(await callEndpoint(server, c.searchFaq, { q: '估算', lang: 'tc' }, { token: customerToken })).hits;
    expect(hits[0]!.title).toBe('為何我的帳單按估算讀數計算？');
    expect(hits[0]!.answerHtml).toContain('<p>');
    const en = ok<{ hits: { title: string }[] }>(await callEndpoint(server, c.searchFaq, { q: 'password', lang: 'en' }, { token: customerToken })).hits;
    expect(en.map((h) => h.title)).toEqual(['I forgot my password. What should I do?']);
  });

  it('lists useful links in order with their kind', async () => {
    const links = ok<{ title: string; url: string; isExternal: boolean }[]>(await callEndpoint(server, c.listUsefulLinks, { lang: 'en' }, { token: customerToken }));
    expect(links).toHaveLength(SEED_USEFUL_LINKS.length);
    expect(links.at(-1)).toMatchObject({ url: '/contact-us', isExternal: false });
    expect(links[0]!.isExternal).toBe(true);
  });

  it('files an enquiry once per idempotency key, audits it, acknowledges it in the inbox and by e-mail', async () => {
    const db = getHandle().db;
    const idempotencyKey = randomUUID();
    const body = {
      topic: 'toner_orders' as const,
      subject: 'Toner for <b>2/F</b> copier',
      message: 'Our copier on 2/F keeps saying toner low. Please advise.',
      contactName: 'Chan Tai Man',
      contactEmail: 'tm.chan@example.hk',
      contactPhone: '+852 2345 6789',
      idempotencyKey,
    };
    const first = ok<{ id: string; reference: string }>(await callEndpoint(server, c.submitEnquiry, body, { token: customerToken }));
    expect(first.reference).toMatch(/^ENQ-\d{6}$/);
    const again = ok<{ id: string; reference: string }>(await callEndpoint(server, c.submitEnquiry, body, { token: customerToken }));
    expect(again).toEqual(first);
    expect(await db.select().from(enquiries).where(eq(enquiries.idempotencyKey, idempotencyKey))).toHaveLength(1);

    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, first.id));
    expect(row).toMatchObject({ ucpId: customer.customer.ucpId, userAcUuid: customer.user.userAcUuid, subject: body.subject });
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'enquiry'), eq(auditLog.entityId, first.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUuid).toBe(customer.user.userAcUuid);

    const [message] = await db.select().from(inboxMessages).where(eq(inboxMessages.id, row!.ackMessageId!));
    expect(message!.titleZh).toBe(`我們已收到您的查詢 ${first.reference}`);
    // The customer's words are escaped, never markup.
    expect(message!.bodyEn).toContain('Toner for &lt;b&gt;2/F&lt;/b&gt; copier');
    const deliveries = await db.select().from(inboxDeliveries).where(eq(inboxDeliveries.messageId, message!.id));
    expect(deliveries).toEqual([expect.objectContaining({ userAcUuid: customer.user.userAcUuid, ucpId: customer.customer.ucpId, isRead: false })]);

    const mails = await db.select().from(outbox).where(eq(outbox.toAddress, customer.user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.status).toBe('kept');
    // Preferred language first; a deep link to the message in the inbox.
    expect(mails[0]!.subject.startsWith(`新訊息：我們已收到您的查詢 ${first.reference}`)).toBe(true);
    expect(mails[0]!.textBody).toContain(`https://portal.example.hk/tc/inbox?ucpid=${customer.customer.ucpId}&id=${message!.id}`);

    // Staff with support_enquiry_read see it; content staff without it do not.
    const list = ok<{ items: { id: string; reference: string }[]; total: number }>(
      await callEndpoint(server, a.listEnquiries, { page: 1, pageSize: 20, filter: { q: first.reference } }, { token: enquiryStaffToken }),
    );
    expect(list.items.map((i) => i.id)).toEqual([first.id]);
    const detail = ok<{ message: string; contactPhone: string; acknowledged: boolean }>(await callEndpoint(server, a.getEnquiry, { id: first.id }, { token: enquiryStaffToken }));
    expect(detail).toMatchObject({ message: body.message, contactPhone: body.contactPhone, acknowledged: true });
    expect((await callEndpoint(server, a.listEnquiries, { page: 1, pageSize: 20 }, { token: readerStaffToken })).status).toBe(403);
    expect((await callEndpoint(server, a.listEnquiries, { page: 1, pageSize: 20 }, { token: customerToken })).status).toBe(403);
  });

  /** A general enquiry from the customer under a fresh idempotency key: a valid one but for what `over` changes. */
  const submitEnquiry = (over: Partial<BodyOf<typeof c.submitEnquiry>>) =>
    callEndpoint(
      server,
      c.submitEnquiry,
      { topic: 'general', subject: 'Call me', message: 'Please call me back about toner.', contactName: 'Chan', contactEmail: 'tm.chan@example.hk', contactPhone: '', idempotencyKey: randomUUID(), ...over },
      { token: customerToken },
    );

  it('refuses an invalid enquiry with field errors', async () => {
    const res = await submitEnquiry({ subject: '', message: 'short', contactName: 'A', contactEmail: 'not-an-email', contactPhone: 'abc' });
    expect(res.status).toBe(400);
    const fields = (res.body as { error?: { fields?: Record<string, string[]> } }).error?.fields ?? {};
    expect(Object.keys(fields).sort()).toEqual(['contactEmail', 'contactPhone', 'message', 'subject']);
  });

  it('refuses an enquiry whose text is only zero-width characters (QA: it was filed and reached staff blank)', async () => {
    const zw = '\u200B\u200C\u200D\u2060\uFEFF';
    const res = await submitEnquiry({ subject: zw, message: zw.repeat(3), contactName: ` ${zw} ` });
    expect(res.status).toBe(400);
    const fields = (res.body as { error?: { fields?: Record<string, string[]> } }).error?.fields ?? {};
    expect(fields).toEqual({ subject: ['ui.validation.required'], message: [expect.stringContaining('messageTooShort')], contactName: ['ui.validation.required'] });
  });

  it('takes a phone number and e-mail typed in full-width and stores them half-width (QA: they were refused)', async () => {
    const res = await submitEnquiry({ contactEmail: ' \u200Bｔｍ．ｃｈａｎ＠example.hk ', contactPhone: '＋８５２　９１２３－４５６７' });
    expect(res.status).toBe(200);
    const { id } = ok<{ id: string }>(res);
    const [row] = await getHandle().db.select().from(enquiries).where(eq(enquiries.id, id));
    expect(row!.contactPhone).toBe('+852 9123-4567');
    // The e-mail too: pasted with a space and a zero-width space, typed in full-width (QA: "enter a valid e-mail").
    expect(row!.contactEmail).toBe('tm.chan@example.hk');
  });

  it('finds text typed in full-width (a Chinese IME) by the same word typed plainly, and the reverse', async () => {
    const marker = `Q${randomUUID().slice(0, 6).toUpperCase()}`;
    const wide = [...marker].map((ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0)).join('');
    const created = await callEndpoint(
      server,
      a.createArticle,
      {
        topic: 'bills_payment',
        titleEn: 'Paying by FPS',
        titleZh: '以轉數快付款',
        summaryEn: '',
        summaryZh: '',
        bodyEn: `<p>Use the FPS identifier on your bill. Ref ${marker}.</p>`,
        bodyZh: `<p>請使用帳單上的轉數快識別碼。參考編號${wide}。</p>`,
        sortOrder: 1,
        published: true,
      },
      { token: staffToken },
    );
    expect(created.status).toBe(200);
    type R = { hits: { id: string; snippet: string; matchedLang: string }[] };
    const { id } = ok<{ id: string }>(created);
    for (const q of [marker.toLowerCase(), wide]) {
      const tc = ok<R>(await callEndpoint(server, c.searchHelp, { q, lang: 'tc' }, { token: customerToken }));
      // Found in the reader's language, where it is written in full-width, with the word in the snippet.
      expect(tc.hits.map((h) => h.id)).toEqual([id]);
      expect(tc.hits[0]).toMatchObject({ matchedLang: 'tc' });
      expect(tc.hits[0]!.snippet).toContain(wide);
    }
  });

  it('lets content staff add, edit and unpublish an article: sanitized, searchable at once, audited; readers cannot write', async () => {
    const db = getHandle().db;
    const fields = {
      topic: 'portal_use' as const,
      titleEn: 'Scanning to e-mail',
      titleZh: '掃描至電郵',
      summaryEn: 'Send scans straight to your mailbox.',
      summaryZh: '將掃描文件直接傳送到電郵。',
      bodyEn: '<p>Press <strong>Scan</strong>, then choose the address book.</p><script>alert(1)</script><img src="https://evil.example/x.png" onerror="alert(1)"><a href="javascript:alert(1)">x</a>',
      bodyZh: '<p>按<strong>掃描</strong>，然後選擇通訊錄中的收件人。</p><img src="/help/toner-cartridge.svg" alt="圖">',
      sortOrder: 5,
      published: true,
    };
    expect((await callEndpoint(server, a.createArticle, fields, { token: readerStaffToken })).status).toBe(403);
    expect((await callEndpoint(server, a.createArticle, fields, { token: customerToken })).status).toBe(403);
    const { id } = ok<{ id: string }>(await callEndpoint(server, a.createArticle, fields, { token: staffToken }));
    const rec = ok<{ bodyEn: string; bodyZh: string }>(await callEndpoint(server, a.getArticle, { id }, { token: readerStaffToken }));
    expect(rec.bodyEn).not.toMatch(/script|onerror|javascript|evil/);
    expect(rec.bodyZh).toContain('<img src="/help/toner-cartridge.svg" alt="圖"');

    const found = ok<{ hits: { id: string }[] }>(await callEndpoint(server, c.searchHelp, { q: '通訊錄', lang: 'tc' }, { token: customerToken }));
    expect(found.hits.map((h) => h.id)).toEqual([id]);
    // Markup is not searchable text.
    const markup = ok<{ hits: { id: string }[] }>(await callEndpoint(server, c.searchHelp, { q: 'strong', lang: 'en' }, { token: customerToken }));
    expect(markup.hits).toEqual([]);

    ok(await callEndpoint(server, a.updateArticle, { ...fields, id, version: await versionOf(server, a.getArticle, id, staffToken), titleEn: 'Scan to e-mail', published: false }, { token: staffToken }));
    expect((await callEndpoint(server, c.getHelpArticle, { id }, { token: customerToken })).status).toBe(404);
    expect(ok<{ hits: unknown[] }>(await callEndpoint(server, c.searchHelp, { q: '通訊錄', lang: 'tc' }, { token: customerToken })).hits).toEqual([]);
    const list = ok<{ items: { id: string; titleEn: string; published: boolean }[] }>(
      await callEndpoint(server, a.listArticles, { page: 1, pageSize: 50, filter: { published: 'no' } }, { token: readerStaffToken }),
    );
    expect(list.items).toEqual([expect.objectContaining({ id, titleEn: 'Scan to e-mail', published: false })]);
    // The list's total is the answer's, never a field of each item (paginate strips the window count).
    expect(Object.keys(list.items[0]!)).not.toContain('__total');
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'help_article'), eq(auditLog.entityId, id)));
    expect(audits.map((x) => x.action).sort()).toEqual(['create', 'update']);

    // A body that is nothing but hostile markup is refused on its field.
    const bad = await callEndpoint(server, a.createArticle, { ...fields, bodyEn: '<script>alert(1)</script>' }, { token: staffToken });
    expect(bad.status).toBe(400);
    expect((bad.body as { error?: { fields?: Record<string, string[]> } }).error?.fields).toEqual({ bodyEn: ['supportAdmin:errors.bodyEmpty'] });
    // Nor is markup without a word or an image (left in the HTML mode): it was published as an empty article.
    for (const blank of ['<p></p>', '<p>&nbsp;</p>', '<h3> </h3><p>\u200b</p>', '<ul><li></li></ul>']) {
      const res = await callEndpoint(server, a.createArticle, { ...fields, bodyZh: blank }, { token: staffToken });
      expect(res.status).toBe(400);
      expect((res.body as { error?: { fields?: Record<string, string[]> } }).error?.fields).toEqual({ bodyZh: ['supportAdmin:errors.bodyBlank'] });
    }
    // An image alone is a body.
    const image = await callEndpoint(server, a.createArticle, { ...fields, bodyZh: '<p><img src="/help/meter-counter.svg" alt="計數器"></p>' }, { token: staffToken });
    expect(image.status).toBe(200);
  });

  // Review: a link inside an article body was not checked, where useful links and site-content links must be pages of
  // the portal: `/no-such-page` in a body was published and its readers got a 404.
  it('an article body’s link on the portal must be a page of it, named in the refusal; other sites’ https links and mailto stay', async () => {
    const fields = {
      topic: 'portal_use' as const,
      titleEn: 'Where to find things',
      titleZh: '在哪裏找到',
      summaryEn: '',
      summaryZh: '',
      bodyEn: '<p>See <a href="/contact-us">contact us</a>.</p>',
      bodyZh: '<p>請參閱<a href="/contact-us">聯絡我們</a>。</p>',
      sortOrder: 1,
      published: true,
    };
    const fieldsOf = (res: { body: unknown }) => (res.body as { error?: { fields?: Record<string, string[]> } }).error?.fields;
    // The registered public address is https://portal.example.hk: its own URLs are portal links too.
    for (const href of ['/no-such-page', '/login', 'bills', 'www.example.hk', 'https://portal.example.hk/no-such-page', '//portal.example.hk/no-such-page', '/contact-us/../x']) {
      const bad = await callEndpoint(server, a.createArticle, { ...fields, bodyEn: `<p>Go <a href="${href}">here</a>.</p>` }, { token: staffToken });
      expect({ href, status: bad.status, fields: fieldsOf(bad) }).toEqual({ href, status: 400, fields: { bodyEn: [`supportAdmin:errors.bodyLinkPage|${JSON.stringify({ links: [href] })}`] } });
    }
    // Both bodies at once, each naming its own links (once each).
    const both = await callEndpoint(
      server,
      a.createArticle,
      { ...fields, bodyEn: '<p><a href="/nowhere">a</a> <a href="/nowhere">b</a> <a href="/elsewhere">c</a></p>', bodyZh: '<p><a href="/無此頁">甲</a></p>' },
      { token: staffToken },
    );
    expect(fieldsOf(both)).toEqual({
      bodyEn: ['supportAdmin:errors.bodyLinkPage|{"links":["/nowhere","/elsewhere"]}'],
      bodyZh: ['supportAdmin:errors.bodyLinkPage|{"links":["/無此頁"]}'],
    });
    // The update is checked too: an existing article cannot be given a dead link.
    const { id } = ok<{ id: string }>(await callEndpoint(server, a.createArticle, fields, { token: staffToken }));
    const update = await callEndpoint(server, a.updateArticle, { ...fields, id, version: await versionOf(server, a.getArticle, id, staffToken), bodyZh: '<p><a href="/my-orders/nope">訂單</a></p>' }, { token: staffToken });
    expect(fieldsOf(update)).toEqual({ bodyZh: ['supportAdmin:errors.bodyLinkPage|{"links":["/my-orders/nope"]}'] });

    const good = [
      '/contact-us',
      '/my-account/manage-my-bills?bill=INV-1#latest',
      'https://portal.example.hk/customer-support/faq',
      'https://www.example.hk/no-such-page',
      'mailto:help@example.hk',
      '#top',
    ];
    const body = `<p>${good.map((href, i) => `<a href="${href}">link ${i}</a>`).join(' ')}</p>`;
    const saved = await callEndpoint(server, a.updateArticle, { ...fields, id, version: await versionOf(server, a.getArticle, id, staffToken), bodyEn: body }, { token: staffToken });
    expect(saved.status).toBe(200);
    const rec = ok<{ bodyEn: string }>(await callEndpoint(server, a.getArticle, { id }, { token: readerStaffToken }));
    // Kept as the sanitizer keeps them: another site's link opens in a new tab; a fragment has no target it accepts.
    expect(rec.bodyEn).toContain('<a href="/contact-us">');
    expect(rec.bodyEn).toContain('<a href="https://www.example.hk/no-such-page" target="_blank" rel="noopener noreferrer">');
    expect(rec.bodyEn).toContain('<a href="mailto:help@example.hk">');
    // Every seeded article's links are pages (the seed would otherwise publish dead links).
    for (const article of SEED_HELP_ARTICLES) {
      const res = await callEndpoint(server, a.createArticle, { ...fields, bodyEn: article.bodyEn, bodyZh: article.bodyZh, published: false }, { token: staffToken });
      expect({ title: article.titleEn, status: res.status }).toEqual({ title: article.titleEn, status: 200 });
    }
  });

  it('an FAQ answer’s link on the portal must be a page of it, as an article body’s must', async () => {
    const fields = { category: 'contracts' as const, questionEn: 'Where do I ask?', questionZh: '在哪裏查詢？', answerEn: '<p>See <a href="/contact-us">contact us</a>.</p>', answerZh: '<p>請參閱<a href="/contact-us">聯絡我們</a>。</p>', sortOrder: 1, published: true };
    const bad = await callEndpoint(server, a.createFaqEntry, { ...fields, answerZh: '<p><a href="/no-such-page">這裏</a></p>' }, { token: staffToken });
    expect(bad.status).toBe(400);
    expect((bad.body as { error?: { fields?: unknown } }).error?.fields).toEqual({ answerZh: ['supportAdmin:errors.bodyLinkPage|{"links":["/no-such-page"]}'] });
    expect((await callEndpoint(server, a.createFaqEntry, fields, { token: staffToken })).status).toBe(200);
    // Every seeded answer's links are pages.
    for (const entry of SEED_FAQ) {
      const res = await callEndpoint(server, a.createFaqEntry, { ...fields, answerEn: entry.answerEn, answerZh: entry.answerZh, published: false }, { token: staffToken });
      expect({ question: entry.questionEn, status: res.status }).toEqual({ question: entry.questionEn, status: 200 });
    }
  });

  it('maintains FAQ entries and links; a javascript: link is refused', async () => {
    const faq = ok<{ id: string }>(
      await callEndpoint(
        server,
        a.createFaqEntry,
        { category: 'contracts', questionEn: 'Can I end my contract early?', questionZh: '我可以提早終止合約嗎？', answerEn: '<p>Yes, with the early termination charge.</p>', answerZh: '<p>可以，但須繳付提早終止費用。</p>', sortOrder: 1, published: true },
        { token: staffToken },
      ),
    );
    const hits = ok<{ hits: { id: string }[] }>(await callEndpoint(server, c.searchFaq, { q: '提早終止', lang: 'tc' }, { token: customerToken })).hits;
    expect(hits.map((h) => h.id)).toContain(faq.id);

    const base = { titleEn: 'Bad', titleZh: '壞', descriptionEn: '', descriptionZh: '', sortOrder: 1, published: true };
    const bad = await callEndpoint(server, a.createLink, { ...base, url: 'javascript:alert(1)' }, { token: staffToken });
    expect(bad.status).toBe(400);
    const good = ok<{ id: string }>(await callEndpoint(server, a.createLink, { ...base, titleEn: 'Inbox', titleZh: '收件匣', url: '/inbox' }, { token: staffToken }));
    const links = ok<{ id: string; isExternal: boolean }[]>(await callEndpoint(server, c.listUsefulLinks, { lang: 'en' }, { token: customerToken }));
    expect(links[0]).toMatchObject({ id: good.id, isExternal: false });
  });

  // QA: `/no-such-page` was saved and customers got a 404; a portal path is checked as the inbox builder's link is.
  it('a useful link to a portal path must be a page of the portal; https links stay allowed', async () => {
    const base = { titleEn: 'Link', titleZh: '連結', descriptionEn: '', descriptionZh: '', sortOrder: 1, published: false };
    for (const url of ['/no-such-page', '/login', '/contact-us?x=1', '/my-orders/manage/[id]']) {
      const bad = await callEndpoint(server, a.createLink, { ...base, url }, { token: staffToken });
      expect({ url, status: bad.status, fields: (bad.body as { error?: { fields?: Record<string, string[]> } }).error?.fields }).toEqual({
        url,
        status: 400,
        fields: { url: ['supportAdmin:errors.urlPage'] },
      });
    }
    for (const url of ['/contact-us', '/customer-support/faq', 'https://www.example.hk/no-such-page', 'mailto:help@example.hk']) {
      const good = await callEndpoint(server, a.createLink, { ...base, url }, { token: staffToken });
      expect({ url, status: good.status }).toEqual({ url, status: 200 });
    }
  });

  it('pages through FAQ entries alike in every sorted column without repeating or skipping one', async () => {
    const word = `tie${randomUUID().slice(0, 8)}`;
    const at = new Date('2026-11-02T02:00:00Z');
    const rows = await getHandle()
      .db.insert(faqEntries)
      .values(Array.from({ length: 24 }, () => ({ category: 'bills_payment' as const, questionEn: `Same ${word}`, questionZh: `相同 ${word}`, answerEn: '<p>a</p>', answerZh: '<p>甲</p>', sortOrder: 5, createdAt: at, updatedAt: at })))
      .returning({ id: faqEntries.id });
    const all = rows.map((r) => r.id).sort();
    for (const field of ['sortOrder', 'title', 'updatedAt'] as const) {
      for (const direction of ['asc', 'desc'] as const) {
        const seen: string[] = [];
        for (let page = 1; page <= 8; page++) {
          const body = { page, pageSize: 3, sort: { field, direction }, filter: { q: word } };
          seen.push(...ok<{ items: { id: string }[] }>(await callEndpoint(server, a.listFaqEntries, body, { token: staffToken })).items.map((i) => i.id));
        }
        expect({ field, direction, seen: seen.sort() }).toEqual({ field, direction, seen: all });
      }
    }
  });
});
