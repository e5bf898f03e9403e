/**
 * The running job runtime of this process (server.ts starts it), so that code queueing work can wake a queue at
 * once instead of waiting for its next scheduled run. Without a runtime (scripts, most tests) waking does nothing: the
 * work stays in its table until a runtime picks it up.
 */
export const JOB_QUEUES = ['mail-send', 'inbox-deliver'] as const;
export type JobQueue = (typeof JOB_QUEUES)[number];

export type JobWaker = { wake(queue: JobQueue): void };

const KEY = Symbol.for('print-portal.jobs');
type Holder = { [KEY]?: JobWaker };

export function registerJobs(runtime: JobWaker | undefined): void {
  (globalThis as Holder)[KEY] = runtime;
}

export function wakeJob(queue: JobQueue): void {
  (globalThis as Holder)[KEY]?.wake(queue);
}
