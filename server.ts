/**
 * The portal process: one node:http server that answers the JSON API from the route table before Next's router and
 * hands pages, assets and /api/auth/* (next-auth) to Next. Production: compiled to .next-server/server.cjs by
 * `npm run build`, run by `npm start` or `node .next-server/server.cjs`; development: `tsx server.ts --dev`.
 */
import { createServer } from 'node:http';
import path from 'node:path';
import next from 'next';
import { apiRoutes } from '@/lib/server/api/routes';
import { createRequestListener } from '@/lib/server/app';
import { ConfigError, loadConfig } from '@/lib/server/config';
import { DbLockedError, acquireDbLock } from '@/lib/server/db/lock';
import { migrateDatabase, openDatabase } from '@/lib/server/db/open';
import { startIdentityCache } from '@/lib/server/auth/identityCache';
import { registerDb } from '@/lib/server/db/runtime';
import { seedIfWanted } from '@/lib/server/db/seed';
import { clientIp } from '@/lib/server/http';
import { startPortalJobs } from '@/lib/server/jobs/start';
import { gracefulShutdown } from '@/lib/server/lifecycle';
import { createLogger } from '@/lib/server/log';
import { createStaticPages, prerenderedPaths } from '@/lib/server/staticPages';
import { registerMailSettings } from '@/lib/server/mail/settings';
import { CLIENT_IP_HEADER, registerConfig } from '@/lib/server/runtimeConfig';
import { hkToday } from '@/lib/dates/hongKong';
import { holidayListRunsOut } from '@/lib/serviceRequests/sla';

async function main() {
  const dev = process.argv.includes('--dev');
  if (!process.env.NODE_ENV) (process.env as Record<string, string>).NODE_ENV = dev ? 'development' : 'production';
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger(config.logLevel, { buffered: !dev });
  for (const w of config.warnings) log.warn(w);
  const holidays = holidayListRunsOut(hkToday());
  if (holidays) {
    log.warn(
      holidays,
      `the Hong Kong holiday list of the service-request SLA clock ends on ${holidays.listedUntil}: add the next year's general holidays to lib/serviceRequests/sla.ts, or due times after that day count holidays as business days`,
    );
  }

  // next-auth reads these from the environment; keep them consistent with the validated config.
  process.env.NEXTAUTH_SECRET = config.nextAuthSecret;
  if (!process.env.NEXTAUTH_URL) process.env.NEXTAUTH_URL = config.nextAuthUrl ?? `http://localhost:${config.port}`;

  // PGlite has no cross-process lock: refuse to share the folder with another server or a migrate/seed script.
  let dbLock: ReturnType<typeof acquireDbLock> | undefined;
  try {
    dbLock = config.databaseUrl ? undefined : acquireDbLock(config.pgliteDir, 'the portal server');
  } catch (err) {
    if (err instanceof DbLockedError) {
      log.fatal(err.message);
      process.exit(1);
    }
    throw err;
  }

  const dbHandle = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    onPoolError: (err) => log.warn({ err: { message: err.message } }, 'idle database connection failed'),
  });
  await migrateDatabase(dbHandle);
  await seedIfWanted(dbHandle, config, log);
  registerDb(dbHandle);
  // Identity reads are cached per process while it LISTENs for changes (permissions stay live on every instance).
  const identityCache = await startIdentityCache(dbHandle);
  // The bundled next-auth route reads the config through the same registry.
  registerConfig(config);
  registerMailSettings({ publicUrl: config.publicUrl, smtpConfigured: Boolean(config.smtpUrl) });
  if (!config.smtpUrl) log.info('SMTP_URL not set: e-mails are kept in the outbox (/admin-controls/outbox)');
  // Background jobs (mail sender, inbox delivery) on pg-boss in the same database (docs/mail.md).
  const jobs = await startPortalJobs(dbHandle, config, log);

  const app = next({ dev, dir: process.cwd(), hostname: 'localhost', port: config.port });
  await app.prepare();
  const pages = app.getRequestHandler();
  // Production: prerendered pages answered from memory after Next's first answer (lib/server/staticPages.ts).
  const prerendered = dev ? undefined : prerenderedPaths(path.join(process.cwd(), '.next'));
  const staticPages = prerendered ? createStaticPages({ isPrerendered: (p) => prerendered.has(p) }) : undefined;

  const server = createServer(
    createRequestListener({
      config,
      log,
      dbHandle,
      routes: apiRoutes,
      pages: (req, res) => {
        // next-auth's authorize() sees only headers: hand it the client address we trust (never the client's own claim).
        req.headers[CLIENT_IP_HEADER] = clientIp(req, config.trustProxyHops);
        return pages(req, res);
      },
      // `lifecycle` is declared below; the listener only reads it while serving a request.
      isShuttingDown: () => lifecycle.isShuttingDown(),
      staticPages,
    }),
  );
  server.requestTimeout = config.requestTimeoutMs;
  server.headersTimeout = Math.min(15_000, config.requestTimeoutMs);
  server.keepAliveTimeout = 5_000;
  const lifecycle = gracefulShutdown(server, log, async () => {
    // Jobs stop taking work at once on SIGTERM and finish the one they run (below), before the database closes.
    await jobsStopped;
    await identityCache.close();
    await dbHandle.close();
    dbLock?.release();
  });

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info({ port, database: dbHandle.kind, dev }, `portal listening on http://localhost:${port}`);

  // `kill -USR2 <pid>`: one line with where the resident memory is (npm run bench:memory asks for it). Written whatever
  // the log level: it is asked for explicitly.
  process.on('SIGUSR2', () => {
    const mb = (n: number) => Math.round(n / 1048576);
    const m = process.memoryUsage();
    const wasm = (dbHandle.pglite as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } } | undefined)?.mod?.wasmMemory?.buffer.byteLength;
    const memory = {
      rss: mb(m.rss),
      heapTotal: mb(m.heapTotal),
      heapUsed: mb(m.heapUsed),
      external: mb(m.external),
      arrayBuffers: mb(m.arrayBuffers),
      pgliteWasmHeap: wasm === undefined ? null : mb(wasm),
      identityCacheRows: identityCache.size,
      staticPagesKept: staticPages ? mb(staticPages.stats().bytes) : null,
    };
    process.stdout.write(`${JSON.stringify({ msg: 'memory (MB)', memory })}\n`);
  });

  let jobsStopped: Promise<void> = Promise.resolve();
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      jobsStopped = jobs?.stop().catch((err: unknown) => log.warn({ err: { message: (err as Error).message } }, 'jobs did not stop cleanly')) ?? jobsStopped;
      // The buffered log is written out before the process ends (lib/server/log.ts).
      void lifecycle.shutdown(signal).then(() => log.flush(() => process.exit(0)));
    });
  }
}

main().catch((err: unknown) => {
  console.error('portal failed to start:', err);
  process.exit(1);
});
