/**
 * The browser's query layer: contracts (lib/contract) become typed TanStack Query queries and mutations over the one
 * axios client (lib/api/client.ts keeps the envelope, the 401 handling, telemetry, time-outs and the loading overlay).
 *
 * - Query keys come from the contract: `[area, action, body]`; a mutation invalidates `[area]` or `[area, action]`
 *   as its contract says.
 * - Page data that fails with a network error, a time-out or a 5xx is retried every 5 s (spec §9) for as long as the
 *   screen shows it; other failures (400, 403, 404, 409) are final. While retrying, `failureReason` carries the error
 *   (the scaffolds show it with a retry button) and `error` stays empty.
 * - Mutations are never retried automatically: a write is repeated only by the user (or by its idempotency key).
 */
import {
  QueryClient,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { CONTENT_API_KEY_HEADER, type AnyEndpoint, type BodyOf, type Endpoint, type EndpointKind, type InvalidationTarget, type OutputOf } from '@/lib/contract';
import { uploadWithProgress, type UploadFieldValue, type UploadOptions } from '@/lib/upload/uploadWithProgress';
import { apiDownload, apiGet, apiPost, type DownloadOptions } from './client';
import { getRuntimeConfig } from './runtimeConfig';
import type { ApiError, ApiRequestOptions, ApiResult } from './types';

/** What a failed query or mutation throws: the client's ApiError, unchanged. */
export class ApiFailure extends Error {
  readonly error: ApiError;
  constructor(error: ApiError) {
    super(error.message);
    this.name = 'ApiFailure';
    this.error = error;
  }
}

/** The ApiError inside whatever a query or mutation failed with (an unexpected throw becomes INTERNAL). */
export function apiErrorOf(err: unknown): ApiError | null {
  if (err === null || err === undefined) return null;
  if (err instanceof ApiFailure) return err.error;
  return { status: 0, code: 'INTERNAL', message: err instanceof Error ? err.message : String(err) };
}

/**
 * A query's or mutation's outcome as an ApiResult, for callers that branch on it (the shared Form's `onSubmit`):
 * `settle(mutation.mutateAsync(body))`.
 */
export async function settle<T>(promise: Promise<T>): Promise<ApiResult<T>> {
  try {
    return { ok: true, data: await promise, traceId: '' };
  } catch (err) {
    return { ok: false, error: apiErrorOf(err)! };
  }
}

/** Spec §9: failed page loads are retried every 5 s; only failures that may pass by themselves are retried. */
export const RETRY_DELAY_MS = 5_000;
export function isRetryable(error: ApiError | null): boolean {
  if (!error) return false;
  return error.code === 'NETWORK' || error.code === 'TIMEOUT' || error.code === 'SERVICE_UNAVAILABLE' || error.status >= 500;
}

/** The data of a result, or an ApiFailure thrown (what TanStack Query expects of a query function). */
export function unwrap<T>(result: ApiResult<T>): T {
  if (result.ok) return result.data;
  throw new ApiFailure(result.error);
}

type QueryEndpoint = Endpoint<'query'>;
type MutationEndpoint = Endpoint<'mutation'>;
type UploadEndpoint = Endpoint<'upload'>;
type DownloadEndpoint = Endpoint<'download'>;

/** One call of a contract endpoint through the one client (the contract's `silent` unless the caller overrides it). */
export function callEndpoint<E extends AnyEndpoint>(
  endpoint: E,
  body: BodyOf<E>,
  opts: ApiRequestOptions = {},
): Promise<ApiResult<E['kind'] extends 'download' ? Blob : OutputOf<E>>> {
  const options = { silent: endpoint.silent, ...opts };
  if (endpoint.method === 'GET') return contentGet(endpoint, body, options) as never;
  if (endpoint.kind === ('download' satisfies EndpointKind)) {
    return apiDownload(endpoint.path, body, options as DownloadOptions) as never;
  }
  return apiPost(endpoint.path, body, options) as never;
}

/**
 * A GET content call: the body as query parameters, the content key from the runtime configuration (read per call:
 * /runtime-config.js may run after this module was evaluated). A 401 is a wrong key, not a lost session.
 */
function contentGet(endpoint: AnyEndpoint, body: unknown, opts: ApiRequestOptions) {
  const params = Object.fromEntries(Object.entries((body ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  const key = getRuntimeConfig().contentApiKey ?? '';
  return apiGet<unknown>(endpoint.path, params, {
    ...opts,
    disableErrorHandler: true,
    headers: { ...opts.headers, [CONTENT_API_KEY_HEADER]: key },
  });
}

/** An upload endpoint's call: text fields first, then the one file part (the server streams and checks it). */
export function callUpload<E extends UploadEndpoint>(endpoint: E, fields: BodyOf<E>, file: Blob, opts: UploadOptions = {}): Promise<ApiResult<OutputOf<E>>> {
  return uploadWithProgress(endpoint.path as `/api/${string}`, fields as Record<string, UploadFieldValue>, file, { silent: endpoint.silent, ...opts });
}

/** `[area]`, `[area, action]` or `[area, action, body]`: what a query is cached under. */
export function keyOf(endpoint: Pick<AnyEndpoint, 'area' | 'action'>, body?: unknown): QueryKey {
  return body === undefined ? [endpoint.area, endpoint.action] : [endpoint.area, endpoint.action, body];
}

const keyOfTarget = (target: InvalidationTarget): QueryKey => target.split('.', 2);

/** Query options of one endpoint and body, for useQuery, prefetching or `queryClient.fetchQuery`. */
export function endpointQuery<E extends QueryEndpoint>(endpoint: E, body: BodyOf<E>, opts: ApiRequestOptions = {}) {
  return queryOptions({
    queryKey: keyOf(endpoint, body ?? {}),
    queryFn: async ({ signal }) => unwrap(await callEndpoint(endpoint, body, { ...opts, signal })) as OutputOf<E>,
  });
}

export type EndpointQueryOptions<E extends QueryEndpoint> = Omit<UseQueryOptions<OutputOf<E>, ApiFailure, OutputOf<E>>, 'queryKey' | 'queryFn'> & {
  /** Request options of every call (e.g. `silent: true` where the screen shows its own loading state). */
  request?: ApiRequestOptions;
  /** Keep the previous answer while the next one loads (lists paging or filtering). */
  keepPrevious?: boolean;
};

/**
 * Reads one endpoint. `body` null waits (e.g. until the router knows the id). The result is TanStack Query's, with
 * `apiError` (the final failure) and `retrying` (a failure that is being retried every 5 s) added for the screens.
 */
export function useEndpointQuery<E extends QueryEndpoint>(endpoint: E, body: BodyOf<E> | null, options: EndpointQueryOptions<E> = {}) {
  const { request, keepPrevious, enabled, ...rest } = options;
  const base = endpointQuery(endpoint, (body ?? {}) as BodyOf<E>, request);
  const result = useQuery<OutputOf<E>, ApiFailure, OutputOf<E>>({
    ...(base as unknown as UseQueryOptions<OutputOf<E>, ApiFailure, OutputOf<E>>),
    ...rest,
    enabled: body !== null && (enabled ?? true),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  const failure = apiErrorOf(result.error ?? result.failureReason);
  return Object.assign(result, {
    apiError: result.error ? apiErrorOf(result.error) : null,
    retrying: !result.error && result.failureCount > 0 && isRetryable(failure) ? failure : null,
  });
}

/**
 * Reads one endpoint for each body of a list (a few records named by a link), with the portal's retry like
 * `useEndpointQuery`. Each result gets `apiError` and `retrying` the same way.
 */
export function useEndpointQueries<E extends QueryEndpoint>(endpoint: E, bodies: readonly BodyOf<E>[], options: { request?: ApiRequestOptions } = {}) {
  return useQueries({
    queries: bodies.map((body) => endpointQuery(endpoint, body, options.request)),
    combine: (results) =>
      results.map((result) => {
        const failure = apiErrorOf(result.error ?? result.failureReason);
        return { data: result.data as OutputOf<E> | undefined, isPending: result.isPending, apiError: result.error ? apiErrorOf(result.error) : null, retrying: !result.error && result.failureCount > 0 && isRetryable(failure) ? failure : null };
      }),
  });
}

export type EndpointMutationOptions<E extends AnyEndpoint, TVars> = Omit<
  UseMutationOptions<OutputOf<E>, ApiFailure, TVars>,
  'mutationFn'
> & {
  request?: ApiRequestOptions;
  /** More to invalidate than the contract names (rarely needed: prefer declaring it in the contract). */
  invalidates?: readonly InvalidationTarget[];
};

/** Invalidates what an endpoint's contract names (and `extra`), returning when the refetches have settled. */
export async function invalidateFor(client: QueryClient, endpoint: Pick<AnyEndpoint, 'invalidates'>, extra: readonly InvalidationTarget[] = []) {
  const targets = [...endpoint.invalidates, ...extra];
  await Promise.all(targets.map((t) => client.invalidateQueries({ queryKey: keyOfTarget(t) })));
}

/**
 * A 409 means the record changed meanwhile (someone else approved the request, reviewed the slip): what the page shows
 * is stale, so the queries the mutation would have made stale are fetched again, and the page shows where it stands.
 */
async function invalidateOnConflict(client: QueryClient, endpoint: Pick<AnyEndpoint, 'invalidates'>, extra: readonly InvalidationTarget[] | undefined, failure: unknown) {
  if (failure instanceof ApiFailure && failure.error.status === 409) await invalidateFor(client, endpoint, extra);
}

type TanstackMutationOptions<E extends AnyEndpoint, TVars> = UseMutationOptions<OutputOf<E>, ApiFailure, TVars>;

/**
 * The caller's mutation options with the contract's invalidations woven in: what the endpoint (and `invalidates`)
 * names is invalidated before the caller's `onSuccess` runs, and after a 409 conflict before its `onError` runs.
 */
function invalidating<E extends AnyEndpoint, TVars>(client: QueryClient, endpoint: E, options: Omit<EndpointMutationOptions<E, TVars>, 'request'>) {
  const { invalidates, onSuccess, onError, ...rest } = options;
  return {
    ...rest,
    onSuccess: async (...args: Parameters<NonNullable<TanstackMutationOptions<E, TVars>['onSuccess']>>) => {
      await invalidateFor(client, endpoint, invalidates);
      await onSuccess?.(...args);
    },
    onError: async (...args: Parameters<NonNullable<TanstackMutationOptions<E, TVars>['onError']>>) => {
      await invalidateOnConflict(client, endpoint, invalidates, args[0]);
      await onError?.(...args);
    },
  };
}

/**
 * A write through a contract endpoint: `mutate(body)` / `mutateAsync(body)`. On success the queries its contract
 * names are invalidated before `onSuccess` runs (and after a 409 conflict); failures arrive as ApiFailure (`apiErrorOf(error)`).
 */
export function useEndpointMutation<E extends MutationEndpoint>(endpoint: E, options: EndpointMutationOptions<E, BodyOf<E>> = {}) {
  const client = useQueryClient();
  const { request, ...rest } = options;
  return useMutation<OutputOf<E>, ApiFailure, BodyOf<E>>({
    mutationKey: keyOf(endpoint),
    mutationFn: async (body) => unwrap(await callEndpoint(endpoint, body, request)) as OutputOf<E>,
    ...invalidating(client, endpoint, rest),
  });
}

export type UploadVariables<E extends UploadEndpoint> = {
  fields: BodyOf<E>;
  file: Blob;
  onProgress?: (percent: number) => void;
};

/** An upload through a contract endpoint, with progress; invalidates like a mutation. */
export function useEndpointUpload<E extends UploadEndpoint>(endpoint: E, options: EndpointMutationOptions<E, UploadVariables<E>> = {}) {
  const client = useQueryClient();
  const { request, ...rest } = options;
  return useMutation<OutputOf<E>, ApiFailure, UploadVariables<E>>({
    mutationKey: keyOf(endpoint),
    mutationFn: async ({ fields, file, onProgress }) => unwrap(await callUpload(endpoint, fields, file, { ...request, onProgress })),
    ...invalidating(client, endpoint, rest),
  });
}

/** A download through a contract endpoint (a Blob, or the failure); for the shared DownloadButton. */
export function downloadEndpoint<E extends DownloadEndpoint>(endpoint: E, body: BodyOf<E>, opts: DownloadOptions = {}): Promise<ApiResult<Blob>> {
  return apiDownload(endpoint.path, body, { silent: endpoint.silent, ...opts });
}

/**
 * A download read as data (a file preview): cached under `['files', area, action, body]`, outside its area's key, so
 * the area's invalidations (approving a slip) do not fetch the file again; never stale (a stored file does not change).
 */
export function useEndpointFile<E extends DownloadEndpoint>(endpoint: E, body: BodyOf<E> | null) {
  const result = useQuery<Blob, ApiFailure>({
    queryKey: ['files', endpoint.area, endpoint.action, body ?? {}],
    queryFn: async ({ signal }) => unwrap(await downloadEndpoint(endpoint, (body ?? {}) as BodyOf<E>, { signal, silent: true })),
    enabled: body !== null,
    staleTime: Infinity,
  });
  const failure = apiErrorOf(result.error ?? result.failureReason);
  return Object.assign(result, {
    apiError: result.error ? apiErrorOf(result.error) : null,
    retrying: !result.error && result.failureCount > 0 && isRetryable(failure) ? failure : null,
  });
}

/** The portal's QueryClient: retry every 5 s on failures that may pass (spec §9), never on the rest; no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (_count, err) => isRetryable(apiErrorOf(err)),
        retryDelay: RETRY_DELAY_MS,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The browser's session (next-auth's routes through one query, lib/api/session.ts) belongs to the query layer too. */
export { SESSION_QUERY_KEY, getSession, listenForSessionChanges, signIn, signOut, useSession } from './session';
