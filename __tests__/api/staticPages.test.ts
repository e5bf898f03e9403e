/**
 * Prerendered pages answered from memory (lib/server/staticPages.ts, docs/performance.md "Pages and memory"): the
 * same body and headers as Next's answer through servePageWithCsp, a fresh nonce each time, gzip assembled from
 * precompressed pieces, 304 on a matching If-None-Match, and everything else (other pages, draft mode, queries, the
 * locale cookie's redirect, redirects and 404s) still answered by Next.
 */
import { get as httpGet, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER } from '@/lib/security/cspNonce';
import type { DbHandle } from '@/lib/server/db/types';
import { createStaticPages, prerenderedPaths } from '@/lib/server/staticPages';
import { startTestServer, type TestServer } from './helpers/testServer';

const P = CSP_NONCE_PLACEHOLDER;

/** Shaped like a prerendered page from our _document, long enough to be gzipped, with repeats across nonce positions. */
const page = (title: string) =>
  `<!DOCTYPE html><html lang="en"><head><script nonce="${P}">(function(){document.documentElement.setAttribute('data-font-size','M')})();</script>` +
  `<script src="/runtime-config.js" defer="" nonce="${P}"></script><style data-emotion="mui-global x" nonce="${P}">html{color:red}</style>` +
  `<link nonce="${P}" rel="stylesheet" href="/_next/static/chunks/a.css"/><title>${title}</title></head><body><div id="__next"><p title="${P}">${'Sign in to the portal. '.repeat(200)}</p></div>` +
  `<script id="__NEXT_DATA__" type="application/json" nonce="${P}">{"props":{"pageProps":{"t":"${'é中'.repeat(300)}"}},"page":"/login"}</script></body></html>`;

/** Pretends to be Next on prerendered pages (headers as Next sends them) and counts what it answered. */
function fakeNext(calls: string[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    calls.push(url);
    const pathname = url.split('?')[0]!;
    if (pathname === '/old') {
      res.statusCode = 308;
      res.setHeader('Location', '/new');
      return void res.end();
    }
    const draft = /__prerender_bypass=/.test(req.headers.cookie ?? '');
    res.statusCode = pathname === '/missing' ? 404 : 200;
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('x-nextjs-cache', 'HIT');
    res.setHeader('Cache-Control', draft ? 'private, no-cache, no-store, max-age=0, must-revalidate' : 's-maxage=31536000');
    res.setHeader('ETag', '"next-etag"');
    const body = page(draft ? 'rendered' : `static ${pathname}`);
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

const noDb = {} as DbHandle;
const headerNonce = (policy: unknown) => /'nonce-([A-Za-z0-9_-]{24})'/.exec(String(policy))?.[1];
/** The response headers that describe the page, without those that differ per response by design. */
const stable = (h: Record<string, unknown>) => {
  const { date, 'content-security-policy': _csp, etag: _etag, connection: _c, 'keep-alive': _k, ...rest } = h;
  void date;
  return rest;
};

describe('prerendered pages from memory', () => {
  let withCache: TestServer;
  let without: TestServer;
  const calls: string[] = [];
  const plainCalls: string[] = [];
  const statics = createStaticPages({ isPrerendered: (p) => ['/', '/login', '/tc/login', '/missing', '/old'].includes(p) });

  beforeAll(async () => {
    withCache = await startTestServer(noDb, { routes: {}, pages: fakeNext(calls), staticPages: statics });
    without = await startTestServer(noDb, { routes: {}, pages: fakeNext(plainCalls) });
  });
  afterAll(async () => {
    await withCache?.close();
    await without?.close();
  });

  const get = (server: TestServer, p: string, headers: Record<string, string> = {}, method = 'GET') => server.request(p, { method, headers });

  it('after Next answered once, answers from memory with the same body (fresh nonce) and the same headers as before', async () => {
    calls.length = 0;
    const first = await get(withCache, '/login');
    const second = await get(withCache, '/login');
    const third = await get(withCache, '/login');
    expect(calls).toEqual(['/login']);
    const before = await get(without, '/login');
    for (const res of [first, second, third]) {
      expect(res.status).toBe(200);
      const nonce = headerNonce(res.headers['content-security-policy'])!;
      expect(nonce).toBeDefined();
      // The body is exactly the old path's body with this response's nonce in place of that one's.
      expect(res.text).toBe(before.text.split(headerNonce(before.headers['content-security-policy'])!).join(nonce));
      expect(res.text).not.toContain(P);
      expect(String(res.headers['content-security-policy']).replaceAll(nonce, 'N')).toBe(
        String(before.headers['content-security-policy']).replaceAll(headerNonce(before.headers['content-security-policy'])!, 'N'),
      );
      expect(stable(res.headers)).toEqual(stable(before.headers));
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    expect(new Set([first, second, third].map((r) => headerNonce(r.headers['content-security-policy']))).size).toBe(3);
    // The one new header: a validator of the page.
    expect(second.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(before.headers.etag).toBeUndefined();
  });

  it('gzip from precompressed pieces: valid, Vary and Content-Encoding as before, the nonce of the header inside', async () => {
    await get(withCache, '/');
    const res = await fetch(`${withCache.baseUrl}/`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.text()).not.toContain(P);
    // The bytes themselves, through Node's strict gunzip (fetch decodes leniently).
    const bytes = await new Promise<{ body: Buffer; headers: Record<string, unknown> }>((resolve, reject) => {
      httpGet(`${withCache.baseUrl}/`, { headers: { 'Accept-Encoding': 'gzip' }, agent: false }, (r) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => resolve({ body: Buffer.concat(chunks), headers: r.headers }));
      }).on('error', reject);
    });
    expect(bytes.headers['content-encoding']).toBe('gzip');
    expect(Number(bytes.headers['content-length'])).toBe(bytes.body.length);
    const html = gunzipSync(bytes.body).toString('utf8');
    const nonce = headerNonce(bytes.headers['content-security-policy'])!;
    const before = await get(without, '/');
    expect(html).toBe(before.text.split(headerNonce(before.headers['content-security-policy'])!).join(nonce));
    // Smaller than the page: the pieces are compressed.
    expect(bytes.body.length).toBeLessThan(Buffer.byteLength(html) / 3);
    // No gzip when the client refuses it.
    const identity = await get(withCache, '/', { 'Accept-Encoding': 'gzip;q=0' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(Number(identity.headers['content-length'])).toBe(Buffer.byteLength(identity.text));
  });

  it('304 on a matching If-None-Match (weak, listed or *), without a policy header or body; 200 otherwise', async () => {
    const first = await get(withCache, '/login');
    const etag = String(first.headers.etag);
    for (const inm of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      const res = await get(withCache, '/login', { 'If-None-Match': inm });
      expect(res.status).toBe(304);
      expect(res.text).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toBe('Accept-Encoding');
      // The stored answer keeps its policy: a new nonce here would not match the cached HTML.
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
    const changed = await get(withCache, '/login', { 'If-None-Match': '"another-build"' });
    expect(changed.status).toBe(200);
    expect(headerNonce(changed.headers['content-security-policy'])).toBeDefined();
    // Another page has another validator.
    expect((await get(withCache, '/tc/login')).headers.etag).not.toBe(etag);
  });

  it('HEAD from memory: headers and the length of the page, no body', async () => {
    const head = await get(withCache, '/login', {}, 'HEAD');
    const full = await get(withCache, '/login');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(full.text));
    expect(headerNonce(head.headers['content-security-policy'])).toBeDefined();
  });

  it('what Next must answer still goes to Next: a query, draft mode, Next control headers, POST, redirects, 404s, unlisted pages', async () => {
    await get(withCache, '/login');
    calls.length = 0;
    await get(withCache, '/login?callbackUrl=%2Finbox');
    const draft = await get(withCache, '/login', { Cookie: '__prerender_bypass=abc' });
    expect(draft.text).toContain('<title>rendered</title>');
    expect(draft.headers['cache-control']).toMatch(/no-store/);
    expect(draft.headers.etag).toBeUndefined();
    await get(withCache, '/login', { 'x-prerender-revalidate': 'x' });
    await get(withCache, '/login', {}, 'POST');
    expect((await get(withCache, '/old')).status).toBe(308);
    expect((await get(withCache, '/old')).status).toBe(308);
    expect((await get(withCache, '/missing')).status).toBe(404);
    expect((await get(withCache, '/missing')).status).toBe(404);
    await get(withCache, '/inbox');
    await get(withCache, '/inbox');
    expect(calls).toEqual(['/login?callbackUrl=%2Finbox', '/login', '/login', '/login', '/old', '/old', '/missing', '/missing', '/inbox', '/inbox']);
    // A draft answer (no-store) is never kept: the next plain request is the static page.
    expect((await get(withCache, '/login')).text).toContain('<title>static /login</title>');
  });

  it('the locale cookie still redirects unprefixed pages to /tc before anything is served', async () => {
    await get(withCache, '/login');
    const res = await get(withCache, '/login', { Cookie: 'NEXT_LOCALE=tc' });
    expect(res.status).toBe(307);
    expect(res.headers.location).toBe('/tc/login');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps at most maxBytes of pages, least recently used out first', async () => {
    const small = createStaticPages({ isPrerendered: () => true, maxBytes: 16_000 });
    const localCalls: string[] = [];
    const server = await startTestServer(noDb, { routes: {}, pages: fakeNext(localCalls), staticPages: small });
    try {
      for (const p of ['/a', '/b', '/c']) await get(server, p);
      expect(small.stats().bytes).toBeLessThanOrEqual(16_000);
      // A page is about 7.5 kB raw and compressed: two fit.
      expect(small.stats().pages).toBe(2);
      localCalls.length = 0;
      await get(server, '/c');
      expect(localCalls).toEqual([]);
      await get(server, '/a');
      expect(localCalls).toEqual(['/a']);
    } finally {
      await server.close();
    }
  });
});

describe('prerenderedPaths', () => {
  it('maps the manifest to request paths: default locale unprefixed, others prefixed, error pages and revalidated pages left out', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'prerender-'));
    writeFileSync(path.join(dir, 'routes-manifest.json'), JSON.stringify({ i18n: { defaultLocale: 'en', locales: ['en', 'tc'] } }));
    const route = (initialRevalidateSeconds: number | false) => ({ initialRevalidateSeconds });
    writeFileSync(
      path.join(dir, 'prerender-manifest.json'),
      JSON.stringify({ routes: { '/en': route(false), '/tc': route(false), '/en/login': route(false), '/tc/login': route(false), '/en/404': route(false), '/tc/404': route(false), '/en/news': route(60) } }),
    );
    expect([...prerenderedPaths(dir)].sort()).toEqual(['/', '/login', '/tc', '/tc/login']);
  });
});
