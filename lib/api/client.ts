/**
 * The one HTTP client of the browser (DESIGN.md "Client", spec §7–§8). Components never call axios: request
 * functions in lib/api/<feature>.ts call `apiPost` (or `apiGet`) and get an `ApiResult` back.
 *
 * - The answer is read as the envelope `{ status, data | error, traceId }`; only `status: 'success'` with a 2xx is a
 *   success. Every other outcome (error envelope, 401, 4xx, 500, time-out, network failure, an answer that is not an
 *   envelope, e.g. a proxy's HTML page) resolves as `{ ok: false, error }`: nothing throws.
 * - Non-silent requests hold the global loading overlay open (store/loadingStore), exactly once each.
 * - A 401 (except on sign-out) calls the handler registered with `setUnauthorizedHandler`, unless the call sets
 *   `disableErrorHandler` (sign-in forms, where 401 means wrong credentials). It never signs out by itself.
 * - Every failure but a cancellation is reported to telemetry with url, status, code, message and traceId.
 */
import axios, { type AxiosProgressEvent, type AxiosResponse, type Method } from 'axios';
import { loginContract } from '@/lib/auth/contract';
import type { ErrorBody, ErrorCode, ErrorEnvelope, SuccessEnvelope } from '@/lib/errors';
import { trackApiFailure } from '@/lib/telemetry';
import { useLoadingStore } from '@/store/loadingStore';
import { DEFAULT_REQUEST_TIMEOUT_MS, getRequestTimeoutMs } from './runtimeConfig';
import type { ApiError, ApiRequestOptions, ApiResult } from './types';

export type { ApiError, ApiRequestOptions, ApiResult } from './types';

/** Client-side code for a request cancelled through its AbortSignal: not a failure worth reporting. */
export const ABORTED = 'ABORTED';

/** A 401 from signing out is expected (the session is already gone): it never opens the session dialog. */
const LOGOUT_PATH = loginContract.endpoints.logout.path;

export const apiClient = axios.create({
  // Same origin: the browser only ever talks to the portal's own server.
  baseURL: '',
  timeout: DEFAULT_REQUEST_TIMEOUT_MS,
  headers: { Accept: 'application/json' },
  // Every HTTP status resolves: the envelope decides, and a 401 or 500 is a result, not an exception.
  validateStatus: () => true,
  // Parsed below, so a body that is not JSON becomes a failure instead of a string passed off as data.
  responseType: 'text',
  transformResponse: [(data: unknown) => data],
  // Time-outs get their own code (ETIMEDOUT) instead of sharing ECONNABORTED with aborted connections.
  transitional: { clarifyTimeoutError: true },
  // The portal authenticates with a bearer token, not an XSRF cookie: no cookie to read, and no same-origin URL check
  // (a URL parsed on every request, a measurable part of axios's time on a page load at 4× slowdown).
  withXSRFToken: false,
});

let authToken: string | null = null;

/** Kept in step with the session's jwtToken by the session sync in _app (null when signed out). */
export function setAuthToken(token: string | null): void {
  authToken = token || null;
}

apiClient.interceptors.request.use((config) => {
  if (authToken) config.headers.set('Authorization', `Bearer ${authToken}`);
  return config;
});

export type UnauthorizedHandler = (code: string) => void;

let unauthorizedHandler: UnauthorizedHandler | null = null;

/** Registers the global 401 handler (one at a time; null removes it). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseBody(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  if (data.trim() === '') return undefined;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return undefined;
  }
}

function parseFields(v: unknown): Record<string, string[]> | undefined {
  if (!isRecord(v)) return undefined;
  // Keys come from the answer (the server names an unknown key as the caller sent it, `__proto__` included):
  // Object.fromEntries defines own properties, where `fields[key] = …` would set the prototype.
  return Object.fromEntries(
    Object.entries(v)
      .filter((e): e is [string, unknown[]] => Array.isArray(e[1]))
      .map(([key, messages]) => [key, messages.filter((m): m is string => typeof m === 'string')]),
  );
}

/** For answers that are not an error envelope (proxy pages, empty bodies): the catalogue code that fits the status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'AUTH_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  423: 'ACCOUNT_LOCKED',
  429: 'TOO_MANY_REQUESTS',
  502: 'SERVICE_UNAVAILABLE',
  503: 'SERVICE_UNAVAILABLE',
  504: 'TIMEOUT',
};

function headerTraceId(res: AxiosResponse): string | undefined {
  const value: unknown = res.headers?.['x-trace-id'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

const isSuccessEnvelope = (body: unknown): body is SuccessEnvelope<unknown> => isRecord(body) && body.status === 'success';

/** Any body carrying `error.code`, whatever its `status` says: the server's code is worth more than a guessed one. */
const hasErrorBody = (body: unknown): body is Pick<ErrorEnvelope, 'error'> & Partial<ErrorEnvelope> =>
  isRecord(body) && isRecord(body.error) && typeof body.error.code === 'string';

function fromResponse<T>(res: AxiosResponse): ApiResult<T> {
  const body = parseBody(res.data);
  const traceId = isRecord(body) && typeof body.traceId === 'string' ? body.traceId : headerTraceId(res);
  const is2xx = res.status >= 200 && res.status < 300;

  if (is2xx && isSuccessEnvelope(body)) {
    return { ok: true, data: (body.data ?? null) as T, traceId: traceId ?? '' };
  }
  if (hasErrorBody(body)) {
    const { code, message, fields }: Partial<ErrorBody> & { code: string } = body.error;
    const error: ApiError = {
      status: res.status,
      code,
      message: typeof message === 'string' ? message : code,
      traceId,
    };
    const parsedFields = parseFields(fields);
    if (parsedFields) error.fields = parsedFields;
    return { ok: false, error };
  }
  return {
    ok: false,
    error: {
      status: res.status,
      code: STATUS_CODES[res.status] ?? 'INTERNAL',
      message: `Unexpected answer (HTTP ${res.status}): not an API envelope`,
      traceId,
    },
  };
}

function fromThrown(err: unknown): ApiError {
  if (axios.isCancel(err)) return { status: 0, code: ABORTED, message: 'Request cancelled' };
  const code = axios.isAxiosError(err) ? err.code : undefined;
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'ETIMEDOUT' || (code === 'ECONNABORTED' && /timeout/i.test(message))) {
    return { status: 0, code: 'TIMEOUT', message };
  }
  return { status: 0, code: 'NETWORK', message: message || 'No answer from the server' };
}

const pathOf = (url: string): string => url.split('?', 1)[0]!;

function reportFailure(url: string, error: ApiError, opts: ApiRequestOptions): void {
  if (error.code === ABORTED) return;
  try {
    trackApiFailure({ url, status: error.status, code: error.code, message: error.message, traceId: error.traceId });
  } catch {
    // Telemetry never changes the outcome of a call.
  }
  if (error.status !== 401 || opts.disableErrorHandler || pathOf(url) === LOGOUT_PATH) return;
  try {
    unauthorizedHandler?.(error.code);
  } catch {
    // A failing handler must not turn a resolved failure into a thrown one.
  }
}

/**
 * An AbortSignal that fires after `timeoutMs` or when the caller's signal fires. axios's own `timeout` does the same in
 * browsers, but not every adapter honours it in every environment (msw's XHR interceptor ignores it), so the client
 * enforces its configured time-out itself.
 */
function deadline(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forward = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

type RequestPayload = {
  data?: unknown;
  params?: Record<string, string>;
  onUploadProgress?: (event: AxiosProgressEvent) => void;
  onDownloadProgress?: (event: AxiosProgressEvent) => void;
  responseType?: 'text' | 'blob';
};

/**
 * The one request lifecycle: overlay counting, time-out, failure mapping and telemetry. `read` turns the answer into
 * a result (the envelope by default; a file for downloads).
 */
async function request<T>(
  method: Method,
  url: string,
  payload: RequestPayload,
  opts: ApiRequestOptions,
  read: (res: AxiosResponse) => ApiResult<T> | Promise<ApiResult<T>> = fromResponse,
): Promise<ApiResult<T>> {
  const counted = !opts.silent;
  if (counted) useLoadingStore.getState().begin();
  const timeout = opts.timeoutMs ?? getRequestTimeoutMs();
  const guard = deadline(timeout, opts.signal);
  let result: ApiResult<T>;
  try {
    const res = await apiClient.request({
      method,
      url,
      data: payload.data,
      params: payload.params,
      timeout,
      signal: guard.signal,
      headers: opts.headers,
      onUploadProgress: payload.onUploadProgress,
      onDownloadProgress: payload.onDownloadProgress,
      ...(payload.responseType ? { responseType: payload.responseType } : {}),
    });
    result = await read(res);
  } catch (err) {
    result = {
      ok: false,
      error: guard.timedOut() ? { status: 0, code: 'TIMEOUT', message: `timeout of ${timeout}ms exceeded` } : fromThrown(err),
    };
  } finally {
    guard.clear();
    if (counted) useLoadingStore.getState().end();
  }
  if (!result.ok) reportFailure(url, result.error, opts);
  return result;
}

/**
 * POST `body` (default `{}`) as JSON to an API path and unwrap the envelope. `T` is the shape of `data` as the
 * endpoint declares it; it is not checked at run time.
 */
export function apiPost<T>(path: string, body?: unknown, opts: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  return request<T>('POST', path, { data: body ?? {} }, opts);
}

export type MultipartOptions = ApiRequestOptions & {
  /** Percentage of the request body sent so far (0–100), as the browser reports it. */
  onProgress?: (percent: number) => void;
};

/**
 * POST a multipart/form-data body (text fields, then one file part) with upload progress; same envelope, result
 * mapping, loading overlay and failure handling as `apiPost`. The browser sets the multipart boundary itself.
 * Used through lib/upload/uploadWithProgress.
 */
export function apiPostMultipart<T>(path: string, formData: FormData, opts: MultipartOptions = {}): Promise<ApiResult<T>> {
  const { onProgress, ...rest } = opts;
  const onUploadProgress = onProgress
    ? (event: AxiosProgressEvent) => {
        if (!event.total) return;
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    : undefined;
  return request<T>('POST', path, { data: formData, onUploadProgress }, rest);
}

export type DownloadOptions = ApiRequestOptions & {
  /** Share of the answer received so far (0–1), or null while its size is unknown. */
  onProgress?: (fraction: number | null) => void;
};

async function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(blob);
  });
}

/**
 * POST `body` as JSON to an endpoint that answers a FILE (a bill PDF, a statement CSV, a slip: the server's
 * `fileResponse`), and get the bytes as a Blob. Same overlay, time-out, 401 handling and telemetry as `apiPost`.
 * Failures still arrive as JSON envelopes (the Blob is then read and parsed into the usual error); a 2xx answer that
 * is JSON instead of a file is a failure too.
 */
export function apiDownload(path: string, body?: unknown, opts: DownloadOptions = {}): Promise<ApiResult<Blob>> {
  const { onProgress, ...rest } = opts;
  return request<Blob>(
    'POST',
    path,
    {
      data: body ?? {},
      responseType: 'blob',
      onDownloadProgress: onProgress ? (event) => onProgress(event.total ? Math.min(1, event.loaded / event.total) : null) : undefined,
    },
    { ...rest, headers: { ...rest.headers, Accept: '*/*' } },
    readFile,
  );
}

/** A file answer is a Blob; a failure still comes as a JSON envelope (read from the Blob), and JSON on 2xx is wrong. */
async function readFile(res: AxiosResponse): Promise<ApiResult<Blob>> {
  const type = String(res.headers?.['content-type'] ?? '').toLowerCase();
  if (res.status >= 200 && res.status < 300 && !type.startsWith('application/json') && res.data instanceof Blob) {
    return { ok: true, data: res.data, traceId: headerTraceId(res) ?? '' };
  }
  const text = res.data instanceof Blob ? await blobText(res.data) : String(res.data ?? '');
  const parsed = fromResponse<unknown>({ ...res, data: text });
  return parsed.ok
    ? { ok: false, error: { status: res.status, code: 'INTERNAL', message: 'Expected a file, got JSON', traceId: parsed.traceId } }
    : parsed;
}

/** Saves a downloaded Blob under `fileName` (the browser's usual download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next tick: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** GET with query parameters (the page-load content calls of spec §7); same envelope and failure handling. */
export function apiGet<T>(path: string, params?: Record<string, string>, opts: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  return request<T>('GET', path, { params }, opts);
}

/** Maps the data of a successful result, passing failures through unchanged. */
export function mapResult<T, U>(result: ApiResult<T>, map: (data: T) => U): ApiResult<U> {
  return result.ok ? { ok: true, data: map(result.data), traceId: result.traceId } : result;
}
