import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiRoutes } from '@/lib/server/api/router';
import { createRequestListener, type PageHandler } from '@/lib/server/app';
import { loadConfig, type ServerConfig } from '@/lib/server/config';
import type { DbHandle } from '@/lib/server/db/types';
import { createLogger, type Logger } from '@/lib/server/log';
import type { StaticPages } from '@/lib/server/staticPages';
import { readAnswer } from './readAnswer';

/** Explicit secrets, so loadConfig never generates (or writes) any. */
export const TEST_SECRETS = {
  NEXTAUTH_SECRET: 'test-nextauth-secret-0123456789abcdef0123',
  API_TOKEN_SECRET: 'test-api-token-secret-0123456789abcdef012',
  CONTENT_API_KEY: 'test-content-api-key-0123456789',
} as const;

/** A ServerConfig for tests; `env` overrides any variable (e.g. NODE_ENV: 'production'). */
export function testConfig(env: Record<string, string | undefined> = {}): ServerConfig {
  const base = { NODE_ENV: 'test', LOG_LEVEL: 'silent', PGLITE_DIR: '/nonexistent/pglite', ...TEST_SECRETS };
  return loadConfig({ ...base, ...env } as NodeJS.ProcessEnv);
}

/**
 * Parsed JSON of an answer. Tests read it field by field and every read is asserted, so a wrong guess fails the test
 * instead of hiding behind a type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export type TestResponse<T = Json> = {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  body: T;
};

export type RequestOptions = {
  method?: string;
  headers?: Record<string, string | number>;
  /** Sent as is (no JSON encoding, no Content-Type added). */
  rawBody?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked (no Content-Length). */
  chunked?: boolean;
  token?: string;
};

export type PostOptions = { token?: string; headers?: Record<string, string | number> };

export type TestServer = {
  baseUrl: string;
  config: ServerConfig;
  /** POST a JSON body (Content-Type application/json) to an API path. */
  post<T = Json>(path: string, body?: unknown, opts?: PostOptions): Promise<TestResponse<T>>;
  /** Any request, with full control over method, headers and body. */
  request<T = Json>(path: string, opts?: RequestOptions): Promise<TestResponse<T>>;
  close(): Promise<void>;
};

export type TestServerOptions = {
  routes?: ApiRoutes;
  config?: ServerConfig;
  log?: Logger;
  isShuttingDown?: () => boolean;
  /** Stands in for Next's request handler (pages); without it page paths answer 404. */
  pages?: PageHandler;
  /** Prerendered pages kept in memory (lib/server/staticPages.ts), as the production server has them. */
  staticPages?: StaticPages;
};

function send(baseUrl: string, path: string, opts: RequestOptions): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...opts.headers };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    const body = opts.rawBody;
    if (body !== undefined && !opts.chunked && headers['Content-Length'] === undefined) {
      headers['Content-Length'] = Buffer.byteLength(body);
    }
    // agent: false → one connection per request, so close() never waits on idle keep-alive sockets.
    const req = http.request(`${baseUrl}${path}`, { method: opts.method ?? 'POST', headers, agent: false }, (res) => {
      readAnswer(res).then(resolve, reject);
    });
    req.on('error', reject);
    if (body !== undefined && opts.chunked) {
      // Several writes: the server sees a chunked stream it must count as it arrives.
      const buf = Buffer.isBuffer(body) ? body : Buffer.from(body);
      const step = 16 * 1024;
      for (let i = 0; i < buf.length; i += step) req.write(buf.subarray(i, i + step));
      req.end();
    } else {
      req.end(body);
    }
  });
}

/** The portal's request listener (no Next) on 127.0.0.1, a free port, over the given database. */
export async function startTestServer(dbHandle: DbHandle, opts: TestServerOptions = {}): Promise<TestServer> {
  const config = opts.config ?? testConfig();
  const listener = createRequestListener({
    config,
    log: opts.log ?? createLogger('silent'),
    dbHandle,
    // Loaded only when asked for: the real table pulls in every service (and its dependencies).
    routes: opts.routes ?? (await import('@/lib/server/api/routes')).apiRoutes,
    isShuttingDown: opts.isShuttingDown,
    pages: opts.pages,
    staticPages: opts.staticPages,
  });
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    config,
    post: (path, body = {}, o = {}) =>
      send(baseUrl, path, {
        token: o.token,
        headers: { 'Content-Type': 'application/json', ...o.headers },
        rawBody: JSON.stringify(body),
      }) as Promise<TestResponse<Json>>,
    request: (path, o = {}) => send(baseUrl, path, o) as Promise<TestResponse<Json>>,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** The envelope of a contract endpoint's answer, typed by the contract. */
export type EndpointResponse<E> = TestResponse<
  | { status: 'success'; data: import('@/lib/contract').OutputOf<E>; traceId: string }
  | { status: 'error'; error: { code: string; message: string; fields?: Record<string, string[]> }; traceId: string }
>;

/**
 * POST a contract endpoint's body (typed from its schema) to the test server; the answer's `data` is typed from the
 * contract's output.
 *
 * @example
 * const res = await callEndpoint(server, ordersContract.endpoints.getOrder, { id }, { token });
 */
export function callEndpoint<E extends { path: string; body: unknown }>(
  server: TestServer,
  endpoint: E,
  body: import('@/lib/contract').BodyOf<E>,
  opts: PostOptions = {},
): Promise<EndpointResponse<E>> {
  return server.post(endpoint.path, body, opts) as Promise<EndpointResponse<E>>;
}

/**
 * A test server for the enclosing describe block: started in beforeAll over the block's database, closed in afterAll.
 * The answer stands for the running server (use it inside tests and hooks, not at collection time).
 *
 * @example
 * describeEachDb('orders API', (getHandle) => {
 *   const server = useTestServer(getHandle);
 *   it('lists', async () => expect((await server.post('/api/orders/listOrders', {}, { token })).status).toBe(200));
 * });
 */
export function useTestServer<H extends DbHandle>(
  getHandle: () => H,
  opts: TestServerOptions & { start?: (handle: H, opts: TestServerOptions) => Promise<TestServer> } = {},
): TestServer {
  const { start = startTestServer, ...serverOpts } = opts;
  let current: TestServer | undefined;
  const live = (): TestServer => {
    if (!current) throw new Error('useTestServer: the server runs only between beforeAll and afterAll');
    return current;
  };
  beforeAll(async () => {
    current = await start(getHandle(), serverOpts);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return {
    get baseUrl() {
      return live().baseUrl;
    },
    get config() {
      return live().config;
    },
    post: (path, body, o) => live().post(path, body, o),
    request: (path, o) => live().request(path, o),
    close: () => live().close(),
  };
}

/**
 * A record's version as an edit form loads it: the `updatedAt` its get endpoint answers. Staff updates of whole
 * records send it back (`version`) and get 409 RECORD_CHANGED when it is stale.
 */
export async function versionOf<E extends { path: string; body: unknown }>(server: TestServer, getEndpoint: E, id: string, token: string): Promise<string> {
  const res = await server.post(getEndpoint.path, { id }, { token });
  const body = res.body as { status: string; data?: { updatedAt?: unknown } };
  if (body.status !== 'success' || typeof body.data?.updatedAt !== 'string') throw new Error(`no version for ${id}: ${JSON.stringify(res.body)}`);
  return body.data.updatedAt;
}
