import { randomBytes } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import { CSP_NONCE_PLACEHOLDER } from '@/lib/security/cspNonce';
import type { Logger } from '@/lib/server/log';

/**
 * Content-Security-Policy for the portal's pages (docs/security-headers.md).
 *
 * Pages are static HTML built once, so the per-response nonce is put in by the server: `_document` renders
 * CSP_NONCE_PLACEHOLDER as the nonce of every inline script and style, `servePageWithCsp` replaces it in the HTML
 * with a fresh random nonce and sends the matching header. Violations the browsers report are logged by
 * `createCspReportHandler` (one warning line per report, capped and rate-limited, never stored).
 */

export const CSP_REPORT_PATH = '/csp-report';

/** A nonce's length in characters: 18 random bytes in base64url, the placeholder's length. */
export const NONCE_LENGTH = 24;

/** 18 random bytes: 24 base64url characters, the placeholder's length. */
export function newNonce(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The origin the Application Insights SDK sends to, derived from the connection string the way the SDK 3.x does
 * (`parseConnectionString`: keys are case-insensitive, `IngestionEndpoint`, else `https://[Location.]dc.<EndpointSuffix>`,
 * else the global `https://dc.services.visualstudio.com`). Null without a usable connection string.
 */
export function telemetryIngestionOrigin(connectionString: string | undefined): string | null {
  if (!connectionString?.trim()) return null;
  const fields: Record<string, string> = {};
  for (const pair of connectionString.split(';')) {
    const parts = pair.split('=');
    if (parts.length === 2) fields[parts[0]!.trim().toLowerCase()] = parts[1]!.trim();
  }
  if (Object.keys(fields).length === 0) return null;
  let endpoint = fields.ingestionendpoint;
  if (!endpoint && fields.endpointsuffix) endpoint = `https://${fields.location ? `${fields.location}.` : ''}dc.${fields.endpointsuffix}`;
  endpoint ||= 'https://dc.services.visualstudio.com';
  try {
    const url = new URL(endpoint);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export type CspOptions = {
  nonce: string;
  /** APPLICATIONINSIGHTS_CONNECTION_STRING: its ingestion origin is added to connect-src only when set. */
  telemetryConnectionString?: string;
  /** Next's development mode evaluates code (React Refresh, error overlay): 'unsafe-eval' there, never in production. */
  isDevelopment?: boolean;
};

/** The policy as sent on every page response. */
export function contentSecurityPolicy({ nonce, telemetryConnectionString, isDevelopment = false }: CspOptions): string {
  const telemetry = telemetryIngestionOrigin(telemetryConnectionString);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", `'nonce-${nonce}'`, ...(isDevelopment ? ["'unsafe-eval'"] : [])],
    // <style> and <link rel=stylesheet>: our files and the nonced inline ones (emotion, SSR and run time).
    ['style-src', "'self'", `'nonce-${nonce}'`],
    // style="…" attributes: React and MUI write them in the server-rendered HTML (e.g. the hidden sizing textarea of
    // a multiline field); they cannot carry a nonce and cannot run code. See docs/security-headers.md.
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...(telemetry ? [telemetry] : [])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
    // report-uri only: with report-to present Chromium ignores report-uri and queues reports for its Reporting API,
    // which headless Chromium here did not deliver within 90 s; report-uri is sent at once by Chromium, Firefox and
    // Safari. The endpoint also reads the Reporting API's format, so adding report-to later is one line.
    ['report-uri', CSP_REPORT_PATH],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** The response header of a page: the policy, report-only in development. */
export function cspHeaders(options: CspOptions): Record<string, string> {
  const name = options.isDevelopment ? 'Content-Security-Policy-Report-Only' : 'Content-Security-Policy';
  return { [name]: contentSecurityPolicy(options) };
}

const NONCE_ATTRIBUTE = ` nonce="${CSP_NONCE_PLACEHOLDER}"`;
/** The start tag of an element that may carry a nonce. React escapes `>` in attribute values, so `[^>]*` is the tag. */
const NONCE_TAG = /<(?:script|style|link)\b[^>]*>/gi;

/**
 * Puts `nonce` where _document put the placeholder: only as the exact `nonce="…"` attribute of a <script>, <style>
 * or <link> start tag. Any other occurrence of the placeholder (text, another attribute) is removed, so it never
 * reaches a browser and never turns into a valid nonce.
 */
export function injectNonce(html: string, nonce: string): string {
  const tagged = html.replace(NONCE_TAG, (tag) => tag.split(NONCE_ATTRIBUTE).join(` nonce="${nonce}"`));
  return tagged.split(CSP_NONCE_PLACEHOLDER).join('');
}

/** Page responses are HTML of a few tens of kB: compress above this, like Next's own compression (1 kB). */
export const GZIP_THRESHOLD = 1024;

export const acceptsGzip = (value: string | string[] | undefined): boolean =>
  String(value ?? '')
    .split(',')
    .some((part) => {
      const [coding, ...params] = part.trim().toLowerCase().split(';');
      if (coding !== 'gzip' && coding !== '*') return false;
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return !q || Number(q.slice(2)) > 0;
    });

const isHtml = (res: ServerResponse) => /^\s*text\/html\b/i.test(String(res.getHeader('content-type') ?? ''));

type PageHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

/**
 * Hands a page request to Next with the policy on the response and the nonce in its HTML.
 *
 * - The headers are set before Next runs, so every answer on a page path has them (the 404 page included).
 * - An HTML answer is held until it ends, gets the nonce, and is sent with Content-Length (gzip when the client
 *   accepts it: Next's own compression is bypassed by removing Accept-Encoding, as it would hide the HTML).
 * - Conditional requests are stripped and ETag / Last-Modified dropped: a 304 would pair a new nonce with the old
 *   HTML. Cache-Control becomes `private, no-cache` so no shared cache hands one nonce to many visitors.
 * - Anything else (redirects, a public file) passes through untouched.
 */
export async function servePageWithCsp(
  req: IncomingMessage,
  res: ServerResponse,
  next: PageHandler,
  options: Omit<CspOptions, 'nonce'>,
  /** Gets the HTML answer as Next wrote it (placeholder, not nonce) with the headers about to be sent: lib/server/staticPages.ts keeps prerendered pages. */
  onHtml?: (page: { status: number; headers: OutgoingHttpHeaders; html: string; cacheable: boolean }) => void,
): Promise<void> {
  const nonce = newNonce();
  for (const [name, value] of Object.entries(cspHeaders({ ...options, nonce }))) res.setHeader(name, value);

  const gzipOk = acceptsGzip(req.headers['accept-encoding']);
  delete req.headers['accept-encoding'];
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];

  const original = { write: res.write, end: res.end, writeHead: res.writeHead, flushHeaders: res.flushHeaders };
  let mode: 'html' | 'pass' | undefined;
  const chunks: Buffer[] = [];
  const decide = () => (mode ??= isHtml(res) ? 'html' : 'pass');
  const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | null => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return null;
    if (Buffer.isBuffer(chunk)) return chunk;
    if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    return Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  };

  // writeHead's headers go through setHeader. For HTML they are written with the first byte, once the body has its
  // nonce (Node's own end() calls writeHead again then, with `flushing` set); other answers go on at once.
  let flushing = false;
  res.writeHead = function writeHead(this: ServerResponse, status: number, ...rest: unknown[]) {
    this.statusCode = status;
    if (typeof rest[0] === 'string') this.statusMessage = rest.shift() as string;
    const headers = rest[0] as OutgoingHttpHeaders | [string, string | string[]][] | undefined;
    if (Array.isArray(headers)) for (const [k, v] of headers) this.setHeader(k, v);
    else if (headers) for (const [k, v] of Object.entries(headers)) if (v !== undefined) this.setHeader(k, v);
    if (flushing || decide() === 'pass') return original.writeHead.call(this, this.statusCode);
    return this;
  } as ServerResponse['writeHead'];

  res.flushHeaders = function flushHeaders(this: ServerResponse) {
    if (decide() === 'pass') original.flushHeaders.call(this);
  };

  res.write = function write(this: ServerResponse, chunk: unknown, encoding?: unknown, cb?: unknown) {
    if (decide() === 'pass') return (original.write as (...a: unknown[]) => boolean).call(this, chunk, encoding, cb);
    const buf = toBuffer(chunk, encoding);
    if (buf) chunks.push(buf);
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  } as ServerResponse['write'];

  res.end = function end(this: ServerResponse, chunk?: unknown, encoding?: unknown, cb?: unknown) {
    const endOriginal = original.end as (...a: unknown[]) => ServerResponse;
    if (decide() === 'pass') return endOriginal.call(this, chunk, encoding, cb);
    const buf = toBuffer(chunk, encoding);
    if (buf) chunks.push(buf);
    const done = [chunk, encoding, cb].find((a) => typeof a === 'function') as (() => void) | undefined;
    const raw = Buffer.concat(chunks).toString('utf8');
    const html = injectNonce(raw, nonce);
    const body = Buffer.from(html, 'utf8');
    this.removeHeader('ETag');
    this.removeHeader('Last-Modified');
    const noStore = /\bno-store\b/i.test(String(this.getHeader('cache-control') ?? ''));
    if (!noStore) this.setHeader('Cache-Control', 'private, no-cache');
    this.setHeader('Vary', 'Accept-Encoding');
    if (onHtml && req.method === 'GET') {
      // The header names as they were set (getHeaders() would lower-case them).
      // (Node has had getRawHeaderNames since 15.13; @types/node does not declare it.)
      const rawNames = (this as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
      const headers = Object.fromEntries(rawNames.map((name) => [name, this.getHeader(name)]));
      onHtml({ status: this.statusCode, headers, html: raw, cacheable: !noStore && !this.hasHeader('set-cookie') });
    }
    const send = (payload: Buffer, encoded: boolean) => {
      if (encoded) this.setHeader('Content-Encoding', 'gzip');
      // A HEAD answer keeps the length Next computed (the nonce has the placeholder's length).
      if (req.method !== 'HEAD') this.setHeader('Content-Length', payload.length);
      flushing = true;
      endOriginal.call(this, req.method === 'HEAD' ? undefined : payload, done);
    };
    if (req.method === 'HEAD' || !gzipOk || body.length < GZIP_THRESHOLD) {
      send(body, false);
    } else {
      gzip(body, (err, zipped) => (err ? send(body, false) : send(zipped, true)));
    }
    return this;
  } as ServerResponse['end'];

  await next(req, res);
}

// ---------------------------------------------------------------------------------------------------------------
// Violation reports
// ---------------------------------------------------------------------------------------------------------------

/** A report body bigger than this is refused (a browser's report is 1–3 kB; the Reporting API batches a few). */
export const CSP_REPORT_BODY_LIMIT = 32 * 1024;
/** At most this many reports of one body are logged. */
export const CSP_REPORTS_PER_REQUEST = 10;
/** At most this many report lines per window per process; the rest are counted and summed up in one line. */
export const CSP_REPORT_LOG_LIMIT = 60;
export const CSP_REPORT_WINDOW_MS = 60_000;
const FIELD_LIMIT = 300;

const REPORT_TYPES = new Set(['application/csp-report', 'application/reports+json', 'application/json']);

type ReportFields = {
  directive?: string;
  blocked?: string;
  document?: string;
  source?: string;
  line?: number;
  column?: number;
  disposition?: string;
  status?: number;
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value.slice(0, FIELD_LIMIT) : undefined;
const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) ? value : undefined);

/**
 * A URL without its query and fragment: page and script URLs may carry tokens (the survey opt-out link does), which
 * must not end up in the log. Keywords the browser sends instead of a URL (`inline`, `eval`, `data`) stay as they are.
 */
export function withoutQuery(value: unknown): string | undefined {
  const s = text(value);
  if (!s) return undefined;
  try {
    const url = new URL(s);
    if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${url.pathname}`.slice(0, FIELD_LIMIT);
    return `${url.protocol}`;
  } catch {
    return s.split(/[?#]/, 1)[0];
  }
}

/** The two report shapes: `application/csp-report` (report-uri) and `application/reports+json` (report-to). */
export function parseCspReports(payload: unknown): ReportFields[] {
  const fromLegacy = (r: Record<string, unknown>): ReportFields => ({
    directive: text(r['effective-directive']) ?? text(r['violated-directive']),
    blocked: withoutQuery(r['blocked-uri']),
    document: withoutQuery(r['document-uri']),
    source: withoutQuery(r['source-file']),
    line: int(r['line-number']),
    column: int(r['column-number']),
    disposition: text(r.disposition),
    status: int(r['status-code']),
  });
  const fromReporting = (b: Record<string, unknown>): ReportFields => ({
    directive: text(b.effectiveDirective) ?? text(b.violatedDirective),
    blocked: withoutQuery(b.blockedURL),
    document: withoutQuery(b.documentURL),
    source: withoutQuery(b.sourceFile),
    line: int(b.lineNumber),
    column: int(b.columnNumber),
    disposition: text(b.disposition),
    status: int(b.statusCode),
  });
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(payload) && isObject(payload['csp-report'])) return [fromLegacy(payload['csp-report'])];
  if (Array.isArray(payload)) {
    return payload
      .filter((r): r is Record<string, unknown> => isObject(r) && r.type === 'csp-violation' && isObject(r.body))
      .map((r) => fromReporting(r.body as Record<string, unknown>));
  }
  return [];
}

/** The body, or null once it passes `limit` (the rest is discarded as it arrives; the socket is not destroyed). */
function readCapped(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData);
      req.resume();
      resolve(null);
    };
    req.on('data', onData);
    req.once('end', () => resolve(size <= limit ? Buffer.concat(chunks) : null));
    req.once('error', reject);
  });
}

export type CspReportHandlerOptions = { log: Logger; now?: () => number };

/**
 * POST /csp-report: reads the body with a cap, logs one `csp violation` warning per report (at most
 * CSP_REPORT_LOG_LIMIT lines a minute per process; the dropped ones are counted in a later line), answers 204.
 * Nothing is stored. The limit is this process's and only decides what is logged: every caller gets the same answer.
 */
export function createCspReportHandler({ log, now = Date.now }: CspReportHandlerOptions) {
  let windowStart = now();
  let logged = 0;
  let dropped = 0;

  const allow = (): boolean => {
    const t = now();
    if (t - windowStart >= CSP_REPORT_WINDOW_MS) {
      if (dropped > 0) log.warn({ dropped, windowMs: CSP_REPORT_WINDOW_MS }, 'csp violation reports not logged (rate limit)');
      windowStart = t;
      logged = 0;
      dropped = 0;
    }
    if (logged < CSP_REPORT_LOG_LIMIT) {
      logged += 1;
      return true;
    }
    dropped += 1;
    return false;
  };

  const answer = (res: ServerResponse, status: number, headers: Record<string, string> = {}) => {
    res.statusCode = status;
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    res.setHeader('Cache-Control', 'no-store');
    res.end();
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') return answer(res, 405, { Allow: 'POST' });
    const type = String(req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    if (!REPORT_TYPES.has(type)) {
      req.resume();
      return answer(res, 415);
    }
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > CSP_REPORT_BODY_LIMIT) {
      req.resume();
      return answer(res, 413, { Connection: 'close' });
    }
    const body = await readCapped(req, CSP_REPORT_BODY_LIMIT);
    if (body === null) return answer(res, 413, { Connection: 'close' });
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return answer(res, 400);
    }
    const reports = parseCspReports(payload);
    if (reports.length === 0) return answer(res, 400);
    for (const report of reports.slice(0, CSP_REPORTS_PER_REQUEST)) {
      if (allow()) log.warn({ csp: report, userAgent: text(req.headers['user-agent']) }, 'csp violation');
    }
    answer(res, 204);
  };
}
