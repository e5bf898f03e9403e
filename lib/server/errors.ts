import { ERROR_STATUS, type ErrorCode } from '@/lib/errors';
import { ERROR_DESCRIPTIONS } from '@/lib/errors/descriptions';
import type { Logger } from '@/lib/server/log';

/** The one error type services throw. `message` is for the log only unless `expose` is set. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly http: number;
  readonly fields?: Record<string, string[]>;
  readonly publicMessage: string;

  constructor(code: ErrorCode, opts: { message?: string; publicMessage?: string; fields?: Record<string, string[]> } = {}) {
    super(opts.message ?? ERROR_DESCRIPTIONS[code]);
    this.name = 'AppError';
    this.code = code;
    this.http = ERROR_STATUS[code];
    this.fields = opts.fields;
    this.publicMessage = opts.publicMessage ?? ERROR_DESCRIPTIONS[code];
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;

const DB_DOWN_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

/** Connection-level database failures become 503 (retry later), not 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth += 1) {
    const rec = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof rec.code === 'string' && DB_DOWN_CODES.has(rec.code)) return true;
    if (typeof rec.message === 'string' && /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(rec.message)) {
      return true;
    }
    e = rec.cause;
  }
  return false;
}

/** What the log may say about an unexpected error: never the SQL parameters (user-entered text) of a failed query. */
export type LoggedError = { name?: string; message: string; code?: string; query?: string; stack?: string };

/** drizzle wraps a driver error as `Failed query: <sql>\nparams: <values>`: everything from `params:` on goes. */
export const stripParams = (text: string): string => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, '\nparams: [not logged]');

/**
 * A PostgreSQL message may quote the offending value (`invalid input syntax for type uuid: "…"`, a unique violation's
 * key): quoted text is dropped, except for undefined-object / syntax errors (class 42) whose quotes name our own
 * tables and columns.
 */
const driverMessage = (message: string, code: string | undefined): string =>
  code?.startsWith('42') ? message : message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/\([^()]*\)=\([^()]*\)/g, '(…)=(…)');

/**
 * The loggable form of an unexpected error: name, message and stack with drizzle's `params:` removed, the failed
 * statement (placeholders only, `$1`…), and the driver's SQLSTATE code and message without quoted values. The
 * driver error's `detail`, `where` and parameters are never read.
 */
export function loggableError(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { message: typeof err === 'string' ? stripParams(err) : 'non-error thrown' };
  const rec = err as Error & { query?: unknown; cause?: unknown; code?: unknown };
  const out: LoggedError = { name: err.name, message: stripParams(err.message) };
  if (typeof rec.query === 'string') out.query = rec.query;
  let code = typeof rec.code === 'string' ? rec.code : undefined;
  const cause = rec.cause as { code?: unknown; message?: unknown } | undefined;
  if (cause && typeof cause === 'object') {
    if (typeof cause.code === 'string') code = cause.code;
    if (typeof cause.message === 'string') out.message = `${out.message.split('\nparams:', 1)[0]!} — ${driverMessage(cause.message, code)}`;
  } else if (code && /^[0-9A-Z]{5}$/.test(code)) {
    out.message = driverMessage(out.message, code);
  }
  if (code) out.code = code;
  if (err.stack) {
    // The stack's first lines repeat the message: keep only the frames.
    const at = err.stack.indexOf('\n    at ');
    out.stack = `${err.name}: ${out.message}${at === -1 ? '' : err.stack.slice(at)}`;
  }
  return out;
}

/**
 * What an error thrown while answering a request becomes: an AppError stays as it is, an outage of the database is
 * 503 (logged as a warning), anything else is 500 and logged as `what` (its details never reach the client).
 */
export function answerableError(err: unknown, log: Logger | undefined, traceId: string, what: string): AppError {
  if (isAppError(err)) return err;
  if (isDatabaseUnavailable(err)) {
    log?.warn({ traceId, err: loggableError(err) }, 'database unavailable');
    return new AppError('SERVICE_UNAVAILABLE', { publicMessage: 'The service is temporarily unavailable' });
  }
  log?.error({ traceId, err: loggableError(err) }, what);
  return new AppError('INTERNAL', { publicMessage: 'Something went wrong' });
}
