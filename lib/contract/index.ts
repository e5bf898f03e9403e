/**
 * Contracts: every endpoint of a feature declared once, safe to import in the browser (no server code here).
 *
 * A contract names its area (the `<area>` of `POST /api/<area>/<action>`, spec §7) and its endpoints, each with:
 * - `kind`: `query` (a read the browser caches), `mutation` (a write that makes queries stale), `download` (the answer
 *   is a file, not an envelope) or `upload` (multipart/form-data: text fields plus one file);
 * - `body`: the strict zod schema of the request body (the server validates with it, forms share it);
 * - `output`: the type of the envelope's `data` (`output<T>()`: a type only, nothing at run time);
 * - `permission`: who may call it (`public`, `authenticated`, or `{ anyOf: codes }`);
 * - `silent`: the browser calls it without the loading overlay (spec §7);
 * - `invalidates` (mutations and uploads): the queries it makes stale, as `'area'` (every query of the area) or
 *   `'area.action'` (one endpoint's queries);
 * - `summary`: one line for the generated API reference (docs/api.md);
 * - `method` (queries only, default `POST`): `GET` is for the page-load content calls of spec §7 (site content): the
 *   body is sent as query parameters with the content API key header, and a 401 there is a wrong key, not a lost
 *   session (the browser's 401 handler is not called);
 * - `path` (rare): a path fixed by spec §7 that is not `/api/<area>/<action>` (e.g. `/api/setCookies`);
 * - `bodyLimit` (rare, JSON endpoints only): the most bytes its JSON body may have, when the schema allows more than
 *   the default JSON_BODY_LIMIT (long texts in both languages): declare it with `withBodyLimit`. It must hold the
 *   largest body the schema accepts, every string at its maximum length and 6 bytes per UTF-16 code unit (`\uXXXX`;
 *   a Chinese character is 3 bytes as UTF-8, `"` is `\"`, `<` may come as `\u003c`): `__tests__/api/bodyLimit.test.ts`
 *   checks every endpoint with `maxJsonSize` (lib/server/api/bodySize.ts). The router reads such a body only after
 *   the caller passed authentication and permission.
 *
 * The server implements a contract with `implement()` (lib/server/api/implement.ts): TypeScript rejects a handler
 * whose result is not the declared output. The browser derives its calls from the contract (lib/api/query.ts): no
 * endpoint path or answer type is written a second time.
 */
import type * as zc from 'zod/v4/core';
import type { FunctionCode } from '@/lib/permissions/codes';

/**
 * Who may call an endpoint:
 * - `public`: no token (sign-in, health-like reads);
 * - `authenticated`: a valid token, with or without a selected customer (customer selection, logout, token check);
 * - `{ anyOf }`: a valid token with a selected customer and at least one of these function codes.
 */
export type Permission = 'public' | 'authenticated' | { anyOf: readonly FunctionCode[] };

declare const OUTPUT: unique symbol;
/** A type carried by the contract for TypeScript only. */
export type Output<T> = { readonly [OUTPUT]?: T };
/** Declares the type of an endpoint's answer (`data`). */
export const output = <T>(): Output<T> => ({}) as Output<T>;

export type EndpointKind = 'query' | 'mutation' | 'download' | 'upload';

/**
 * A body schema the browser never builds: `lazyBody(() => import('./schemas').then((m) => m.fooSchema))`. The
 * contracts the app shell and the home page load declare their bodies this way (through `lazyBodies`), so zod stays out
 * of those pages (docs/performance.md); the server loads the schema on the endpoint's first call (`bodySchema`).
 */
export type LazyBody<S extends zc.$ZodType = zc.$ZodType> = { readonly load: () => Promise<S> };
export const lazyBody = <S extends zc.$ZodType>(load: () => Promise<S>): LazyBody<S> => ({ load });
/**
 * Lazy bodies from one module, named by export: `const schema = lazyBodies(() => import('./schemas'))`, then
 * `schema('listOrdersSchema')` where a body goes (TypeScript accepts only exports that are schemas).
 */
export const lazyBodies =
  <M>(load: () => Promise<M>) =>
  <K extends { [P in keyof M]: M[P] extends zc.$ZodType ? P : never }[keyof M]>(name: K): LazyBody<M[K] & zc.$ZodType> =>
    lazyBody(() => load().then((m) => m[name] as M[K] & zc.$ZodType));
/**
 * The most bytes of a JSON request body (413 `PAYLOAD_TOO_LARGE` over it), unless the endpoint declares its own
 * `bodyLimit`: every body the schema of an endpoint without one accepts fits in it (__tests__/api/bodyLimit.test.ts).
 */
export const JSON_BODY_LIMIT = 100 * 1024;

/** A body as a contract declares it: the schema, or a lazily loaded one. */
export type BodySchema<S extends zc.$ZodType = zc.$ZodType> = S | LazyBody<S>;
/** `{}`: the body of an endpoint that takes none, built only where it is checked (lib/contract/bodies.ts). */
export const noBody = lazyBody(() => import('./bodies').then((m) => m.emptyBody));
export const isLazyBody = (body: BodySchema): body is LazyBody => typeof (body as { load?: unknown }).load === 'function';

const loaded = new WeakMap<LazyBody, Promise<zc.$ZodType>>();
/** The schema of a body, loading a lazy one once (the server and tests; the browser's query layer never calls it). */
export function bodySchema<S extends zc.$ZodType>(body: BodySchema<S>): S | Promise<S> {
  if (!isLazyBody(body)) return body;
  let p = loaded.get(body);
  if (!p) loaded.set(body, (p = body.load()));
  return p as Promise<S>;
}

/** `'area'` or `'area.action'`: what a write makes stale. */
export type InvalidationTarget = string;

export type EndpointDef<K extends EndpointKind = EndpointKind, S extends zc.$ZodType = zc.$ZodType, O = unknown, P extends Permission = Permission> = {
  kind: K;
  body: BodySchema<S>;
  output: Output<O>;
  permission: P;
  silent?: boolean;
  summary: string;
  invalidates?: readonly InvalidationTarget[];
  method?: HttpMethod;
  path?: `/api/${string}`;
  /** The most bytes of the JSON body when the schema needs more than JSON_BODY_LIMIT (see the module comment). */
  bodyLimit?: number;
};

export type HttpMethod = 'POST' | 'GET';

/** The header a GET content call carries (the key the browser gets from /runtime-config.js). */
export const CONTENT_API_KEY_HEADER = 'x-api-key';

/** An endpoint once its contract has placed it: its area, action and path are known. */
export type Endpoint<K extends EndpointKind = EndpointKind, S extends zc.$ZodType = zc.$ZodType, O = unknown, P extends Permission = Permission> = EndpointDef<
  K,
  S,
  O,
  P
> & {
  area: string;
  action: string;
  path: string;
  silent: boolean;
  invalidates: readonly InvalidationTarget[];
  method: HttpMethod;
  /** The endpoint's JSON body cap in bytes: its own `bodyLimit`, or JSON_BODY_LIMIT. */
  bodyLimit: number;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEndpoint = Endpoint<EndpointKind, zc.$ZodType, any, Permission>;
/** What the browser sends (defaults may be left out). */
export type BodyOf<E> = E extends { body: BodySchema<infer S extends zc.$ZodType> } ? zc.input<S> : never;
/** What the handler receives, after validation. */
export type ParsedBodyOf<E> = E extends { body: BodySchema<infer S extends zc.$ZodType> } ? zc.output<S> : never;
export type OutputOf<E> = E extends { output: Output<infer O> } ? O : never;
export type PermissionOf<E> = E extends { permission: infer P extends Permission } ? P : never;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Defs = Record<string, EndpointDef<EndpointKind, zc.$ZodType, any, Permission>>;

type Placed<D> = D extends EndpointDef<infer K, infer S, infer O, infer P> ? Endpoint<K, S, O, P> : never;

export type Contract<A extends string = string, D extends Defs = Defs> = {
  area: A;
  endpoints: { readonly [N in keyof D & string]: Placed<D[N]> };
};

export type AnyContract = Contract<string, Defs>;

/** The schema a body declares, lazy or not. */
export type SchemaOf<B> = B extends LazyBody<infer S> ? S : B extends zc.$ZodType ? B : never;
/** A definition whose body may be lazy: the schema type is read from the body as written. */
type DefWith<K extends EndpointKind, B extends BodySchema, O, P extends Permission, X extends keyof EndpointDef> = Omit<EndpointDef<K, SchemaOf<B>, O, P>, 'kind' | 'body' | X> & {
  body: B;
};

/** A read: cached by the browser under a key made of area, action and body. */
export const query = <B extends BodySchema, O, const P extends Permission>(def: DefWith<'query', B, O, P, 'invalidates'>): EndpointDef<'query', SchemaOf<B>, O, P> =>
  ({
    ...def,
    kind: 'query',
  }) as EndpointDef<'query', SchemaOf<B>, O, P>;

/** A page-load content read (spec §7): `GET <path>?<body>` with the content API key header; cached like a query. */
export const contentQuery = <B extends BodySchema, O>(
  def: DefWith<'query', B, O, 'public', 'invalidates' | 'method' | 'permission' | 'silent'>,
): EndpointDef<'query', SchemaOf<B>, O, 'public'> =>
  ({
    ...def,
    kind: 'query',
    method: 'GET',
    permission: 'public',
    silent: true,
  }) as EndpointDef<'query', SchemaOf<B>, O, 'public'>;

/** A write: after success the browser refetches what `invalidates` names. */
export const mutation = <B extends BodySchema, O, const P extends Permission>(def: DefWith<'mutation', B, O, P, never>): EndpointDef<'mutation', SchemaOf<B>, O, P> =>
  ({
    ...def,
    kind: 'mutation',
  }) as EndpointDef<'mutation', SchemaOf<B>, O, P>;

/** A file answer (PDF, CSV, XLSX): errors are still envelopes. */
export const download = <B extends BodySchema, const P extends Permission>(
  def: DefWith<'download', B, Blob, P, 'invalidates' | 'output'>,
): EndpointDef<'download', SchemaOf<B>, Blob, P> =>
  ({
    ...def,
    output: output<Blob>(),
    kind: 'download',
  }) as EndpointDef<'download', SchemaOf<B>, Blob, P>;

/** multipart/form-data: the text fields validated by `body`, one file checked by content on the server. */
export const upload = <B extends BodySchema, O, const P extends Exclude<Permission, 'public'>>(
  def: DefWith<'upload', B, O, P, never>,
): EndpointDef<'upload', SchemaOf<B>, O, P> =>
  ({
    ...def,
    kind: 'upload',
  }) as EndpointDef<'upload', SchemaOf<B>, O, P>;

/**
 * An endpoint whose JSON body may be larger than JSON_BODY_LIMIT: `withBodyLimit(writeId(…), 320 * 1024)`. The
 * limit must hold the largest body its schema accepts (see the module comment; a test checks it).
 */
export const withBodyLimit = <D extends EndpointDef>(def: D, bytes: number): D => ({ ...def, bodyLimit: bytes });

const ACTION = /^[a-z][A-Za-z0-9]*$/;

/** Places every endpoint at `/api/<area>/<action>` (or the fixed `path` it declares). */
export function defineContract<const A extends string, const D extends Defs>(area: A, defs: D): Contract<A, D> {
  if (!ACTION.test(area)) throw new Error(`contract area "${area}" is not a path segment`);
  const endpoints: Record<string, AnyEndpoint> = {};
  for (const [action, def] of Object.entries(defs)) {
    if (!ACTION.test(action)) throw new Error(`endpoint "${area}.${action}" is not a path segment`);
    if (def.method === 'GET' && def.kind !== 'query') throw new Error(`endpoint "${area}.${action}": only a query may be GET`);
    if (def.bodyLimit !== undefined && (def.kind === 'upload' || !Number.isSafeInteger(def.bodyLimit) || def.bodyLimit <= 0)) {
      throw new Error(`endpoint "${area}.${action}": bodyLimit is a whole number of bytes, for a JSON body (an upload has its own cap)`);
    }
    endpoints[action] = {
      ...def,
      area,
      action,
      path: def.path ?? `/api/${area}/${action}`,
      method: def.method ?? 'POST',
      silent: def.silent ?? false,
      invalidates: def.invalidates ?? [],
      bodyLimit: def.bodyLimit ?? JSON_BODY_LIMIT,
    };
  }
  return { area, endpoints: Object.freeze(endpoints) as Contract<A, D>['endpoints'] };
}
