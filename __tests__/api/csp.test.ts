/**
 * Content-Security-Policy (lib/server/csp.ts, docs/security-headers.md): the policy with and without telemetry, the
 * nonce put into served HTML by the request listener, and the violation-report endpoint.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CSP_NONCE_PLACEHOLDER } from '@/lib/security/cspNonce';
import {
  CSP_REPORT_BODY_LIMIT,
  CSP_REPORT_LOG_LIMIT,
  CSP_REPORT_WINDOW_MS,
  contentSecurityPolicy,
  createCspReportHandler,
  cspHeaders,
  injectNonce,
  newNonce,
  telemetryIngestionOrigin,
} from '@/lib/server/csp';
import type { DbHandle } from '@/lib/server/db/types';
import { captureLog } from './helpers/captureLog';
import { startTestServer, testConfig, type TestServer } from './helpers/testServer';

const P = CSP_NONCE_PLACEHOLDER;

/** Shaped like a page Next prerenders from our _document (see .next/server/pages/en/login.html). */
const PAGE = `<!DOCTYPE html><html lang="en"><head><script nonce="${P}">(function(){document.documentElement.setAttribute('data-font-size','M')})();</script>
<script src="/runtime-config.js" defer="" nonce="${P}"></script><meta name="emotion-insertion-point" content=""/>
<style data-emotion="mui-global 1ae22zv" nonce="${P}">html{color:red}</style><style data-emotion="mui 1ifo349" nonce="${P}">.mui-1ifo349{display:flex}</style>
<link nonce="${P}" rel="preload" href="/_next/static/chunks/a.css" as="style"/><link nonce="${P}" rel="stylesheet" href="/_next/static/chunks/a.css" data-n-g=""/>
<script nonce="${P}">(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/b.js"]});</script>
<script src="/_next/static/chunks/b.js" nonce="${P}" defer=""></script></head><body><div id="__next"><p title="${P}">Not a nonce: ${P}</p><div style="opacity:0;visibility:hidden"></div></div>
<script id="__NEXT_DATA__" type="application/json" nonce="${P}">{"props":{"pageProps":{"text":"${P} and nonce=\\"${P}\\""}},"page":"/login"}</script>${' '.repeat(2048)}</body></html>`;

/**
 * The nonce attributes of every <script>/<style>/<link> start tag, how many inline scripts and styles there are, and
 * how many <script>/<style> tags have no nonce at all.
 */
function nonceTags(html: string): { nonces: string[]; inline: number; untagged: number } {
  const nonces = [...html.matchAll(/<(?:script|style|link)\b[^>]*\snonce="([^"]*)"/g)].map((m) => m[1]!);
  const tags = [...html.matchAll(/<(script|style)\b([^>]*)>/g)];
  const inline = tags.filter((m) => m[1] === 'style' || !/\ssrc=/.test(m[2]!)).length;
  const untagged = tags.filter((m) => !/\snonce="/.test(m[2]!)).length;
  return { nonces, inline, untagged };
}

const headerNonce = (policy: string | string[] | undefined) => /'nonce-([A-Za-z0-9_-]+)'/.exec(String(policy))?.[1];

describe('the policy', () => {
  it('without telemetry: nonce-based scripts and styles, no unsafe-inline or unsafe-eval for scripts, connect-src self', () => {
    expect(contentSecurityPolicy({ nonce: 'abc' })).toBe(
      [
        "default-src 'self'",
        "script-src 'self' 'nonce-abc'",
        "style-src 'self' 'nonce-abc'",
        "style-src-attr 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
        "form-action 'self'",
        'report-uri /csp-report',
      ].join('; '),
    );
  });

  it('with a telemetry connection string: its ingestion origin (only) is added to connect-src', () => {
    const policy = contentSecurityPolicy({
      nonce: 'abc',
      telemetryConnectionString:
        'InstrumentationKey=00000000-0000-0000-0000-000000000000;IngestionEndpoint=https://westeurope-5.in.applicationinsights.azure.com/;LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/',
    });
    expect(policy).toContain("connect-src 'self' https://westeurope-5.in.applicationinsights.azure.com;");
    expect(policy).not.toContain('livediagnostics');
    expect(policy).toMatch(/script-src 'self' 'nonce-abc';/);
  });

  it.each([
    ['IngestionEndpoint', 'InstrumentationKey=k;IngestionEndpoint=https://eastasia-0.in.applicationinsights.azure.com/', 'https://eastasia-0.in.applicationinsights.azure.com'],
    ['keys in any case', 'instrumentationkey=k;ingestionendpoint=https://x.example.com:8443/v2', 'https://x.example.com:8443'],
    ['EndpointSuffix and Location', 'InstrumentationKey=k;EndpointSuffix=applicationinsights.azure.cn;Location=chinaeast2', 'https://chinaeast2.dc.applicationinsights.azure.cn'],
    ['only the key: the SDK default', 'InstrumentationKey=k', 'https://dc.services.visualstudio.com'],
    ['not a connection string', 'garbage', null],
    ['a script URL', 'InstrumentationKey=k;IngestionEndpoint=javascript:alert(1)', null],
    ['empty', '  ', null],
  ])('the ingestion origin from %s', (_name, value, origin) => {
    expect(telemetryIngestionOrigin(value)).toBe(origin);
  });

  it('a malformed connection string adds nothing to connect-src', () => {
    expect(contentSecurityPolicy({ nonce: 'n', telemetryConnectionString: 'garbage' })).toContain("connect-src 'self';");
  });

  it('development mode: report-only, with unsafe-eval for Next dev; production never has it', () => {
    const dev = cspHeaders({ nonce: 'n', isDevelopment: true });
    expect(Object.keys(dev)).toEqual(['Content-Security-Policy-Report-Only']);
    expect(dev['Content-Security-Policy-Report-Only']).toContain("script-src 'self' 'nonce-n' 'unsafe-eval'");
    const prod = cspHeaders({ nonce: 'n' });
    expect(prod['Content-Security-Policy']).not.toMatch(/unsafe-eval|'unsafe-inline'[^;]*;.*script/);
  });

  it('nonces are 24 base64url characters, like the placeholder, and never repeat', () => {
    const seen = new Set(Array.from({ length: 200 }, newNonce));
    expect(seen.size).toBe(200);
    for (const n of seen) expect(n).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(P).toHaveLength(24);
  });
});

describe('injectNonce', () => {
  it('sets the nonce on script, style and link tags only, and strips every other placeholder', () => {
    const out = injectNonce(PAGE, 'N0nce');
    const { nonces, inline, untagged } = nonceTags(out);
    expect(nonces.length).toBe(9);
    expect(new Set(nonces)).toEqual(new Set(['N0nce']));
    expect(inline).toBe(5);
    expect(untagged).toBe(0);
    expect(out).not.toContain(P);
    expect(out).toContain('<p title="">Not a nonce: </p>');
    // The JSON of __NEXT_DATA__ stays valid.
    const data = /<script id="__NEXT_DATA__"[^>]*>(.*?)<\/script>/s.exec(out)![1]!;
    expect(JSON.parse(data).props.pageProps.text).toBe(' and nonce=""');
  });
});

/** Pretends to be Next: answers page paths the way sendRenderResult does, and records the request headers it got. */
function fakeNext(seen: IncomingMessage['headers'][]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    seen.push({ ...req.headers });
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === '/streamed') {
      // getServerSideProps pages: headers flushed, then the HTML in chunks.
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'private, no-cache, no-store, max-age=0, must-revalidate');
      res.flushHeaders();
      const half = Math.floor(PAGE.length / 2) + 7;
      res.write(PAGE.slice(0, half));
      res.write(Buffer.from(PAGE.slice(half)));
      res.end();
      return;
    }
    if (path === '/write-head') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(PAGE);
      return;
    }
    if (path === '/favicon.svg') {
      res.setHeader('Content-Type', 'image/svg+xml');
      res.end(`<svg data-x="${P}"/>`);
      return;
    }
    if (path === '/old') {
      res.statusCode = 308;
      res.setHeader('Location', '/new');
      res.end();
      return;
    }
    if (path.startsWith('/_next/')) {
      res.setHeader('Content-Type', 'application/javascript');
      res.end(`var p="${P}"`);
      return;
    }
    res.statusCode = path === '/missing' ? 404 : 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 's-maxage=31536000');
    res.setHeader('ETag', '"abc"');
    res.setHeader('Content-Length', Buffer.byteLength(PAGE));
    if (req.method === 'HEAD') return void res.end(null);
    res.end(PAGE);
  };
}

/** The listener needs a database handle only for the API and health routes, which these tests do not call. */
const noDb = {} as DbHandle;

describe('pages served through the request listener', () => {
  let server: TestServer;
  const seen: IncomingMessage['headers'][] = [];

  beforeAll(async () => {
    server = await startTestServer(noDb, { routes: {}, pages: fakeNext(seen) });
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = (path: string, headers: Record<string, string> = {}) => server.request(path, { method: 'GET', headers });

  it.each(['/', '/tc/inbox', '/streamed', '/write-head'])('%s: every inline script and style carries the nonce of the response header', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const policy = res.headers['content-security-policy'];
    const nonce = headerNonce(policy);
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(String(policy)).toContain(`script-src 'self' 'nonce-${nonce}';`);
    expect(String(policy)).toContain(`style-src 'self' 'nonce-${nonce}';`);
    const { nonces, inline, untagged } = nonceTags(res.text);
    expect(inline).toBe(5);
    expect(untagged).toBe(0);
    expect(nonces).toHaveLength(9);
    for (const n of nonces) expect(n).toBe(nonce);
    expect(res.text).not.toContain(P);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
  });

  it('two responses get different nonces', async () => {
    const [a, b] = await Promise.all([get('/'), get('/')]);
    expect(headerNonce(a.headers['content-security-policy'])).not.toBe(headerNonce(b.headers['content-security-policy']));
    expect(nonceTags(a.text).nonces[0]).not.toBe(nonceTags(b.text).nonces[0]);
  });

  it('the 404 page has the policy and its nonce too', async () => {
    const res = await get('/missing');
    expect(res.status).toBe(404);
    const nonce = headerNonce(res.headers['content-security-policy']);
    expect(new Set(nonceTags(res.text).nonces)).toEqual(new Set([nonce]));
  });

  it('no 304 with an old nonce, no validators, and no shared caching of a page', async () => {
    seen.length = 0;
    const res = await get('/', { 'If-None-Match': '"abc"', 'If-Modified-Since': new Date().toUTCString(), 'Accept-Encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(seen[0]!['if-none-match']).toBeUndefined();
    expect(seen[0]!['if-modified-since']).toBeUndefined();
    // Next's own compression would hide the HTML: it never sees Accept-Encoding.
    expect(seen[0]!['accept-encoding']).toBeUndefined();
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // A getServerSideProps page keeps Next's stricter no-store.
    expect((await get('/streamed')).headers['cache-control']).toMatch(/no-store/);
  });

  it('gzips the page after the nonce is in when the client accepts it', async () => {
    const res = await fetch(`${server.baseUrl}/`, { headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
    const html = await res.text();
    const nonce = headerNonce(res.headers.get('content-security-policy') ?? '');
    expect(new Set(nonceTags(html).nonces)).toEqual(new Set([nonce]));
    expect(html).not.toContain(P);
    const identity = await get('/', { 'Accept-Encoding': 'gzip;q=0' });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('HEAD: the policy and Next’s length, no body', async () => {
    const res = await server.request('/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(headerNonce(res.headers['content-security-policy'])).toBeDefined();
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
    expect(res.text).toBe('');
  });

  it('answers that are not HTML pass through untouched (the policy header is harmless there)', async () => {
    const svg = await get('/favicon.svg');
    expect(svg.text).toBe(`<svg data-x="${P}"/>`);
    const redirect = await get('/old');
    expect(redirect.status).toBe(308);
    expect(redirect.headers.location).toBe('/new');
  });

  it("Next's own files (/_next/) are handed over as they are, without a policy", async () => {
    seen.length = 0;
    const res = await get('/_next/static/chunks/b.js', { 'Accept-Encoding': 'gzip' });
    expect(res.text).toBe(`var p="${P}"`);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(seen[0]!['accept-encoding']).toBe('gzip');
  });

  it('the report endpoint carries the other security headers (next.config.js sets them on what Next answers)', async () => {
    const res = await server.request('/csp-report', { method: 'GET' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('development mode', () => {
  it('sends the policy report-only (Next dev needs eval), still with the nonce in the page', async () => {
    const server = await startTestServer(noDb, { routes: {}, pages: fakeNext([]), config: testConfig({ NODE_ENV: 'development' }) });
    try {
      const res = await server.request('/', { method: 'GET' });
      expect(res.headers['content-security-policy']).toBeUndefined();
      const nonce = headerNonce(res.headers['content-security-policy-report-only']);
      expect(new Set(nonceTags(res.text).nonces)).toEqual(new Set([nonce]));
    } finally {
      await server.close();
    }
  });
});

const LEGACY_REPORT = {
  'csp-report': {
    'document-uri': 'https://portal.example.hk/survey/optput?token=secret-token#x',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 12,
    'column-number': 34,
    'source-file': 'https://portal.example.hk/_next/static/chunks/a.js?v=1',
    'status-code': 200,
    'script-sample': '',
  },
};

const reportingApiReport = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    type: 'csp-violation',
    age: 10,
    url: 'https://portal.example.hk/inbox',
    user_agent: 'Chrome',
    body: {
      documentURL: `https://portal.example.hk/inbox?page=${i}`,
      blockedURL: 'https://evil.example.com/x.js?k=v',
      effectiveDirective: 'script-src-elem',
      originalPolicy: "default-src 'self'",
      disposition: 'enforce',
      statusCode: 200,
      lineNumber: i,
    },
  }));

describe('POST /csp-report', () => {
  let server: TestServer;
  let captured: ReturnType<typeof captureLog>;

  beforeEach(async () => {
    captured = captureLog();
    server = await startTestServer(noDb, { routes: {}, log: captured.log });
  });
  afterEach(async () => {
    await server.close();
  });

  const post = (body: string, type = 'application/csp-report', headers: Record<string, string> = {}) =>
    server.request('/csp-report', { method: 'POST', rawBody: body, headers: { 'Content-Type': type, ...headers } });
  const violations = () => captured.lines.filter((l) => l.msg === 'csp violation');

  it('logs one structured warning per report (report-uri format), without query strings, and answers 204', async () => {
    const res = await post(JSON.stringify(LEGACY_REPORT));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const lines = violations();
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe(40);
    expect(lines[0]!.csp).toEqual({
      directive: 'script-src-elem',
      blocked: 'inline',
      document: 'https://portal.example.hk/survey/optput',
      source: 'https://portal.example.hk/_next/static/chunks/a.js',
      line: 12,
      column: 34,
      disposition: 'enforce',
      status: 200,
    });
    expect(captured.text()).not.toContain('secret-token');
    // Nothing else of the request is logged: no original policy, no body.
    expect(captured.text()).not.toContain('original');
  });

  it('the Reporting API format (report-to, not asked for today): one line per report, at most 10 per request', async () => {
    expect((await post(JSON.stringify(reportingApiReport(2)), 'application/reports+json')).status).toBe(204);
    expect(violations().map((l) => (l.csp as { blocked: string; document: string }).blocked)).toEqual([
      'https://evil.example.com/x.js',
      'https://evil.example.com/x.js',
    ]);
    expect((await post(JSON.stringify(reportingApiReport(25)), 'application/reports+json')).status).toBe(204);
    expect(violations()).toHaveLength(12);
  });

  it('refuses other methods, other types, bodies over the cap, and what is not a report, logging nothing', async () => {
    const get = await server.request('/csp-report', { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await post(JSON.stringify(LEGACY_REPORT), 'text/plain')).status).toBe(415);
    const huge = JSON.stringify({ 'csp-report': { 'document-uri': 'x'.repeat(CSP_REPORT_BODY_LIMIT) } });
    expect((await post(huge)).status).toBe(413);
    expect((await server.request('/csp-report', { method: 'POST', rawBody: huge, chunked: true, headers: { 'Content-Type': 'application/csp-report' } })).status).toBe(413);
    expect((await post('{not json')).status).toBe(400);
    expect((await post('{"hello":1}')).status).toBe(400);
    expect(violations()).toHaveLength(0);
  });

  it('long fields are cut', async () => {
    const report = { 'csp-report': { ...LEGACY_REPORT['csp-report'], 'effective-directive': 'x'.repeat(5000) } };
    await post(JSON.stringify(report));
    expect(String((violations()[0]!.csp as { directive: string }).directive)).toHaveLength(300);
  });
});

describe('the report log rate limit', () => {
  it(`logs at most ${CSP_REPORT_LOG_LIMIT} reports a minute, then one line with how many were dropped`, async () => {
    const captured = captureLog();
    let now = 1_000_000;
    const handler = createCspReportHandler({ log: captured.log, now: () => now });
    const server = http.createServer((req, res) => void handler(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/csp-report`, { method: 'POST', headers: { 'Content-Type': 'application/csp-report' }, body: JSON.stringify(LEGACY_REPORT) });
      return res.status;
    };
    try {
      for (let i = 0; i < CSP_REPORT_LOG_LIMIT + 5; i++) expect(await send()).toBe(204);
      expect(captured.lines.filter((l) => l.msg === 'csp violation')).toHaveLength(CSP_REPORT_LOG_LIMIT);
      now += CSP_REPORT_WINDOW_MS;
      expect(await send()).toBe(204);
      expect(captured.lines.find((l) => String(l.msg).includes('rate limit'))).toMatchObject({ dropped: 5 });
      expect(captured.lines.filter((l) => l.msg === 'csp violation')).toHaveLength(CSP_REPORT_LOG_LIMIT + 1);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
