import type { IncomingMessage } from 'node:http';
import { eq, like } from 'drizzle-orm';
import { z } from 'zod';
import { defineHandler } from '@/lib/server/api/defineHandler';
import type { ApiRoutes } from '@/lib/server/api/router';
import { customers, systemParams, userAccounts, userGroups } from '@/lib/server/db/schema';
import { AppError } from '@/lib/server/errors';
import { isHttpsRequest } from '@/lib/server/hsts';
import { JSON_BODY_LIMIT } from '@/lib/server/http';
import { captureLog, type CapturedLog } from './helpers/captureLog';
import {
  bumpTokenVersion,
  createCustomer,
  createGroup,
  createMember,
  expiredTokenFor,
  linkUserToCustomer,
  tokenFor,
  uniq,
} from './helpers/fixtures';
import { describeEachDb } from './helpers/testDb';
import { startTestServer, testConfig, type TestResponse, type TestServer } from './helpers/testServer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET_DETAIL = 'pg://admin:hunter2@db-internal:5432 relation "secret_table" exploded';

/**
 * A test-only route table: one endpoint per permission kind, one that validates, one that writes (to see that a
 * refused request changed nothing), and two that throw.
 */
const routes: ApiRoutes = {
  '/api/test/public': defineHandler({
    summary: 'public read',
    permission: 'public',
    body: z.strictObject({}),
    handler: async ({ principal }) => ({ user: principal?.userAcUuid ?? null }),
  }),
  '/api/test/whoami': defineHandler({
    summary: 'any signed-in caller',
    permission: 'authenticated',
    body: z.strictObject({}),
    handler: async ({ principal }) => ({ user: principal.userAcUuid, ucpId: principal.ucpId, codes: [...principal.codes].sort() }),
  }),
  '/api/test/orders': defineHandler({
    summary: 'needs mgt_order_read',
    permission: { anyOf: ['mgt_order_read'] },
    body: z.strictObject({}),
    handler: async ({ principal }) => ({ ucpId: principal.ucpId }),
  }),
  '/api/test/anyCustomer': defineHandler({
    summary: 'any caller acting for a customer (empty anyOf)',
    permission: { anyOf: [] },
    body: z.strictObject({}),
    handler: async ({ principal }) => ({ ucpId: principal.ucpId }),
  }),
  '/api/test/write': defineHandler({
    summary: 'needs mgt_order_write; writes a system parameter',
    permission: { anyOf: ['mgt_order_write'] },
    body: z.strictObject({ key: z.string().min(1), value: z.string() }),
    handler: async ({ db, body }) => {
      await db.insert(systemParams).values({ paramKey: body.key, paramValue: body.value });
      return { written: body.key };
    },
  }),
  '/api/test/echo': defineHandler({
    summary: 'validation',
    permission: 'public',
    body: z.strictObject({
      name: z.string().min(1),
      count: z.number().int(),
      nested: z.strictObject({ flag: z.boolean() }).optional(),
      filler: z.string().optional(),
    }),
    handler: async ({ body }) => ({ name: body.name, count: body.count, fillerLength: body.filler?.length ?? 0 }),
  }),
  '/api/test/conflict': defineHandler({
    summary: 'throws an AppError',
    permission: 'public',
    body: z.strictObject({}),
    handler: async () => {
      throw new AppError('CONFLICT', { message: `log-only: ${SECRET_DETAIL}`, publicMessage: 'Already submitted' });
    },
  }),
  /** An endpoint whose body may be larger than the default cap (a contract's withBodyLimit). */
  '/api/test/long': {
    ...defineHandler({
      summary: 'a long text, signed in',
      permission: 'authenticated',
      body: z.strictObject({ text: z.string() }),
      handler: async ({ body }) => ({ length: body.text.length }),
    }),
    bodyLimit: 150 * 1024,
  },
  '/api/test/crash': defineHandler({
    summary: 'throws a plain Error',
    permission: 'public',
    body: z.strictObject({}),
    handler: async () => {
      throw new Error(SECRET_DETAIL);
    },
  }),
};

/** Every API answer is an envelope whose traceId is also the X-Trace-Id header. */
function expectError(res: TestResponse, status: number, code: string): void {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body.status).toBe('error');
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.traceId).toMatch(UUID);
  expect(res.headers['x-trace-id']).toBe(res.body.traceId);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
}

function expectSuccess(res: TestResponse): void {
  expect({ status: res.status, envelope: res.body?.status, error: res.body?.error }).toEqual({ status: 200, envelope: 'success', error: undefined });
  expect(res.body.traceId).toMatch(UUID);
  expect(res.headers['x-trace-id']).toBe(res.body.traceId);
}

describeEachDb('API contract', (getHandle) => {
  let server: TestServer;
  let logs: CapturedLog;

  beforeAll(async () => {
    logs = captureLog();
    server = await startTestServer(getHandle(), { routes, log: logs.log });
  });
  afterAll(async () => {
    await server.close();
  });

  const db = () => getHandle().db;
  const paramRows = async (prefix: string) => db().select().from(systemParams).where(like(systemParams.paramKey, `${prefix}%`));

  /** A caller holding `codes` for its own customer, with a valid token for it. */
  async function caller(codes: Parameters<typeof createMember>[1] = [], opts: { staff?: boolean } = {}) {
    const member = await createMember(db(), codes, opts.staff ? { user: { isProviderStaff: true } } : {});
    return { ...member, token: await tokenFor(member.user, member.customer.ucpId) };
  }

  /** `token` reads /api/test/orders until `change` runs; afterwards the same token is refused with `status` and `code`. */
  async function expectRefusedOnceChanged(token: string, change: () => Promise<unknown>, status: number, code: string) {
    expectSuccess(await server.post('/api/test/orders', {}, { token }));
    await change();
    expectError(await server.post('/api/test/orders', {}, { token }), status, code);
  }

  describe('routing', () => {
    it('answers 404 NOT_FOUND with the envelope for an unknown endpoint', async () => {
      const res = await server.post('/api/test/nope', {});
      expectError(res, 404, 'NOT_FOUND');
    });

    it('does not treat inherited object keys as endpoints', async () => {
      for (const path of ['/api/__proto__', '/api/constructor', '/api/toString', '/api/hasOwnProperty']) {
        expectError(await server.post(path, {}), 404, 'NOT_FOUND');
      }
    });

    it('answers 405 with Allow: POST for another method, without running the handler', async () => {
      const { token } = await caller(['mgt_order_write']);
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        const key = `m405-${uniq()}`;
        const res = await server.request('/api/test/write', {
          method,
          token,
          headers: { 'Content-Type': 'application/json' },
          rawBody: JSON.stringify({ key, value: 'x' }),
        });
        expectError(res, 405, 'METHOD_NOT_ALLOWED');
        expect(res.headers.allow).toBe('POST');
        expect(await paramRows(key)).toEqual([]);
      }
    });

    it('leaves non-API paths and next-auth’s /api/auth/* to the page handler (404 without Next)', async () => {
      for (const path of ['/somewhere', '/api/auth', '/api/auth/session', '/api/auth/callback/credentials']) {
        const res = await server.request(path, { method: 'POST' });
        expect({ path, status: res.status }).toEqual({ path, status: 404 });
        // Not the API dispatcher's answer: it would carry a trace id.
        expect(res.headers['x-trace-id']).toBeUndefined();
      }
    });
  });

  describe('authentication', () => {
    it('answers 401 AUTH_REQUIRED without a token', async () => {
      expectError(await server.post('/api/test/whoami', {}), 401, 'AUTH_REQUIRED');
    });

    it('answers 401 AUTH_REQUIRED for garbage, a non-bearer header and a token signed with another secret', async () => {
      const { user, customer } = await caller(['mgt_order_read']);
      const foreign = await tokenFor(user, customer.ucpId, { secret: 'another-secret-another-secret-another-secret' });
      const cases: Record<string, string> = {
        garbage: 'Bearer not.a.jwt',
        'random text': 'Bearer abc',
        'basic auth': 'Basic dXNlcjpwYXNz',
        'empty bearer': 'Bearer ',
        'wrong secret': `Bearer ${foreign}`,
      };
      for (const [name, authorization] of Object.entries(cases)) {
        const res = await server.post('/api/test/orders', {}, { headers: { Authorization: authorization } });
        expect({ name, status: res.status, code: res.body.error?.code }).toEqual({ name, status: 401, code: 'AUTH_REQUIRED' });
      }
    });

    it('answers 401 TOKEN_EXPIRED for an expired token', async () => {
      const { user, customer } = await caller(['mgt_order_read']);
      const res = await server.post('/api/test/orders', {}, { token: await expiredTokenFor(user, customer.ucpId) });
      expectError(res, 401, 'TOKEN_EXPIRED');
    });

    it('refuses a revoked token (token_version bumped) and accepts one of the new version', async () => {
      const { user, customer, token } = await caller(['mgt_order_read']);
      await expectRefusedOnceChanged(token, () => bumpTokenVersion(db(), user), 401, 'TOKEN_EXPIRED');
      const fresh = await tokenFor({ ...user, tokenVersion: user.tokenVersion + 1 }, customer.ucpId);
      expectSuccess(await server.post('/api/test/orders', {}, { token: fresh }));
    });

    it('refuses the token of a user who is no longer active, or no longer exists', async () => {
      const { user, token } = await caller(['mgt_order_read']);
      await db().update(userAccounts).set({ status: 'inactive' }).where(eq(userAccounts.userAcUuid, user.userAcUuid));
      expectError(await server.post('/api/test/orders', {}, { token }), 401, 'TOKEN_EXPIRED');

      const ghost = await tokenFor({ userAcUuid: '00000000-0000-4000-8000-000000000000', tokenVersion: 0 }, null);
      expectError(await server.post('/api/test/whoami', {}, { token: ghost }), 401, 'TOKEN_EXPIRED');
    });

    it('refuses a token naming a customer the user is not linked to', async () => {
      const { user } = await caller(['mgt_order_read']);
      const other = await createCustomer(db());
      const token = await tokenFor(user, other.ucpId);
      const res = await server.post('/api/test/orders', {}, { token });
      expectError(res, 401, 'TOKEN_EXPIRED');
      // Even an endpoint that needs no customer refuses it: the token itself is no longer valid.
      expectError(await server.post('/api/test/whoami', {}, { token }), 401, 'TOKEN_EXPIRED');
    });

    it('refuses a token for a customer that was deactivated', async () => {
      const { customer, token } = await caller(['mgt_order_read']);
      await expectRefusedOnceChanged(token, () => db().update(customers).set({ status: 'inactive' }).where(eq(customers.ucpId, customer.ucpId)), 401, 'TOKEN_EXPIRED');
    });

    it('lets a public endpoint through with a stale, expired or garbage token (as anonymous)', async () => {
      const { user, customer, token } = await caller([]);
      await bumpTokenVersion(db(), user);
      const expired = await expiredTokenFor(user, customer.ucpId);
      for (const authorization of [`Bearer ${token}`, `Bearer ${expired}`, 'Bearer garbage', 'Basic abc']) {
        const res = await server.post('/api/test/public', {}, { headers: { Authorization: authorization } });
        expectSuccess(res);
        expect(res.body.data).toEqual({ user: null });
      }
    });

    it('gives a public endpoint the principal when the token is valid', async () => {
      const { user, token } = await caller([]);
      const res = await server.post('/api/test/public', {}, { token });
      expectSuccess(res);
      expect(res.body.data).toEqual({ user: user.userAcUuid });
    });
  });

  describe('permission', () => {
    it('answers 403 FORBIDDEN without the function code, and runs nothing', async () => {
      const { token } = await caller(['mgt_order_read', 'home']);
      const key = `p403-${uniq()}`;
      const res = await server.post('/api/test/write', { key, value: '1' }, { token });
      expectError(res, 403, 'FORBIDDEN');
      expect(await paramRows(key)).toEqual([]);
    });

    it('runs the handler with the function code, for the token’s customer', async () => {
      const { token } = await caller(['mgt_order_write']);
      const key = `p200-${uniq()}`;
      const res = await server.post('/api/test/write', { key, value: 'v' }, { token });
      expectSuccess(res);
      expect(res.body.data).toEqual({ written: key });
      expect((await paramRows(key)).map((r) => r.paramValue)).toEqual(['v']);
      // mgt_order_write does not imply mgt_order_read: codes are checked one by one.
      expectError(await server.post('/api/test/orders', {}, { token }), 403, 'FORBIDDEN');
    });

    it('accepts the provider super-user code `all` for any anyOf endpoint', async () => {
      const { customer, token } = await caller(['all'], { staff: true });
      const res = await server.post('/api/test/orders', {}, { token });
      expectSuccess(res);
      expect(res.body.data).toEqual({ ucpId: customer.ucpId });
    });

    it('ignores `all` and admin codes held by a customer user (a misconfigured group grants nothing)', async () => {
      const { token } = await caller(['all', 'payslip_review_read', 'ucp_cust_main_read']);
      expectError(await server.post('/api/test/orders', {}, { token }), 403, 'FORBIDDEN');
    });

    it('reads codes only for the token’s customer: codes held for another customer do not count', async () => {
      const { user, customer } = await caller(['mgt_order_read']);
      const second = await createCustomer(db());
      await linkUserToCustomer(db(), user, second);
      const forSecond = await tokenFor(user, second.ucpId);
      expectError(await server.post('/api/test/orders', {}, { token: forSecond }), 403, 'FORBIDDEN');
      expectSuccess(await server.post('/api/test/orders', {}, { token: await tokenFor(user, customer.ucpId) }));
    });

    it('ignores codes of an inactive group, live (no new token needed)', async () => {
      const { group, token } = await caller(['mgt_order_read']);
      await expectRefusedOnceChanged(token, () => db().update(userGroups).set({ status: 'inactive' }).where(eq(userGroups.id, group.id)), 403, 'FORBIDDEN');
    });

    it('answers 403 on an anyOf endpoint when signed in without a selected customer', async () => {
      const { user } = await caller(['mgt_order_read']);
      const token = await tokenFor(user, null);
      expectError(await server.post('/api/test/orders', {}, { token }), 403, 'FORBIDDEN');
      // Even an anyOf endpoint that names no code needs a selected customer.
      expectError(await server.post('/api/test/anyCustomer', {}, { token }), 403, 'FORBIDDEN');
      // …while an `authenticated` endpoint accepts it, with no customer and no codes.
      const who = await server.post('/api/test/whoami', {}, { token });
      expectSuccess(who);
      expect(who.body.data).toEqual({ user: user.userAcUuid, ucpId: null, codes: [] });
    });

    it('lets any caller with a selected customer through an empty anyOf', async () => {
    const { customer, token } = await caller([]);
    const res = await server.post('/api/test/anyCustomer', {}, { token });
    expectSuccess(res);
    expect(res.body.data).toEqual({ ucpId: customer.ucpId });
  });

  it('gives an authenticated endpoint the codes of the selected customer', async () => {
      const { user, customer, token } = await caller(['mgt_order_read', 'home']);
      await createGroup(db(), ['mgt_bills_read'], { members: [{ user, customer }] });
      const who = await server.post('/api/test/whoami', {}, { token });
      expectSuccess(who);
      expect(who.body.data).toEqual({ user: user.userAcUuid, ucpId: customer.ucpId, codes: ['home', 'mgt_bills_read', 'mgt_order_read'] });
    });
  });

  describe('body', () => {
    it('answers 400 VALIDATION naming every failing field (nested and unknown ones too)', async () => {
      const res = await server.post('/api/test/echo', { name: '', count: 1.5, nested: { flag: 'yes' }, extra: 1 });
      expectError(res, 400, 'VALIDATION');
      expect(Object.keys(res.body.error.fields).sort()).toEqual(['count', 'extra', 'name', 'nested.flag']);
      expect(res.body.error.message).toContain('name');
      for (const messages of Object.values(res.body.error.fields)) expect(messages).toEqual([expect.any(String)]);
    });

    it('answers 400 VALIDATION for a JSON body that is not an object', async () => {
      for (const raw of ['[1,2]', '"text"', '42', 'null']) {
        const res = await server.request('/api/test/echo', { headers: { 'Content-Type': 'application/json' }, rawBody: raw });
        expectError(res, 400, 'VALIDATION');
      }
    });

    it('passes the parsed body to the handler', async () => {
      const res = await server.post('/api/test/echo', { name: 'Ann', count: 3, nested: { flag: true } });
      expectSuccess(res);
      expect(res.body.data).toEqual({ name: 'Ann', count: 3, fillerLength: 0 });
    });

    it('treats an empty body as {}', async () => {
      const { token } = await caller([]);
      const res = await server.request('/api/test/whoami', { token });
      expectSuccess(res);
    });

    it('answers 400 MALFORMED_JSON for broken JSON, and runs nothing', async () => {
      const { token } = await caller(['mgt_order_write']);
      for (const raw of ['{"key":', '{key: 1}', "{'a':1}", '{"a":1}}']) {
        const res = await server.request('/api/test/write', { token, headers: { 'Content-Type': 'application/json' }, rawBody: raw });
        expectError(res, 400, 'MALFORMED_JSON');
      }
    });

    it('answers 415 for a body that is not application/json, and runs nothing', async () => {
      const { token } = await caller(['mgt_order_write']);
      const key = `ct-${uniq()}`;
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
        const res = await server.request('/api/test/write', {
          token,
          headers: type ? { 'Content-Type': type } : {},
          rawBody: JSON.stringify({ key, value: 'x' }),
        });
        expect({ type, status: res.status, code: res.body.error?.code }).toEqual({ type, status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
      }
      expect(await paramRows(key)).toEqual([]);
    });

    it('accepts application/json with a charset parameter', async () => {
      const res = await server.request('/api/test/echo', {
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        rawBody: JSON.stringify({ name: '陳大文', count: 1 }),
      });
      expectSuccess(res);
      expect(res.body.data.name).toBe('陳大文');
    });

    /** A JSON body of exactly `size` bytes for /api/test/echo. */
    const bodyOfSize = (size: number): string => {
      const empty = JSON.stringify({ name: 'n', count: 1, filler: '' });
      return JSON.stringify({ name: 'n', count: 1, filler: 'x'.repeat(size - empty.length) });
    };

    it('accepts a body of exactly the limit', async () => {
      const raw = bodyOfSize(JSON_BODY_LIMIT);
      expect(Buffer.byteLength(raw)).toBe(JSON_BODY_LIMIT);
      for (const chunked of [false, true]) {
        const res = await server.request('/api/test/echo', { headers: { 'Content-Type': 'application/json' }, rawBody: raw, chunked });
        expectSuccess(res);
        expect(res.body.data.fillerLength).toBe(JSON_BODY_LIMIT - JSON.stringify({ name: 'n', count: 1, filler: '' }).length);
      }
    });

    it('answers 413 for a body over the limit sent with Content-Length', async () => {
      const res = await server.request('/api/test/echo', { headers: { 'Content-Type': 'application/json' }, rawBody: bodyOfSize(JSON_BODY_LIMIT + 1) });
      expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    });

    describe('an endpoint with its own cap (bodyLimit)', () => {
      const LONG = 150 * 1024;
      /** A body of exactly `size` bytes for /api/test/long, in Chinese (3 bytes a character) up to the last few. */
      const longOfSize = (size: number): string => {
        const room = size - JSON.stringify({ text: '' }).length;
        return JSON.stringify({ text: '中'.repeat(Math.floor(room / 3)) + 'x'.repeat(room % 3) });
      };

      it('takes a body of exactly its cap, over the default one, declared or chunked', async () => {
        const { token } = await caller();
        const raw = longOfSize(LONG);
        expect(Buffer.byteLength(raw)).toBe(LONG);
        for (const chunked of [false, true]) {
          const res = await server.request('/api/test/long', { token, headers: { 'Content-Type': 'application/json' }, rawBody: raw, chunked });
          expectSuccess(res);
        }
      });

      it('answers 413 one byte over its cap, declared or chunked', async () => {
        const { token } = await caller();
        for (const chunked of [false, true]) {
          const res = await server.request('/api/test/long', { token, headers: { 'Content-Type': 'application/json' }, rawBody: longOfSize(LONG + 1), chunked });
          expectError(res, 413, 'PAYLOAD_TOO_LARGE');
        }
      });

      it('reads a body over the default cap only after the token: a stranger gets 401, not its body parsed', async () => {
        const res = await server.request('/api/test/long', { headers: { 'Content-Type': 'application/json' }, rawBody: `${longOfSize(LONG).slice(0, -2)}` });
        expectError(res, 401, 'AUTH_REQUIRED');
      });
    });

    it('answers 413 for a chunked body over the limit (no Content-Length), and runs nothing', async () => {
      const { token } = await caller(['mgt_order_write']);
      const key = `big-${uniq()}`;
      const raw = JSON.stringify({ key, value: 'x'.repeat(3 * JSON_BODY_LIMIT) });
      const res = await server.request('/api/test/write', { token, headers: { 'Content-Type': 'application/json' }, rawBody: raw, chunked: true });
      expectError(res, 413, 'PAYLOAD_TOO_LARGE');
      expect(await paramRows(key)).toEqual([]);
    });

    it('answers 413 when the declared Content-Length is over the limit, before reading the body', async () => {
      // Declares 10 MB but sends a few bytes: the answer must come from the header alone.
      const res = await server.request('/api/test/echo', {
        headers: { 'Content-Type': 'application/json', 'Content-Length': 10 * 1024 * 1024 },
        rawBody: '{}',
      });
      expectError(res, 413, 'PAYLOAD_TOO_LARGE');
    });
  });

  describe('errors', () => {
    it('maps a thrown AppError to its status and public message, keeping the log-only message out', async () => {
      const res = await server.post('/api/test/conflict', {});
      expectError(res, 409, 'CONFLICT');
      expect(res.body.error.message).toBe('Already submitted');
      expect(res.text).not.toContain('hunter2');
      expect(res.text).not.toContain('log-only');
    });

    it('answers a thrown plain Error with 500 INTERNAL, a generic message and no internals; the log has them', async () => {
      const res = await server.post('/api/test/crash', {});
      expectError(res, 500, 'INTERNAL');
      expect(res.body.error).toEqual({ code: 'INTERNAL', message: 'Something went wrong' });
      expect(Object.keys(res.body).sort()).toEqual(['error', 'status', 'traceId']);
      for (const leak of ['hunter2', 'secret_table', 'exploded', 'contract.test', '.ts:', '    at ']) expect(res.text).not.toContain(leak);

      const logged = logs.lines.find((l) => l.traceId === res.body.traceId && l.msg === 'unhandled API error');
      expect(logged).toBeDefined();
      expect(JSON.stringify(logged)).toContain('secret_table');
    });
  });

  describe('success and logging', () => {
    it('answers the success envelope with a fresh traceId per call, also in X-Trace-Id', async () => {
      const a = await server.post('/api/test/public', {});
      const b = await server.post('/api/test/public', {});
      expectSuccess(a);
      expectSuccess(b);
      expect(a.body).toEqual({ status: 'success', data: { user: null }, traceId: a.headers['x-trace-id'] });
      expect(a.body.traceId).not.toBe(b.body.traceId);
    });

    it('logs one request line with method, path, status, trace id and user, never the token or the body', async () => {
      const { user, token } = await caller(['mgt_order_write']);
      const key = `log-${uniq()}`;
      const res = await server.post('/api/test/write', { key, value: 'p4ssw0rd-in-body' }, { token });
      expectSuccess(res);
      // The line is written on the response's 'finish', which may land just after the client has read the answer.
      const ofThisCall = () => logs.lines.filter((l) => l.traceId === res.body.traceId && l.msg === 'request');
      for (const deadline = Date.now() + 2_000; ofThisCall().length === 0 && Date.now() < deadline; ) {
        await new Promise((r) => setTimeout(r, 10));
      }
      const lines = ofThisCall();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ method: 'POST', path: '/api/test/write', status: 200, user: user.userAcUuid });
      expect(typeof lines[0]!.ms).toBe('number');
      const all = logs.text();
      expect(all).not.toContain(token);
      expect(all).not.toContain('p4ssw0rd-in-body');
    });
  });

  describe('security headers', () => {
    const expectApiHeaders = (res: TestResponse, hsts: boolean) => {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('private, no-store');
      if (hsts) expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      else expect(res.headers['strict-transport-security']).toBeUndefined();
    };

    it('sends them on every API answer, success or error, without HSTS outside production', async () => {
      const answers = [
        await server.post('/api/test/public', {}),
        await server.post('/api/test/nope', {}),
        await server.request('/api/test/public', { method: 'GET' }),
        await server.post('/api/test/whoami', {}),
        await server.post('/api/test/echo', { name: '' }),
        await server.request('/api/test/echo', { headers: { 'Content-Type': 'application/json' }, rawBody: '{' }),
        await server.request('/api/test/echo', { headers: { 'Content-Type': 'application/json' }, rawBody: 'x'.repeat(JSON_BODY_LIMIT + 1) }),
        await server.post('/api/test/conflict', {}),
        await server.post('/api/test/crash', {}),
        await server.post('/api/test/public', {}, { headers: { 'Sec-Fetch-Site': 'cross-site' } }),
      ];
      expect(answers.map((r) => r.status)).toEqual([200, 404, 405, 401, 400, 400, 413, 409, 500, 403]);
      for (const res of answers) expectApiHeaders(res, false);
    });

    it('adds HSTS in production only to requests that came over https (a TLS socket or a trusted proxy saying so)', async () => {
      const behindProxy = await startTestServer(getHandle(), { routes, config: testConfig({ NODE_ENV: 'production', TRUST_PROXY: '1' }) });
      const direct = await startTestServer(getHandle(), { routes, config: testConfig({ NODE_ENV: 'production' }) });
      const viaHttps = { headers: { 'X-Forwarded-Proto': 'https' } };
      try {
        // Plain http: no HSTS, whatever the answer.
        expectApiHeaders(await behindProxy.post('/api/test/public', {}), false);
        expectApiHeaders(await direct.post('/api/test/public', {}), false);
        // The trusted proxy says the browser used https: every answer carries it, errors and health included.
        expectApiHeaders(await behindProxy.post('/api/test/public', {}, viaHttps), true);
        expectApiHeaders(await behindProxy.post('/api/test/crash', {}, viaHttps), true);
        const health = await behindProxy.request('/healthz', { method: 'GET', ...viaHttps });
        expect(health.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
        // The proxy's own entry is the right-most one; a client's claim to its left does not count.
        expectApiHeaders(await behindProxy.post('/api/test/public', {}, { headers: { 'X-Forwarded-Proto': 'https, http' } }), false);
        expectApiHeaders(await behindProxy.post('/api/test/public', {}, { headers: { 'X-Forwarded-Proto': 'http, https' } }), true);
        // Without TRUST_PROXY the header is the client's own claim: ignored.
        expectApiHeaders(await direct.post('/api/test/public', {}, viaHttps), false);
        expect((await direct.request('/healthz', { method: 'GET', ...viaHttps })).headers['strict-transport-security']).toBeUndefined();
      } finally {
        await behindProxy.close();
        await direct.close();
      }
    });

    it('never adds HSTS outside production, even over https', async () => {
      const dev = await startTestServer(getHandle(), { routes, config: testConfig({ NODE_ENV: 'development', TRUST_PROXY: '1' }) });
      try {
        expectApiHeaders(await dev.post('/api/test/public', {}, { headers: { 'X-Forwarded-Proto': 'https' } }), false);
      } finally {
        await dev.close();
      }
    });

    it('counts a TLS socket of its own as https', () => {
      const req = (encrypted: boolean, proto?: string) =>
        ({ socket: { encrypted }, headers: proto ? { 'x-forwarded-proto': proto } : {} }) as unknown as IncomingMessage;
      expect(isHttpsRequest(req(true), false)).toBe(true);
      expect(isHttpsRequest(req(false), false)).toBe(false);
      expect(isHttpsRequest(req(false, 'https'), false)).toBe(false);
      expect(isHttpsRequest(req(false, 'https'), true)).toBe(true);
      expect(isHttpsRequest(req(false, 'HTTPS'), 1)).toBe(true);
    });
  });

  describe('cross-site requests', () => {
    async function attempt(headers: Record<string, string>, target: TestServer = server) {
      const { token } = await caller(['mgt_order_write']);
      const key = `xs-${uniq()}`;
      const res = await target.post('/api/test/write', { key, value: '1' }, { token, headers });
      return { res, rows: await paramRows(key) };
    }

    const host = () => new URL(server.baseUrl).host;

    it('refuses Sec-Fetch-Site: cross-site with 403 CROSS_SITE, writing nothing', async () => {
      const { res, rows } = await attempt({ 'Sec-Fetch-Site': 'cross-site' });
      expectError(res, 403, 'CROSS_SITE');
      expect(rows).toEqual([]);
    });

    it('refuses an Origin of another host, another port, or "null"', async () => {
      const port = Number(new URL(server.baseUrl).port);
      for (const origin of ['https://evil.example', `http://127.0.0.1:${port + 1}`, `http://localhost:${port}`, 'null', 'not a url']) {
        const { res, rows } = await attempt({ Origin: origin });
        expect({ origin, status: res.status, code: res.body.error?.code }).toEqual({ origin, status: 403, code: 'CROSS_SITE' });
        expect(rows).toEqual([]);
      }
    });

    it('accepts a same-origin request', async () => {
      const { res, rows } = await attempt({ Origin: `http://${host()}`, 'Sec-Fetch-Site': 'same-origin' });
      expectSuccess(res);
      expect(rows).toHaveLength(1);
    });

    it('accepts a request with neither Origin nor Sec-Fetch-Site (curl, server to server)', async () => {
      const { res, rows } = await attempt({});
      expectSuccess(res);
      expect(rows).toHaveLength(1);
    });

    it('refuses a cross-site Sec-Fetch-Site even when the Origin matches', async () => {
      const { res, rows } = await attempt({ Origin: `http://${host()}`, 'Sec-Fetch-Site': 'cross-site' });
      expectError(res, 403, 'CROSS_SITE');
      expect(rows).toEqual([]);
    });

    it('uses X-Forwarded-Host only behind a trusted proxy', async () => {
      const forwarded = { Origin: 'https://portal.example', 'X-Forwarded-Host': 'portal.example' };
      const untrusted = await attempt(forwarded);
      expectError(untrusted.res, 403, 'CROSS_SITE');

      const proxied = await startTestServer(getHandle(), { routes, config: testConfig({ TRUST_PROXY: '1' }) });
      try {
        const trusted = await attempt(forwarded, proxied);
        expectSuccess(trusted.res);
        expect(trusted.rows).toHaveLength(1);
        const spoofed = await attempt({ Origin: 'https://evil.example', 'X-Forwarded-Host': 'portal.example' }, proxied);
        expectError(spoofed.res, 403, 'CROSS_SITE');
      } finally {
        await proxied.close();
      }
    });
  });
});
