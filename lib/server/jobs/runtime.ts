import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Logger } from '@/lib/server/log';
import { JOB_QUEUES, type JobQueue, type JobWaker } from './registry';

/**
 * Background jobs on pg-boss (docs/mail.md, docs/decisions.md): its tables live in the `pgboss` schema of the portal's
 * own database, so on PostgreSQL several instances share the work and a job survives a restart. On the embedded
 * database pg-boss runs through a small adapter over the one PGlite connection (`executeSql`).
 *
 * Each queue is "stately" (at most one waiting and one running job): a job means "look at the table and do what is
 * due", so duplicates are pointless. Each runs every minute from pg-boss's cron and at once when woken after new work
 * is written (`wake`, debounced). The handlers themselves claim their rows with `FOR UPDATE SKIP LOCKED`, so the
 * tables, not the queue, are what make the work exactly-once.
 */
export type JobHandler = (jobId: string) => Promise<void>;

export type JobRuntime = JobWaker & {
  /** Stops taking jobs and waits (at most `timeoutMs`) for the running ones to finish. */
  stop(timeoutMs?: number): Promise<void>;
};

export type StartJobsOptions = {
  /** PostgreSQL: pg-boss opens its own small pool. */
  databaseUrl?: string;
  /** PGlite: the instance the portal already opened (single connection, one process). */
  pglite?: PGlite;
  handlers: Partial<Record<JobQueue, JobHandler>>;
  log: Logger;
  /** Seconds between a worker's polls of its queue (tests use less). */
  pollSeconds?: number;
  /** Cron schedules on (default); tests switch them off and wake queues themselves. */
  schedule?: boolean;
};

/** pg-boss's database interface over PGlite: statements with parameters through query(), scripts through exec(). */
export function pgliteAdapter(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) {
        const result = await pglite.query(text, values as unknown[]);
        return { rows: result.rows as unknown[] };
      }
      const results = await pglite.exec(text);
      return { rows: (results[results.length - 1]?.rows ?? []) as unknown[] };
    },
  } as PgBoss.Db;
}

export async function startJobs(opts: StartJobsOptions): Promise<JobRuntime> {
  const { log } = opts;
  const boss = opts.pglite
    ? new PgBoss({ db: pgliteAdapter(opts.pglite), schedule: opts.schedule ?? true, supervise: true })
    : new PgBoss({ connectionString: opts.databaseUrl, max: 3, application_name: 'print-portal-jobs', schedule: opts.schedule ?? true, supervise: true });
  boss.on('error', (err: Error) => log.error({ err: { message: err.message } }, 'job queue error'));
  await boss.start();

  const queues = JOB_QUEUES.filter((q) => opts.handlers[q]);
  for (const queue of queues) {
    await boss.createQueue(queue, { name: queue, policy: 'stately', retryLimit: 0, expireInSeconds: 300 });
    if (opts.schedule ?? true) await boss.schedule(queue, '* * * * *');
    const handler = opts.handlers[queue]!;
    await boss.work(queue, { pollingIntervalSeconds: opts.pollSeconds ?? 2, batchSize: 1 }, async ([job]) => {
      if (!job) return;
      const started = Date.now();
      try {
        await handler(job.id);
      } catch (err) {
        log.error({ queue, jobId: job.id, err: { message: (err as Error).message } }, 'job failed');
        throw err;
      }
      log.debug({ queue, jobId: job.id, ms: Date.now() - started }, 'job done');
    });
  }

  const timers = new Map<JobQueue, NodeJS.Timeout>();
  let stopping = false;
  return {
    wake(queue) {
      if (stopping || !queues.includes(queue) || timers.has(queue)) return;
      // Debounced: a burst of writes (a message to 500 users) wakes the queue once, after the writer's transaction.
      const timer = setTimeout(() => {
        timers.delete(queue);
        if (stopping) return;
        boss.send(queue, {}).catch((err: Error) => log.warn({ queue, err: { message: err.message } }, 'could not wake job'));
      }, 250);
      timer.unref();
      timers.set(queue, timer);
    },
    async stop(timeoutMs = 20_000) {
      if (stopping) return;
      stopping = true;
      for (const t of timers.values()) clearTimeout(t);
      timers.clear();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: true });
    },
  };
}
