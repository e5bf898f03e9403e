/**
 * Helpers for the app-shell browser specs (__tests__/e2e/shell): the header's unread badge, preference cookies, a
 * first-paint recorder for the colour mode, and a local Application Insights collector for the telemetry spec.
 * Sign-in, pages and axe come from ./browser.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { contentSecurityPolicy, telemetryIngestionOrigin } from '@/lib/server/csp';
import { baseUrl } from './browser';

export { en, literally, t, tc } from '../auth/texts';

/** The dark theme's page background (lib/theme/theme.ts `colorSchemes.dark.palette.background.default`, #121417). */
export const DARK_BACKGROUND = 'rgb(18, 20, 23)';
/** The light theme's page background (#f6f7f9). */
export const LIGHT_BACKGROUND = 'rgb(246, 247, 249)';

/**
 * The number the header's unread badge shows, 0 when the badge is hidden (MUI hides a zero badge with
 * `MuiBadge-invisible`), null when there is no inbox button at all (a user without `home`).
 */
export async function badgeCount(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-testid="unread-badge"]');
    if (!root) return null;
    const badge = root.querySelector('.MuiBadge-badge');
    if (!badge || badge.classList.contains('MuiBadge-invisible')) return 0;
    const n = Number((badge.textContent ?? '').replace(/\D/g, ''));
    return Number.isFinite(n) ? n : 0;
  });
}

/** Waits until the header badge shows `expected` (without reloading the page) and returns it. */
export async function waitForBadge(page: Page, expected: number, timeout = 10_000): Promise<number> {
  await page.waitForFunction(
    (want) => {
      const root = document.querySelector('[data-testid="unread-badge"]');
      if (!root) return false;
      const badge = root.querySelector('.MuiBadge-badge');
      const shown = !badge || badge.classList.contains('MuiBadge-invisible') ? 0 : Number((badge.textContent ?? '').replace(/\D/g, ''));
      return shown === want;
    },
    expected,
    { timeout },
  );
  return expected;
}

/** Sets the colour mode / font size cookies the first-paint script reads (lib/theme/preferences.ts) for the server's host. */
export async function setPreferenceCookies(context: BrowserContext, prefs: { colorMode?: 'light' | 'dark'; fontSize?: 'S' | 'M' | 'L' }): Promise<void> {
  const cookies = [];
  if (prefs.colorMode) cookies.push({ name: 'colorMode', value: prefs.colorMode, url: baseUrl() });
  if (prefs.fontSize) cookies.push({ name: 'fontSize', value: prefs.fontSize, url: baseUrl() });
  if (cookies.length) await context.addCookies(cookies);
}

// ---------------------------------------------------------------------------------------------------------------
// First paint
// ---------------------------------------------------------------------------------------------------------------

export type FirstPaintRecord = {
  /** `data-mui-color-scheme` on <html> at the moment <body> was inserted (before anything in it can be painted). */
  schemeAtBody: string | null;
  /** Every value the attribute took after <body> existed, in order (a flash shows up as a 'light' here). */
  schemeChangesAfterBody: string[];
  /** `data-font-size` on <html> when <body> was inserted. */
  fontSizeAtBody: string | null;
  /** The computed background colour of <body> at DOMContentLoaded. */
  bodyBackgroundAtDomContentLoaded: string | null;
  /** The same, read in the first animation frame (the first frame the browser paints). */
  bodyBackgroundAtFirstFrame: string | null;
};

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merging onto the DOM's Window needs an interface
  interface Window {
    __shellFirstPaint?: FirstPaintRecord;
  }
}

/**
 * Registers, for every document this page loads from now on, an observer that runs before any of the page's own
 * scripts: it records the colour scheme attribute on <html> when <body> appears and every later change to it, and
 * the body's computed background at DOMContentLoaded and in the first animation frame. Read it with `firstPaint`.
 */
export async function recordFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const ATTR = 'data-mui-color-scheme';
    const record: FirstPaintRecord = {
      schemeAtBody: null,
      schemeChangesAfterBody: [],
      fontSizeAtBody: null,
      bodyBackgroundAtDomContentLoaded: null,
      bodyBackgroundAtFirstFrame: null,
    };
    window.__shellFirstPaint = record;
    let bodySeen = false;
    // Records arrive in order; the value the attribute had at the body's insertion is the old value of the first
    // attribute change recorded after it, or (when none follows in the batch) the value it has now.
    const observer = new MutationObserver((records) => {
      let pendingAtBody = false;
      for (const r of records) {
        if (!bodySeen && r.type === 'childList' && [...r.addedNodes].some((n) => n.nodeName === 'BODY')) {
          bodySeen = true;
          pendingAtBody = true;
          continue;
        }
        if (r.type === 'attributes' && r.target === document.documentElement && r.attributeName === ATTR) {
          if (pendingAtBody) {
            record.schemeAtBody = r.oldValue;
            pendingAtBody = false;
          }
          if (bodySeen) record.schemeChangesAfterBody.push(document.documentElement.getAttribute(ATTR) ?? '');
        }
      }
      if (pendingAtBody) record.schemeAtBody = document.documentElement.getAttribute(ATTR);
      if (bodySeen && record.fontSizeAtBody === null) record.fontSizeAtBody = document.documentElement.getAttribute('data-font-size');
    });
    observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: [ATTR], attributeOldValue: true });
    document.addEventListener('DOMContentLoaded', () => {
      record.bodyBackgroundAtDomContentLoaded = getComputedStyle(document.body).backgroundColor;
    });
    const frame = () => {
      if (!document.body) {
        requestAnimationFrame(frame);
        return;
      }
      record.bodyBackgroundAtFirstFrame = getComputedStyle(document.body).backgroundColor;
    };
    requestAnimationFrame(frame);
    // Stop watching the whole tree once the page has settled: the specs read the record after load.
    window.addEventListener('load', () => setTimeout(() => observer.disconnect(), 3000));
  });
}

export async function firstPaint(page: Page): Promise<FirstPaintRecord> {
  await page.waitForFunction(() => window.__shellFirstPaint?.bodyBackgroundAtDomContentLoaded != null);
  return page.evaluate(() => window.__shellFirstPaint!);
}

// ---------------------------------------------------------------------------------------------------------------
// Telemetry collector
// ---------------------------------------------------------------------------------------------------------------

/** One Application Insights envelope as the SDK posts it (the fields the spec reads). */
export type Envelope = {
  name: string;
  time: string;
  iKey?: string;
  tags?: Record<string, string>;
  data?: {
    baseType?: string;
    baseData?: {
      name?: string;
      uri?: string;
      url?: string;
      properties?: Record<string, unknown>;
      [key: string]: unknown;
    };
  };
};

export type Collector = {
  /** The ingestion endpoint for a connection string: `http://127.0.0.1:<port>/`. */
  endpoint: string;
  /** Every envelope received so far, in arrival order. */
  envelopes: () => Envelope[];
  /** Every request received (method and path), preflights included. */
  requests: () => { method: string; path: string; origin: string | undefined }[];
  /** Resolves once `predicate` holds for the envelopes received (polls); rejects after `timeoutMs`. */
  waitFor: (predicate: (all: Envelope[]) => boolean, timeoutMs?: number) => Promise<Envelope[]>;
  close: () => Promise<void>;
};

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The SDK posts a JSON array (fetch/XHR) or newline-separated JSON objects (some beacon paths); maybe gzipped. */
function parseEnvelopes(raw: Buffer, encoding: string | undefined): Envelope[] {
  const text = (encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8').trim();
  if (!text) return [];
  try {
    const parsed = JSON.parse(text) as Envelope | Envelope[];
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return text
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as Envelope);
  }
}

/**
 * A tiny Application Insights ingestion endpoint on 127.0.0.1 (random port): answers every POST with the track
 * API's success body and every preflight with permissive CORS headers, and keeps what it received.
 */
export async function startCollector(): Promise<Collector> {
  const received: Envelope[] = [];
  const seen: { method: string; path: string; origin: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', origin: req.headers.origin });
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'content-type');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Max-Age', '600');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    void readBody(req).then((body) => {
      let accepted = 0;
      try {
        const items = parseEnvelopes(body, req.headers['content-encoding']);
        received.push(...items);
        accepted = items.length;
      } catch {
        // An unreadable body is still answered: the SDK must not retry forever in a test.
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ itemsReceived: Math.max(accepted, 1), itemsAccepted: Math.max(accepted, 1), errors: [] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/`,
    envelopes: () => [...received],
    requests: () => [...seen],
    waitFor: async (predicate, timeoutMs = 25_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`the collector did not receive what was expected within ${timeoutMs} ms; got:\n${JSON.stringify(received.map(summarize), null, 1)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      return [...received];
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A short form of an envelope for failure messages. */
export const summarize = (e: Envelope) => ({
  type: e.data?.baseType,
  name: e.data?.baseData?.name,
  url: e.data?.baseData?.url ?? e.data?.baseData?.uri,
  user: e.tags?.['ai.user.authUserId'],
});

/**
 * Serves the real `/runtime-config.js` to `page` with the telemetry connection string pointing at `endpoint` (the
 * content API key and time-out stay the server's), and gives its pages the Content-Security-Policy a server
 * configured with that string sends (connect-src opens its ingestion origin; lib/server/csp.ts). Returns the
 * connection string used.
 */
export async function routeTelemetryTo(page: Page, endpoint: string): Promise<string> {
  const connectionString = `InstrumentationKey=00000000-0000-0000-0000-000000000000;IngestionEndpoint=${endpoint}`;
  const origin = telemetryIngestionOrigin(connectionString);
  await page.route(
    (u) => u.origin === new URL(baseUrl()).origin && !u.pathname.startsWith('/_next/') && !u.pathname.startsWith('/api/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      const policy = headers['content-security-policy'];
      const nonce = policy && /'nonce-([^']+)'/.exec(policy)?.[1];
      if (nonce) headers['content-security-policy'] = contentSecurityPolicy({ nonce, telemetryConnectionString: connectionString });
      if (policy && !headers['content-security-policy']!.includes(`connect-src 'self' ${origin}`)) throw new Error(`no ${origin} in ${headers['content-security-policy']}`);
      // The body Playwright hands over is already decoded.
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ response, headers });
    },
  );
  await page.route('**/runtime-config.js', async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    const match = /^window\.__PORTAL_RUNTIME__=(\{.*\});?\s*$/s.exec(text);
    if (!match) throw new Error(`unexpected /runtime-config.js: ${text.slice(0, 200)}`);
    const config = JSON.parse(match[1]!) as Record<string, unknown>;
    config.telemetryConnectionString = connectionString;
    await route.fulfill({ response, body: `window.__PORTAL_RUNTIME__=${JSON.stringify(config)};` });
  });
  return connectionString;
}
