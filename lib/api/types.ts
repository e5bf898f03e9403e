import type { ErrorBody } from '@/lib/errors';

/** What every request function of lib/api returns: never a thrown error, always one of these two. */
export type ApiError = {
  /** HTTP status; 0 when no answer arrived (network failure, time-out, cancelled). */
  status: number;
  /** A code of the catalogue in lib/errors (`NETWORK`, `TIMEOUT`, … on the client side); `ABORTED` when cancelled. */
  code: string;
  /** The server's public message or a client-side description; show `t(errorKey(code))` to users instead. */
  message: string;
  traceId?: string;
  /** Validation failures per field (VALIDATION). */
  fields?: ErrorBody['fields'];
};

export type ApiResult<T> = { ok: true; data: T; traceId: string } | { ok: false; error: ApiError };

export type ApiRequestOptions = {
  /** Skip the global loading overlay (background calls: unread count, token check). */
  silent?: boolean;
  /** Do not call the global 401 handler: the caller deals with it (e.g. the sign-in form). */
  disableErrorHandler?: boolean;
  signal?: AbortSignal;
  /** Overrides the configured time-out (uploads). */
  timeoutMs?: number;
  headers?: Record<string, string>;
};
