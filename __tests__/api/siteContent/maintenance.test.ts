/**
 * Staff maintenance of the footer and site content (docs/site-content.md): list / view / edit through the API,
 * validation (links, lengths, keys), the audit row, permissions, and that a change reaches the customers' page-load
 * calls at once (no server cache; `no-cache` + ETag so a browser revalidates on the next page load).
 */
import { and, eq } from 'drizzle-orm';
import { siteContentAdminContract } from '@/lib/siteContent/adminContract';
import type { SectionRecord, UpdateSectionBody } from '@/lib/siteContent/adminSchemas';
import { auditLog, siteContent } from '@/lib/server/db/schema';
import { SEED_SITE_CONTENT } from '@/lib/server/db/seedData';
import { CONTENT_CACHE_CONTROL } from '@/lib/server/siteContentRoutes';
import { createMember, tokenFor, tokenForStaff } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { callEndpoint, TEST_SECRETS, useTestServer } from '../helpers/testServer';

const a = siteContentAdminContract.endpoints;

describeEachDb('site content maintenance', (getHandle) => {
  const server = useTestServer(getHandle);
  let writer: string;
  let reader: string;
  let customer: string;
  /** The section's version as an edit form would load it. */
  const versionOf = async (id: string): Promise<string | null> =>
    ((await callEndpoint(server, a.getSection, { id }, { token: writer })).body as { data: { updatedAt: string | null } }).data.updatedAt;
  const getContent = (path: string, headers: Record<string, string> = {}) =>
    server.request(path, { method: 'GET', headers: { 'x-api-key': TEST_SECRETS.CONTENT_API_KEY, ...headers } });

  beforeAll(async () => {
    const db = getHandle().db;
    await db.insert(siteContent).values([...SEED_SITE_CONTENT]).onConflictDoNothing();
    writer = await tokenForStaff(db, ['site_content_write']);
    reader = await tokenForStaff(db, ['site_content_read']);
    const c = await createMember(db, ['home']);
    customer = await tokenFor(c.user, c.customer.ucpId);
  });

  it('lists the five sections and opens one in both languages; unknown: 404; customers refused', async () => {
    const list = await callEndpoint(server, a.listSections, { page: 1, pageSize: 20 }, { token: reader });
    expect(list.status).toBe(200);
    const data = (list.body as { data: unknown }).data as { items: { id: string; updatedAt: string | null }[]; total: number };
    expect(data.items.map((i) => i.id)).toEqual(['footer_popup', 'mobile_app', 'social', 'chat_link', 'link_config']);
    expect(data.items.every((i) => typeof i.updatedAt === 'string')).toBe(true);

    const social = await callEndpoint(server, a.getSection, { id: 'social' }, { token: reader });
    const rec = (social.body as { data: unknown }).data as SectionRecord & { id: 'social' };
    expect(rec.en.facebookLink).toMatch(/^https:\/\//);
    expect(rec.tc.facebookLink).toMatch(/^https:\/\//);

    expect((await callEndpoint(server, a.getSection, { id: 'nope' }, { token: reader })).status).toBe(404);
    expect((await callEndpoint(server, a.listSections, { page: 1, pageSize: 20 }, { token: customer })).status).toBe(403);
    const denied = await callEndpoint(server, a.updateSection, { id: 'chat_link', version: null, en: { link: '' }, tc: { link: '' } }, { token: reader });
    expect(denied.status).toBe(403);
  });

  it('a change in en and tc is stored, audited, and served at once by the page-load calls', async () => {
    const db = getHandle().db;
    const before = await getContent('/api/content/socialPlatform?lang=tc');
    expect(before.status).toBe(200);
    expect(before.headers['cache-control']).toBe(CONTENT_CACHE_CONTROL);
    expect(CONTENT_CACHE_CONTROL).toContain('no-cache');
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    // Unchanged: the browser's revalidation costs a 304 without a body.
    const same = await getContent('/api/content/socialPlatform?lang=tc', { 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.text).toBe('');

    const body: UpdateSectionBody = {
      id: 'social',
      version: await versionOf('social'),
      en: { facebookLink: 'https://www.facebook.com/pacific.imaging.en', instagramLink: '', linkedInLink: '/contact-us' },
      tc: { facebookLink: 'https://www.facebook.com/pacific.imaging.tc', instagramLink: '', linkedInLink: '' },
    };
    const res = await callEndpoint(server, a.updateSection, body, { token: writer });
    expect(res.status).toBe(200);
    expect((res.body as { data: unknown }).data).toEqual({ id: 'social' });

    const en = await getContent('/api/content/socialPlatform?lang=en');
    expect(en.body.data).toEqual(body.en);
    const tc = await getContent('/api/content/socialPlatform?lang=tc', { 'if-none-match': etag });
    // The old ETag no longer matches: the new content comes back in full.
    expect(tc.status).toBe(200);
    expect(tc.body.data).toEqual(body.tc);
    expect(tc.headers.etag).not.toBe(etag);

    const rows = await db.select().from(auditLog).where(and(eq(auditLog.entity, 'site_content'), eq(auditLog.entityId, 'social')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe('update');
    expect((rows[0]!.after as { tc: { facebookLink: string } }).tc.facebookLink).toBe('https://www.facebook.com/pacific.imaging.tc');
    expect((rows[0]!.before as { en: { facebookLink: string } }).en.facebookLink).not.toBe('https://www.facebook.com/pacific.imaging.en');
  });

  it('footer popups and apps: lists in both languages, plain text kept as text', async () => {
    const body: UpdateSectionBody = {
      id: 'footer_popup',
      version: await versionOf('footer_popup'),
      en: { footerPopupContentList: [{ key: 'privacy_policy', title: 'Privacy <b>policy</b>', paragraphs: ['We keep your data in Hong Kong.', 'Second.'] }] },
      tc: { footerPopupContentList: [{ key: 'privacy_policy', title: '私隱政策', paragraphs: ['我們將您的資料存放於香港。'] }] },
    };
    expect((await callEndpoint(server, a.updateSection, body, { token: writer })).status).toBe(200);
    const tc = await getContent('/api/content/footerPopup?lang=tc');
    expect(tc.body.data).toEqual(body.tc);
    const en = await getContent('/api/content/footerPopup?lang=en');
    expect((en.body.data as { footerPopupContentList: { title: string }[] }).footerPopupContentList[0]!.title).toBe('Privacy <b>policy</b>');

    const apps: UpdateSectionBody = {
      id: 'mobile_app',
      version: await versionOf('mobile_app'),
      en: { mobileApplicationList: [{ key: 'ios', platform: 'ios', name: 'Pacific Imaging', storeLabel: 'Download on the App Store', link: 'https://apps.apple.com/hk/app/id1' }] },
      tc: { mobileApplicationList: [] },
    };
    expect((await callEndpoint(server, a.updateSection, apps, { token: writer })).status).toBe(200);
    const got = await callEndpoint(server, a.getSection, { id: 'mobile_app' }, { token: writer });
    expect((got.body as { data: unknown }).data).toMatchObject({ id: 'mobile_app', en: apps.en, tc: apps.tc });
  });

  it('refuses unsafe links, too long text, bad and duplicate keys, on their fields; nothing stored', async () => {
    const db = getHandle().db;
    const [was] = await db.select().from(siteContent).where(and(eq(siteContent.kind, 'chat_link'), eq(siteContent.lang, 'en')));
    const bad = async (body: unknown) => {
      const res = await server.post(a.updateSection.path, { version: await versionOf((body as { id: string }).id), ...(body as object) }, { token: writer });
      expect(res.status).toBe(400);
      return (res.body as { error: { code: string; fields?: Record<string, string[]> } }).error;
    };
    for (const link of ['javascript:alert(1)', 'http://chat.example.hk', '//evil.example', 'https://user:pw@chat.example.hk', '/\\evil.example', `https://x.hk/${'a'.repeat(2100)}`]) {
      const err = await bad({ id: 'chat_link', en: { link }, tc: { link: '' } });
      expect(err.code).toBe('VALIDATION');
      expect(Object.keys(err.fields ?? {})).toContain('en.link');
    }
    // A portal path must be a page of the portal (QA: `/contact-usx` was saved and the footer led to a 404).
    for (const link of ['/contact-usx', '/no-such-page', '/login']) {
      const err = await bad({ id: 'chat_link', en: { link: '/contact-us' }, tc: { link } });
      expect(err.fields).toEqual({ 'tc.link': ['siteContentAdmin:validation.linkPage'] });
    }
    const long = await bad({ id: 'footer_popup', en: { footerPopupContentList: [{ key: 'a', title: 'x'.repeat(81), paragraphs: ['p'] }] }, tc: { footerPopupContentList: [] } });
    expect(Object.keys(long.fields ?? {})).toContain('en.footerPopupContentList.0.title');
    const key = await bad({ id: 'footer_popup', en: { footerPopupContentList: [] }, tc: { footerPopupContentList: [{ key: 'Bad Key', title: 't', paragraphs: ['p'] }] } });
    expect(Object.keys(key.fields ?? {})).toContain('tc.footerPopupContentList.0.key');
    const dup = await bad({
      id: 'footer_popup',
      en: { footerPopupContentList: [{ key: 'a', title: 't', paragraphs: ['p'] }, { key: 'a', title: 'u', paragraphs: ['q'] }] },
      tc: { footerPopupContentList: [] },
    });
    expect(Object.keys(dup.fields ?? {})).toContain('en.footerPopupContentList.1.key');
    const [now] = await db.select().from(siteContent).where(and(eq(siteContent.kind, 'chat_link'), eq(siteContent.lang, 'en')));
    expect(now!.content).toEqual(was!.content);
  });
});
