import type { ServerConfig } from '@/lib/server/config';
import { serviceContext } from '@/lib/server/context';
import type { DbHandle } from '@/lib/server/db/types';
import type { Logger } from '@/lib/server/log';
import { dispatchDueMessages } from '@/lib/server/services/inboxBuilder/deliver';
import { flushOutbox, smtpTransport, type MailTransport } from '@/lib/server/mail/sender';
import { registerJobs } from './registry';
import { startJobs, type JobHandler, type JobRuntime } from './runtime';

/** Sends due mails until none is left (batches of 20), so a burst is drained by one job. */
export function mailSendHandler(opts: { handle: DbHandle; transport: MailTransport; from: string; log: Logger }): JobHandler {
  return async (jobId) => {
    const ctx = serviceContext({ db: opts.handle.db, actor: null, traceId: `job:${jobId}`, log: opts.log });
    for (let round = 0; round < 50; round += 1) {
      const r = await flushOutbox(ctx, { transport: opts.transport, from: opts.from, batchSize: 20 });
      if (r.sent + r.retrying + r.failed < 20) break;
    }
  };
}

/** Delivers every due scheduled inbox message (docs/inbox-builder.md). */
export function inboxDeliverHandler(opts: { handle: DbHandle; log: Logger }): JobHandler {
  return async (jobId) => {
    const ctx = serviceContext({ db: opts.handle.db, actor: null, traceId: `job:${jobId}`, log: opts.log });
    const delivered = await dispatchDueMessages(ctx);
    for (const d of delivered) opts.log.info(d, 'inbox message delivered');
  };
}

/**
 * Starts this process's jobs (server.ts): inbox delivery, and the mail sender when SMTP_URL is set. Registered so that writers can wake
 * a queue. Returns undefined when JOBS=0.
 */
export async function startPortalJobs(
  handle: DbHandle,
  config: ServerConfig,
  log: Logger,
): Promise<JobRuntime | undefined> {
  if (!config.jobs) return undefined;
  const transport = config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined;
  const runtime = await startJobs({
    databaseUrl: config.databaseUrl,
    pglite: handle.pglite,
    log,
    handlers: {
      ...(transport ? { 'mail-send': mailSendHandler({ handle, transport, from: config.mailFrom, log }) } : {}),
      'inbox-deliver': inboxDeliverHandler({ handle, log }),
    },
  });
  registerJobs(runtime);
  return {
    wake: runtime.wake,
    async stop(timeoutMs) {
      registerJobs(undefined);
      await runtime.stop(timeoutMs);
      transport?.close?.();
    },
  };
}
