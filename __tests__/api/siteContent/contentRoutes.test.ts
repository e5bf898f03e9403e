import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { siteContent } from '@/lib/server/db/schema';
import type { SiteContentSection } from '@/lib/siteContent/constants';
import { SEED_SITE_CONTENT } from '@/lib/server/db/seedData';
import type { Db } from '@/lib/server/db/types';
import { SITE_CONTENT_SCHEMAS } from '@/lib/server/services/siteContent';
import { CONTENT_CACHE_CONTROL, SITE_CONTENT_ROUTES, createContentHandler } from '@/lib/server/siteContentRoutes';
import { describeEachDb } from '../helpers/testDb';
import { TEST_SECRETS, startTestServer, testConfig, type TestServer } from '../helpers/testServer';
import { siteContentContract } from '@/lib/siteContent/contract';

const KEY = TEST_SECRETS.CONTENT_API_KEY;

/** The five calls of spec §7 and the keys of `data` each must answer with. */
const CALLS: { path: string; kind: SiteContentSection; dataKeys: string[] }[] = [
  { path: siteContentContract.endpoints.footerPopup.path, kind: 'footer_popup', dataKeys: ['footerPopupContentList'] },
  { path: siteContentContract.endpoints.mobileApplication.path, kind: 'mobile_app', dataKeys: ['mobileApplicationList'] },
  { path: siteContentContract.endpoints.socialPlatform.path, kind: 'social', dataKeys: ['facebookLink', 'instagramLink', 'linkedInLink'] },
  { path: siteContentContract.endpoints.chatWithUs.path, kind: 'chat_link', dataKeys: ['link'] },
  { path: siteContentContract.endpoints.homeLinkConfiguration.path, kind: 'link_config', dataKeys: ['rChoiceLink', 'requestforQuoteLink', 'yourVoiceLink'] },
];

const seedDoc = (kind: SiteContentSection, lang: 'en' | 'tc') => SEED_SITE_CONTENT.find((c) => c.kind === kind && c.lang === lang)!.content;

async function setContent(db: Db, kind: SiteContentSection, lang: 'en' | 'tc', content: unknown): Promise<void> {
  await db
    .insert(siteContent)
    .values({ kind, lang, content })
    .onConflictDoUpdate({ target: [siteContent.kind, siteContent.lang], set: { content } });
}

async function deleteContent(db: Db, kind: SiteContentSection, lang: 'en' | 'tc'): Promise<void> {
  await db.delete(siteContent).where(and(eq(siteContent.kind, kind), eq(siteContent.lang, lang)));
}

describe('site content route table', () => {
  it('lists exactly the five calls of spec §7', () => {
    expect(Object.entries(SITE_CONTENT_ROUTES).map(([path, r]) => [path, r.kind])).toEqual(CALLS.map((c) => [c.path, c.kind]));
  });
});

describeEachDb('site content GET calls', (getHandle) => {
  let server: TestServer;
  const get = (path: string, headers: Record<string, string> = { 'x-api-key': KEY }) => server.request(path, { method: 'GET', headers });

  beforeAll(async () => {
    await getHandle().db.insert(siteContent).values([...SEED_SITE_CONTENT]).onConflictDoNothing();
    server = await startTestServer(getHandle(), { routes: {} });
  });
  afterAll(async () => {
    await server.close();
  });

  describe.each(CALLS)('$path', ({ path, kind, dataKeys }) => {
    it('answers the envelope with data as spec §7 shapes it, cacheable, with the security headers', async () => {
      const res = await get(`${path}?lang=en`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', data: expect.any(Object), traceId: expect.any(String) });
      expect(Object.keys(res.body.data).sort()).toEqual(dataKeys);
      expect(SITE_CONTENT_SCHEMAS[kind].parse(res.body.data)).toEqual(res.body.data);
      expect(res.body.data).toEqual(seedDoc(kind, 'en'));
      expect(res.headers['x-trace-id']).toBe(res.body.traceId);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe(CONTENT_CACHE_CONTROL);
      expect(res.headers.vary).toBe('X-Api-Key');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    });

    it('answers in the requested language: en and tc differ, no lang means en', async () => {
      const en = await get(`${path}?lang=en`);
      const tc = await get(`${path}?lang=tc`);
      const none = await get(path);
      expect(tc.status).toBe(200);
      expect(tc.body.data).toEqual(seedDoc(kind, 'tc'));
      expect(SITE_CONTENT_SCHEMAS[kind].parse(tc.body.data)).toEqual(tc.body.data);
      expect(tc.body.data).not.toEqual(en.body.data);
      expect(none.body.data).toEqual(en.body.data);
    });

    it('401 without the API key or with a wrong one (also one of the same length), never cached', async () => {
      const wrongSameLength = KEY.slice(0, -1) + (KEY.endsWith('x') ? 'y' : 'x');
      const attempts: Record<string, string>[] = [{}, { 'x-api-key': '' }, { 'x-api-key': 'nope' }, { 'x-api-key': wrongSameLength }, { 'x-api-key': `${KEY}x` }];
      for (const headers of attempts) {
        const res = await get(`${path}?lang=en`, headers);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({
          status: 'error',
          error: { code: 'AUTH_REQUIRED', message: 'Missing or wrong API key' },
          traceId: expect.any(String),
        });
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
      // The key is not a bearer token: an Authorization header does not stand in for it.
      expect((await get(path, { Authorization: `Bearer ${KEY}` })).status).toBe(401);
    });

    it('400 for a language other than en or tc, or more than one', async () => {
      for (const query of ['lang=fr', 'lang=', 'lang=EN', 'lang=zh-HK', 'lang=en&lang=tc']) {
        const res = await get(`${path}?${query}`);
        expect(res.status).toBe(400);
        expect(res.body.status).toBe('error');
        expect(res.body.error).toEqual({ code: 'VALIDATION', message: 'Invalid fields: lang', fields: { lang: ['Must be en or tc'] } });
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });

    it('405 for POST, HEAD and other methods, with Allow: GET', async () => {
      for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
        const res = await server.request(`${path}?lang=en`, {
          method,
          headers: { 'x-api-key': KEY, 'Content-Type': 'application/json' },
          rawBody: method === 'POST' ? '{}' : undefined,
        });
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe('GET');
        expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
      }
      const head = await server.request(path, { method: 'HEAD', headers: { 'x-api-key': KEY } });
      expect(head.status).toBe(405);
      expect(head.headers.allow).toBe('GET');
      expect(head.text).toBe('');
    });
  });

  it('leaves other /api/content/ paths to the API route table (404)', async () => {
    const res = await get('/api/content/unknown?lang=en');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('falls back to English when a language has no row, and serves an empty section when neither has', async () => {
    const db = getHandle().db;
    await deleteContent(db, 'chat_link', 'tc');
    try {
      const tc = await get('/api/content/chatWithUs?lang=tc');
      expect(tc.body.data).toEqual(seedDoc('chat_link', 'en'));
      await deleteContent(db, 'chat_link', 'en');
      expect((await get('/api/content/chatWithUs?lang=tc')).body.data).toEqual({ link: '' });
      expect((await get('/api/content/chatWithUs?lang=en')).body.data).toEqual({ link: '' });
    } finally {
      await setContent(db, 'chat_link', 'en', seedDoc('chat_link', 'en'));
      await setContent(db, 'chat_link', 'tc', seedDoc('chat_link', 'tc'));
    }
    expect((await get('/api/content/footerPopup?lang=tc')).status).toBe(200);
  });

  it('never serves an unsafe link: a bad document is served with its valid parts only', async () => {
    const db = getHandle().db;
    try {
      await setContent(db, 'social', 'en', {
        facebookLink: 'javascript:alert(1)',
        instagramLink: 'http://plain-http.example/insta',
        linkedInLink: 'https://www.linkedin.example/company/x',
        extra: 'ignored',
      });
      expect((await get('/api/content/socialPlatform?lang=en')).body.data).toEqual({
        facebookLink: '',
        instagramLink: '',
        linkedInLink: 'https://www.linkedin.example/company/x',
      });

      await setContent(db, 'link_config', 'en', { requestforQuoteLink: '//evil.example/x', yourVoiceLink: '/contact-us', rChoiceLink: 42 });
      expect((await get('/api/content/homeLinkConfiguration?lang=en')).body.data).toEqual({
        requestforQuoteLink: '',
        yourVoiceLink: '/contact-us',
        rChoiceLink: '',
      });

      const good = { key: 'ios', platform: 'ios', name: 'App', storeLabel: 'App Store', link: 'https://apps.example/ios' };
      await setContent(db, 'mobile_app', 'en', {
        mobileApplicationList: [
          good,
          { ...good, key: 'android', platform: 'android', link: 'data:text/html,<script>alert(1)</script>' },
          { ...good, platform: 'windows', key: 'win' },
          { ...good, name: 'Duplicate key' },
        ],
      });
      expect((await get('/api/content/mobileApplication?lang=en')).body.data).toEqual({ mobileApplicationList: [good] });

      await setContent(db, 'footer_popup', 'en', {
        footerPopupContentList: [
          { key: 'privacy_policy', title: 'Privacy', paragraphs: ['One', 'Two'] },
          { key: 'terms', title: '', paragraphs: ['No title'] },
          { key: 'empty', title: 'Empty', paragraphs: [] },
          'not an object',
        ],
      });
      expect((await get('/api/content/footerPopup?lang=en')).body.data).toEqual({
        footerPopupContentList: [{ key: 'privacy_policy', title: 'Privacy', paragraphs: ['One', 'Two'] }],
      });

      await setContent(db, 'chat_link', 'en', ['not', 'a', 'document']);
      expect((await get('/api/content/chatWithUs?lang=en')).body.data).toEqual({ link: '' });
    } finally {
      for (const kind of ['social', 'link_config', 'mobile_app', 'footer_popup', 'chat_link'] as const) {
        await setContent(db, kind, 'en', seedDoc(kind, 'en'));
      }
    }
  });

  it('checks the method before the key and the key before the language', async () => {
    const post = await server.request('/api/content/socialPlatform?lang=fr', { method: 'POST' });
    expect(post.status).toBe(405);
    const noKey = await get('/api/content/socialPlatform?lang=fr', {});
    expect(noKey.status).toBe(401);
  });
});

describe('site content GET calls when the database is down', () => {
  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, uncached', async () => {
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    // Only `select` is reached: the read fails like a refused connection.
    const db = { select: () => ({ from: () => ({ where: () => Promise.reject(down) }) }) } as unknown as Db;
    const handle = createContentHandler({ db, config: testConfig() });
    const srv = http.createServer((req, res) => {
      void handle(req, res, (req.url ?? '').split('?', 1)[0]!).then((handled) => {
        if (!handled) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = srv.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/content/footerPopup?lang=en`, { headers: { 'x-api-key': KEY } });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SERVICE_UNAVAILABLE');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      srv.closeAllConnections();
      await new Promise<void>((resolve) => srv.close(() => resolve()));
    }
  });
});
