import { ERRORS, type ErrorCode } from '@/lib/errors';

/** The one error type services throw. `message` is for the log only unless `expose` is set. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly http: number;
  readonly fields?: Record<string, string[]>;
  readonly publicMessage: string;

  constructor(code: ErrorCode, opts: { message?: string; publicMessage?: string; fields?: Record<string, string[]> } = {}) {
    super(opts.message ?? ERRORS[code].description);
    this.name = 'AppError';
    this.code = code;
    this.http = ERRORS[code].http;
    this.fields = opts.fields;
    this.publicMessage = opts.publicMessage ?? ERRORS[code].description;
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
