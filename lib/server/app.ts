import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { readdirSync } from 'node:fs';
import { createApiHandler, type ApiRoutes } from '@/lib/server/api/router';
import type { ServerConfig } from '@/lib/server/config';
import { CSP_REPORT_PATH, createCspReportHandler, servePageWithCsp } from '@/lib/server/csp';
import { MIGRATIONS_DIR, migrationsApplied } from '@/lib/server/db/open';
import type { DbHandle } from '@/lib/server/db/types';
import { applyHsts } from '@/lib/server/hsts';
import { applyHeaders, securityHeaders, sendJson } from '@/lib/server/http';
import { loggableError } from '@/lib/server/errors';
import type { Logger } from '@/lib/server/log';
import { createHelpImageHandler, HELP_IMAGE_PREFIX } from '@/lib/server/helpImageRoutes';
import { createContentHandler } from '@/lib/server/siteContentRoutes';
import { localeCookieRedirect } from '@/lib/server/localeCookie';
import type { StaticPages } from '@/lib/server/staticPages';

export type PageHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;

export type AppDeps = {
  config: ServerConfig;
  log: Logger;
  dbHandle: DbHandle;
  routes: ApiRoutes;
  /** Next's request handler; absent in API tests. */
  pages?: PageHandler;
  /** True once SIGTERM arrived: /readyz answers 503 so a load balancer drains this instance. */
  isShuttingDown?: () => boolean;
  /**
   * Prerendered pages kept in memory after Next's first answer (lib/server/staticPages.ts): the request paths the
   * build prerendered (production only; absent: every page goes to Next).
   */
  staticPages?: StaticPages;
};

const expectedMigrations = (): number => readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;

/** Paths Next owns under /api: next-auth. Everything else under /api/ is the route table's. */
const isNextAuthPath = (p: string) => p === '/api/auth' || p.startsWith('/api/auth/');

/**
 * A query string next-auth must not see: a parameter (name or value, once decoded) with a control character, or one
 * that cannot be decoded. next-auth copies `error` and `callbackUrl` into a Location header, and Node throws on a
 * CR / LF there: `GET /api/auth/error?error=x%0A` was a 500. No legitimate next-auth parameter holds one.
 */
export function hasUnsafeQuery(url: string): boolean {
  const q = url.indexOf('?');
  if (q === -1) return false;
  for (const part of url.slice(q + 1).split('&')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return true;
    }
    if (/[\u0000-\u001f\u007f]/.test(decoded)) return true;
  }
  return false;
}

/** Strips an optional locale prefix: `/tc/api/x` is not an API path, but Next may see `/en/...` pages. */
export function createRequestListener(deps: AppDeps): RequestListener {
  const { config, log, dbHandle, routes, pages } = deps;
  const handleApi = createApiHandler({ db: dbHandle.db, config, log, routes });
  // Site content: the page-load GET calls of spec §7 (API key + lang), outside the POST route table.
  const handleContent = createContentHandler({ db: dbHandle.db, config, log });
  const handleHelpImage = createHelpImageHandler({ db: dbHandle.db, log });
  const migrationCount = expectedMigrations();
  const baseHeaders = securityHeaders();
  const handleCspReport = createCspReportHandler({ log });
  const cspOptions = { telemetryConnectionString: config.telemetryConnectionString, isDevelopment: config.nodeEnv === 'development' };

  const runtimeScript = `window.__PORTAL_RUNTIME__=${JSON.stringify({
    telemetryConnectionString: config.telemetryConnectionString ?? null,
    requestTimeoutMs: config.requestTimeoutMs,
    contentApiKey: config.contentApiKey,
  }).replace(/</g, '\\u003c')};`;

  return (req, res) => {
    const started = process.hrtime.bigint();
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    let traceId: string | undefined;
    let userAcUuid: string | undefined;
    let errorCode: string | undefined;
    applyHsts(req, res, config);

    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const quiet = pathname.startsWith('/_next/') || pathname === '/healthz' || pathname === '/readyz';
      const line = {
        method: req.method,
        path: pathname,
        status: res.statusCode,
        ms: Math.round(ms * 10) / 10,
        traceId,
        user: userAcUuid,
        code: errorCode,
      };
      if (quiet) log.debug(line, 'request');
      else log.info(line, 'request');
    });

    const run = async () => {
      if (pathname === '/healthz') {
        applyHeaders(res, { ...baseHeaders, 'Cache-Control': 'no-store' });
        sendJson(res, 200, { status: 'ok' });
        return;
      }
      if (pathname === '/readyz') {
        applyHeaders(res, { ...baseHeaders, 'Cache-Control': 'no-store' });
        if (deps.isShuttingDown?.()) return sendJson(res, 503, { status: 'shutting-down' });
        try {
          await dbHandle.ping();
          const migrated = await migrationsApplied(dbHandle.db, migrationCount);
          sendJson(res, migrated ? 200 : 503, { status: migrated ? 'ready' : 'migrations-pending', database: dbHandle.kind });
        } catch {
          sendJson(res, 503, { status: 'database-unreachable', database: dbHandle.kind });
        }
        return;
      }
      if (pathname === '/runtime-config.js') {
        applyHeaders(res, { ...baseHeaders, 'Cache-Control': 'no-cache', 'Content-Type': 'text/javascript; charset=utf-8' });
        res.end(runtimeScript);
        return;
      }
      if (pathname === CSP_REPORT_PATH) {
        applyHeaders(res, baseHeaders);
        await handleCspReport(req, res);
        return;
      }
      // Site content GETs first (lib/server/siteContentRoutes.ts); any other path falls through to the route table.
      if (pathname.startsWith('/api/content/') && (await handleContent(req, res, pathname))) return;
      // Images staff uploaded into help articles (lib/server/helpImageRoutes.ts).
      if (pathname.startsWith(HELP_IMAGE_PREFIX)) return await handleHelpImage(req, res, pathname);
      if (pathname.startsWith('/api/') && !isNextAuthPath(pathname)) {
        const outcome = await handleApi(req, res, pathname);
        traceId = outcome.traceId;
        userAcUuid = outcome.userAcUuid;
        errorCode = outcome.code;
        return;
      }
      if (isNextAuthPath(pathname) && hasUnsafeQuery(url)) {
        applyHeaders(res, { ...baseHeaders, 'Cache-Control': 'no-store' });
        sendJson(res, 400, { status: 'error', error: { code: 'VALIDATION', message: 'Invalid query parameter' } });
        return;
      }
      if (!pages) {
        applyHeaders(res, baseHeaders);
        sendJson(res, 404, { status: 'error', error: { code: 'NOT_FOUND', message: 'Not found' } });
        return;
      }
      // Pages get the Content-Security-Policy and their nonce (lib/server/csp.ts); Next's own files are scripts,
      // styles and data loaded by a page, which the page's policy already covers.
      if (pathname.startsWith('/_next/') || isNextAuthPath(pathname)) {
        await pages(req, res);
        return;
      }
      // The language the user chose (NEXT_LOCALE) wins on unprefixed page URLs (lib/server/localeCookie.ts).
      const localized = localeCookieRedirect(req, pathname);
      if (localized) {
        applyHeaders(res, { ...baseHeaders, 'Cache-Control': 'no-store', Vary: 'Cookie' });
        res.statusCode = 307;
        res.setHeader('Location', localized);
        res.end();
        return;
      }
      // A prerendered page already answered once: from memory, with a fresh nonce (lib/server/staticPages.ts).
      if (deps.staticPages?.serve(req, res, url, pathname, cspOptions)) return;
      await servePageWithCsp(req, res, pages, cspOptions, deps.staticPages?.captureFor(req, url, pathname, cspOptions));
    };

    run().catch((err: unknown) => {
      log.error({ err: loggableError(err), path: pathname }, 'request failed');
      if (!res.headersSent) sendJson(res, 500, { status: 'error', error: { code: 'INTERNAL', message: 'Something went wrong' } });
      else res.destroy();
    });
  };
}
