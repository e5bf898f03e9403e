/**
 * The browser tests' workers (scripts/e2e.ts): how many run, and which server each one uses. Every worker has its own
 * production server and embedded database; scripts/e2e.ts lists their addresses and log files, comma-separated and in
 * worker order, in E2E_BASE_URLS and E2E_SERVER_LOGS, and a spec's helpers pick their worker's entry.
 */
import { availableParallelism } from 'node:os';

/**
 * How many workers (and servers): E2E_WORKERS when set; one when the arguments name specs or tests (a pattern that
 * is not an option, e.g. `npm run test:e2e -- e2e/security`: a second server would only cost its start-up);
 * otherwise two, or one on a one-core machine. More than two on this project's two-core machines only thrashes.
 */
export function workerCount(args: readonly string[], env: Record<string, string | undefined> = process.env, cores = availableParallelism()): number {
  const asked = Number.parseInt(env.E2E_WORKERS ?? '', 10);
  if (Number.isInteger(asked) && asked > 0) return asked;
  if (args.some((a) => !a.startsWith('-'))) return 1;
  return Math.max(1, Math.min(2, cores));
}

/**
 * This worker's entry of a comma-separated list (E2E_BASE_URLS, E2E_SERVER_LOGS): jest numbers its workers from 1
 * (JEST_WORKER_ID, also 1 with --runInBand) and keeps a worker's number for the whole run, so a spec file talks to one
 * server from start to end (callers pass `process.env.JEST_WORKER_ID`: explicit, so a unit test of "no worker id" is not
 * read as the id of the jest worker running it). Undefined when the list is not set.
 */
export function workerEntry(list: string | undefined, workerId: string | undefined): string | undefined {
  const entries = (list ?? '').split(',').filter(Boolean);
  if (entries.length === 0) return undefined;
  const id = Number.parseInt(workerId ?? '1', 10);
  const index = Number.isInteger(id) && id >= 1 ? (id - 1) % entries.length : 0;
  return entries[index];
}
