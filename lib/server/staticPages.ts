import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { acceptsGzip, cspHeaders, GZIP_THRESHOLD, injectNonce, newNonce, NONCE_LENGTH, type CspOptions } from '@/lib/server/csp';

/**
 * Prerendered pages served from memory (docs/performance.md, "Pages and memory"; docs/security-headers.md).
 *
 * A page Next prerendered at build time (getStaticProps, never revalidated) is the same HTML for every visitor. The
 * first request for it goes through Next and `servePageWithCsp` as before; that answer (status, headers, the HTML
 * with the nonce placeholder) is kept, split at the nonce positions, and every segment deflated once. Later requests
 * are answered from memory: the same headers, a fresh nonce in the policy and in the HTML, and gzip assembled from the
 * precompressed segments with the nonce in stored (uncompressed) deflate blocks between them — no render, no read of
 * the file, no compression per request. The body is byte for byte what `injectNonce` gives for that nonce.
 *
 * Validators: the answer carries a weak ETag of the page's HTML and policy (a new build or policy changes it). A
 * revalidation with a matching If-None-Match gets 304 with no policy header: the browser keeps the stored answer's
 * headers, so the cached HTML stays paired with the policy (and nonce) it was sent with. That reuses one nonce for
 * one browser's revalidated copy, as its back/forward cache does; nothing shared can cache it (`private, no-cache`).
 *
 * Only GET/HEAD without a query string, on a path the build's prerender manifest lists, with nothing in the request
 * that could make Next answer differently (draft / preview cookies, revalidation and data-request headers); anything
 * else goes to Next exactly as before. The locale cookie's redirect runs before this (lib/server/app.ts).
 */

/** Request headers Next reads for prerendered pages (the manifest's `allowHeader` beyond host) or data requests. */
const NEXT_CONTROL_HEADERS = ['x-matched-path', 'x-prerender-revalidate', 'x-prerender-revalidate-if-generated', 'x-next-revalidated-tags', 'x-next-revalidate-tag-token', 'x-nextjs-data', 'x-middleware-prefetch', 'x-now-route-matches'];
/** Cookies that make Next render instead of serving the prerendered file (draft mode, preview mode). */
const BYPASS_COOKIES = /(?:^|;\s*)(?:__prerender_bypass|__next_preview_data)=/;
/** Not replayed: set per request (policy, HSTS), by Node (date, connection), or per encoding (length, coding). */
const PER_RESPONSE = new Set([
  'content-security-policy',
  'content-security-policy-report-only',
  'strict-transport-security',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'date',
  'connection',
  'keep-alive',
  'etag',
]);

/** gzip member header (no name, mtime 0, OS unix) like zlib's; the final empty stored block; a stored block's header for a nonce. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03]);
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const NONCE_BLOCK = Buffer.from([0x00, NONCE_LENGTH & 0xff, NONCE_LENGTH >> 8, ~NONCE_LENGTH & 0xff, (~NONCE_LENGTH >> 8) & 0xff]);

type Entry = {
  status: number;
  headers: [string, string | number | string[]][];
  /** The HTML cut at the nonce positions (raw) and each piece deflated on its own, ending byte-aligned (sync flush). */
  segments: Buffer[];
  deflated: Buffer[];
  length: number;
  etag: string;
  bytes: number;
};

export type StaticPagesOptions = {
  /** True for a request path whose page the build prerendered once (never revalidated). */
  isPrerendered: (pathname: string) => boolean;
  /** Memory the kept pages may take (raw + compressed); least recently used first out. Default 16 MB. */
  maxBytes?: number;
};

export type CapturedPage = { status: number; headers: OutgoingHttpHeaders; html: string; cacheable: boolean };

/** Weak comparison of If-None-Match against our ETag (RFC 9110 13.1.2). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}

export function createStaticPages({ isPrerendered, maxBytes = 16 * 1024 * 1024 }: StaticPagesOptions) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  /** Whether this request may be answered from (or fill) the kept page: nothing in it that Next would read. */
  const eligible = (req: IncomingMessage, url: string, pathname: string): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (url !== pathname || !isPrerendered(pathname)) return false;
    if (req.headers.cookie && BYPASS_COOKIES.test(req.headers.cookie)) return false;
    return !NEXT_CONTROL_HEADERS.some((h) => req.headers[h] !== undefined);
  };

  const keep = (pathname: string, page: CapturedPage, options: Omit<CspOptions, 'nonce'>) => {
    if (!page.cacheable || page.status !== 200 || entries.has(pathname)) return;
    // Cut the HTML where injectNonce puts the nonce: a marker that is not in the page stands for it.
    let marker: string;
    do marker = `\u0000${randomBytes(9).toString('hex')}\u0000`;
    while (page.html.includes(marker));
    const segments = injectNonce(page.html, marker)
      .split(marker)
      .map((s) => Buffer.from(s, 'utf8'));
    // Each piece is compressed with what precedes it in the answer as its dictionary, the nonces as NUL bytes: the
    // HTML has none, so no match can reach into a nonce, and distances stay right (a nonce has the marker's length).
    const hole = Buffer.alloc(NONCE_LENGTH);
    const noNul = !page.html.includes('\u0000');
    const deflated = segments.map((segment, i) => {
      const before = noNul && i > 0 ? Buffer.concat(segments.slice(0, i).flatMap((s) => [s, hole])) : undefined;
      const dictionary = before?.subarray(Math.max(0, before.length - 32 * 1024));
      return deflateRawSync(segment, { level: 9, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) });
    });
    const headers = Object.entries(page.headers).filter(
      (h): h is [string, string | number | string[]] => h[1] !== undefined && !PER_RESPONSE.has(h[0].toLowerCase()),
    );
    const policy = Object.entries(cspHeaders({ ...options, nonce: '' })).join('\n');
    const etag = `W/"${createHash('sha256').update(page.html).update(policy).update(JSON.stringify(headers)).digest('base64url').slice(0, 27)}"`;
    const length = segments.reduce((n, s) => n + s.length, 0) + NONCE_LENGTH * (segments.length - 1);
    const size = length + deflated.reduce((n, s) => n + s.length, 0);
    if (size > maxBytes) return;
    entries.set(pathname, { status: page.status, headers, segments, deflated, length, etag, bytes: size });
    bytes += size;
    for (const [key, old] of entries) {
      if (bytes <= maxBytes) break;
      entries.delete(key);
      bytes -= old.bytes;
    }
  };

  return {
    /** The callback servePageWithCsp hands Next's HTML answer to, when this request may fill the kept page. */
    captureFor(req: IncomingMessage, url: string, pathname: string, options: Omit<CspOptions, 'nonce'>): ((page: CapturedPage) => void) | undefined {
      if (entries.has(pathname) || !eligible(req, url, pathname)) return undefined;
      return (page) => keep(pathname, page, options);
    },

    /** Answers from memory and returns true, or returns false (nothing written) for Next to answer. */
    serve(req: IncomingMessage, res: ServerResponse, url: string, pathname: string, options: Omit<CspOptions, 'nonce'>): boolean {
      const entry = entries.get(pathname);
      if (!entry || !eligible(req, url, pathname)) return false;
      // Most recently used last: eviction takes the oldest first.
      entries.delete(pathname);
      entries.set(pathname, entry);

      if (matches(req.headers['if-none-match'], entry.etag)) {
        // Only the validator's fields: the stored answer keeps its policy and the HTML that carries its nonce.
        res.statusCode = 304;
        for (const [name, value] of entry.headers) if (!/^content-/i.test(name)) res.setHeader(name, value);
        res.setHeader('ETag', entry.etag);
        res.end();
        return true;
      }

      const nonce = newNonce();
      const nonceBytes = Buffer.from(nonce, 'latin1');
      res.statusCode = entry.status;
      for (const [name, value] of entry.headers) res.setHeader(name, value);
      for (const [name, value] of Object.entries(cspHeaders({ ...options, nonce }))) res.setHeader(name, value);
      res.setHeader('ETag', entry.etag);
      if (req.method === 'HEAD') {
        res.setHeader('Content-Length', entry.length);
        res.end();
        return true;
      }
      // The answer is written as the kept pieces themselves with the nonce between them, never joined into one new
      // buffer: a body-sized Buffer per request is memory outside V8's heap that only a GC gives back, and at thousands
      // of answers a second it made V8 collect for "external memory pressure" several times a second, full
      // mark-compacts of the whole server heap included ("Static pages' tail latency" in docs/performance.md). Node
      // sends the corked writes, headers first, in one writev.
      const parts: Buffer[] = [];
      let length = 0;
      const add = (part: Buffer) => {
        parts.push(part);
        length += part.length;
      };
      if (entry.length >= GZIP_THRESHOLD && acceptsGzip(req.headers['accept-encoding'])) {
        let crc = 0;
        add(GZIP_HEADER);
        entry.segments.forEach((segment, i) => {
          if (i > 0) {
            add(NONCE_BLOCK);
            add(nonceBytes);
            crc = crc32(nonceBytes, crc);
          }
          add(entry.deflated[i]!);
          crc = crc32(segment, crc);
        });
        const trailer = Buffer.alloc(8);
        trailer.writeUInt32LE(crc >>> 0, 0);
        trailer.writeUInt32LE(entry.length % 2 ** 32, 4);
        add(FINAL_BLOCK);
        add(trailer);
        res.setHeader('Content-Encoding', 'gzip');
      } else {
        entry.segments.forEach((segment, i) => {
          if (i > 0) add(nonceBytes);
          add(segment);
        });
      }
      res.setHeader('Content-Length', length);
      for (const part of parts) res.write(part);
      res.end();
      return true;
    },

    /** Pages kept and the memory they take (the memory breakdown prints it). */
    stats: () => ({ pages: entries.size, bytes }),
  };
}

export type StaticPages = ReturnType<typeof createStaticPages>;

/**
 * The request paths of the pages the build prerendered and never revalidates, from `.next/prerender-manifest.json`:
 * the default locale's pages unprefixed (`/en/login` → `/login`, `/en` → `/`), the others with their prefix
 * (`/tc/login`, `/tc`). A default-locale path asked with its prefix (`/en/login`) is left to Next.
 */
export function prerenderedPaths(distDir: string): Set<string> {
  const routes = JSON.parse(readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8')) as { i18n?: { defaultLocale: string; locales: string[] } };
  const i18n = routes.i18n ?? { defaultLocale: '', locales: [] };
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8')) as {
    routes: Record<string, { initialRevalidateSeconds?: number | false }>;
  };
  const paths = new Set<string>();
  const prefix = i18n.defaultLocale ? `/${i18n.defaultLocale}` : '';
  for (const [route, info] of Object.entries(manifest.routes)) {
    if (info.initialRevalidateSeconds !== false) continue;
    if (!prefix) paths.add(route);
    else if (route === prefix) paths.add('/');
    else if (route.startsWith(`${prefix}/`)) paths.add(route.slice(prefix.length));
    else if (i18n.locales.some((l) => route === `/${l}` || route.startsWith(`/${l}/`))) paths.add(route);
  }
  // Error pages answer with their own status through Next.
  for (const p of [...paths]) if (/(^|\/)(404|500)$/.test(p)) paths.delete(p);
  return paths;
}
