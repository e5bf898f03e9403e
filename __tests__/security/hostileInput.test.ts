/**
 * Issue 9 points 1, 5, 6, 7, 9, 10: inputs an outside test turned into 500s (or into logged user text). Each is a
 * 4xx now, through the real router on a real database.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { bodySchema } from '@/lib/contract';
import { FUNCTION_CODES } from '@/lib/permissions/codes';
import { defineHandler } from '@/lib/server/api/defineHandler';
import { findNul, zodFields } from '@/lib/server/api/router';
import { createRequestListener } from '@/lib/server/app';
import { signApiToken } from '@/lib/server/auth/token';
import { createLogger } from '@/lib/server/log';
import { authenticate } from '@/lib/server/services/auth';
import { apiRoutes } from '@/lib/server/api/routes';
import { isoDateSchema } from '@/lib/listQuery';
import { captureLog } from '../api/helpers/captureLog';
import { uniq, tokenForStaff } from '../api/helpers/fixtures';
import { describeEachDb } from '../api/helpers/testDb';
import { startTestServer, TEST_SECRETS, testConfig, useTestServer } from '../api/helpers/testServer';
import { multipart } from '../api/bills/billFixtures';

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'] as const;
const customerCodes = FUNCTION_CODES.filter((c) => c !== 'all');

describe('zodFields and findNul (pure)', () => {
  it('names a hostile unknown key as an own property and leaves Object.prototype alone', () => {
    const schema = z.strictObject({ a: z.string().optional() });
    for (const key of HOSTILE_KEYS) {
      const parsed = schema.safeParse(JSON.parse(`{"${key}": 1}`));
      expect(parsed.success).toBe(false);
      const fields = zodFields(parsed.error!);
      expect(Object.keys(fields)).toEqual([key]);
      expect(Object.prototype.hasOwnProperty.call(fields, key)).toBe(true);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('finds a NUL at any depth, in values and keys, without recursion limits', () => {
    expect(findNul({ a: 'ok', b: [1, { c: 'x\u0000y' }] })).toBe('b.1.c');
    expect(findNul({ ['k\u0000']: 1 })).toBe('k\\u0000');
    expect(findNul({ a: 'fine', b: [true, null, 3] })).toBeNull();
    // A lone UTF-16 surrogate (JSON "\ud800") is not valid UTF-8: PostgreSQL cannot store it either.
    expect(findNul({ description: 'x\ud800' })).toBe('description');
    expect(findNul({ a: ['\udc00y'] })).toBe('a.0');
    expect(findNul({ ['k\ud800']: 1 })).toBe('k\\ud800');
    // A well-formed pair (an emoji, a CJK Extension B character) is fine.
    expect(findNul({ a: '😀 𠀋 ok' })).toBeNull();
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 50_000; i += 1) deep = [deep];
    expect(findNul(deep)).toMatch(/^0(\.0)*$/);
  });

  it('isoDateSchema accepts real dates from 1900-01-01 to 2100-12-31 only', () => {
    for (const ok of ['1900-01-01', '2026-11-24', '2100-12-31', '2024-02-29']) expect(isoDateSchema.safeParse(ok).success).toBe(true);
    for (const bad of ['0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31', '2023-02-29', '2026-13-01']) {
      expect(isoDateSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describeEachDb('hostile input through the router', (getHandle) => {
  const server = useTestServer(getHandle);
  let token: string;
  beforeAll(async () => {
    token = await tokenForStaff(getHandle().db, customerCodes);
  });

  const raw = (path: string, body: string, tok?: string) =>
    server.request(path, { token: tok, headers: { 'Content-Type': 'application/json' }, rawBody: body });

  describe('keys named like Object.prototype members (point 1)', () => {
    it.each(HOSTILE_KEYS)('%s as an extra key is 400 VALIDATION naming it, on public and guarded endpoints', async (key) => {
      for (const [path, body, tok] of [
        ['/api/setCookies', `{"${key}":{}}`, undefined],
        ['/api/login/authenticate', `{"loginId":"a@b.c","password":"x","${key}":1}`, undefined],
        ['/api/orders/listOrders', `{"page":1,"filter":{"${key}":1}}`, token],
        ['/api/inbox/getEmailUnreadCount', `{"${key}":1}`, token],
      ] as const) {
        const res = await raw(path, body, tok);
        expect({ path, status: res.status }).toEqual({ path, status: 400 });
        expect(res.body.error.code).toBe('VALIDATION');
        const named = Object.keys(res.body.error.fields as object);
        expect(named.some((k) => k === key || k.endsWith(`.${key}`))).toBe(true);
      }
    });

    it('a multipart field named like a prototype member is 400, not 500', async () => {
      for (const key of HOSTILE_KEYS) {
        const { body, contentType } = multipart([{ name: key, value: 'x' }]);
        const res = await server.request('/api/paymentSlips/uploadSlip', { token, headers: { 'Content-Type': contentType }, rawBody: body });
        expect({ key, status: res.status }).toEqual({ key, status: 400 });
      }
    });
  });

  describe('NUL characters (point 5)', () => {
    it.each([
      ['/api/orders/listOrders', { filter: { q: 'a\u0000b' } }, 'filter.q'],
      ['/api/bills/listBills', { filter: { q: '\u0000' } }, 'filter.q'],
      ['/api/paymentSlips/listForReview', { filter: { q: 'x\u0000' } }, 'filter.q'],
      ['/api/inbox/getEmailListSortByIsReadAndSendTime', { page: 1, pageSize: 10, search: 'x\u0000' }, 'search'],
      ['/api/orders/cancelOrder', { id: '00000000-0000-4000-8000-000000000000', reason: 'no\u0000' }, 'reason'],
      ['/api/paymentSlips/rejectSlip', { id: '00000000-0000-4000-8000-000000000000', reason: 'no\u0000' }, 'reason'],
    ])('%s with a NUL is 400 VALIDATION naming the field', async (path, body, field) => {
      const res = await server.post(path, body, { token });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION');
      expect(res.body.error.fields[field]).toEqual(['ui.validation.controlCharacter']);
    });

    it('authenticate.loginId with a NUL is 400 without signing in (API and the next-auth path)', async () => {
      const res = await server.post('/api/login/authenticate', { loginId: `x${uniq()}\u0000@demo.hk`, password: 'whatever' });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.loginId).toEqual(['ui.validation.controlCharacter']);
      await expect(
        authenticate(getHandle().db, server.config, { loginId: 'a\u0000b', password: 'x', clientIp: '192.0.2.1' }),
      ).rejects.toMatchObject({ code: 'VALIDATION' });
    });

    it('a NUL in a multipart text field is 400', async () => {
      const { body, contentType } = multipart([{ name: 'reference', value: 'ref\u0000' }]);
      const res = await server.request('/api/paymentSlips/uploadSlip', { token, headers: { 'Content-Type': contentType }, rawBody: body });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.reference).toEqual(['ui.validation.controlCharacter']);
    });
  });

  describe('dates out of range (point 6)', () => {
    it.each(['/api/orders/listOrders', '/api/tracking/listShipments', '/api/bills/listBills', '/api/paymentSlips/listForReview'])(
      '%s: filter.dateFrom 0000-01-01 is 400, a real date is 200',
      async (path) => {
        const schemaHasDate = JSON.stringify(z.toJSONSchema(await bodySchema(apiRoutes[path]!.body), { unrepresentable: 'any', io: 'input' })).includes('dateFrom');
        const filter = schemaHasDate ? { dateFrom: '0000-01-01' } : { createdFrom: '0000-01-01' };
        const bad = await server.post(path, { filter }, { token });
        expect(bad.status).toBe(400);
        if (schemaHasDate) {
          expect(bad.body.error.fields['filter.dateFrom']).toBeDefined();
          const good = await server.post(path, { filter: { dateFrom: '2026-01-01' } }, { token });
          expect(good.status).toBe(200);
        }
      },
    );
  });

  describe('token claims (point 9)', () => {
    it('a validly signed token whose subject is not a UUID is 401', async () => {
      for (const claims of [
        { sub: 'not-a-uuid', ucp: null, ver: 0 },
        { sub: "x' or 1=1 --", ucp: null, ver: 0 },
        { sub: '00000000-0000-4000-8000-000000000000', ucp: 'UCP\u0000', ver: 0 },
        { sub: '00000000-0000-4000-8000-000000000000', ucp: null, ver: 1.5 },
      ]) {
        const forged = await signApiToken(claims, TEST_SECRETS.API_TOKEN_SECRET, 600);
        const res = await server.post('/api/user/getLastLoginTime', {}, { token: forged });
        expect({ claims, status: res.status }).toEqual({ claims, status: 401 });
        expect(res.body.error.code).toBe('AUTH_REQUIRED');
      }
    });
  });
});

describeEachDb('what the server logs and answers about a failed query (point 10)', (getHandle) => {
  const secret = `user-typed-${uniq()}`;
  const routes = {
    '/api/test/boom': defineHandler({
      summary: 'a query PostgreSQL refuses, carrying user text as a parameter',
      permission: 'public',
      body: z.strictObject({ text: z.string() }),
      handler: async ({ db, body }) => db.execute(sql`select ${body.text}::int as n`),
    }),
  };

  it('logs the statement and the SQLSTATE, never the parameters; answers a generic 500', async () => {
    const captured = captureLog();
    const server = await startTestServer(getHandle(), { routes, log: captured.log });
    try {
      const res = await server.post('/api/test/boom', { text: secret });
      expect(res.status).toBe(500);
      expect(res.text).not.toContain(secret);
      expect(res.text).not.toMatch(/select|::int|at .*\.ts/i);
      const line = captured.lines.find((l) => l.msg === 'unhandled API error');
      expect(line).toBeDefined();
      const text = captured.text();
      expect(text).not.toContain(secret);
      expect(JSON.stringify(line)).toContain('select $1::int');
      expect((line!.err as { code?: string }).code).toBe('22P02');
    } finally {
      await server.close();
    }
  });
});

describe('next-auth query parameters (point 7)', () => {
  async function withListener(run: (base: string, seen: string[]) => Promise<void>) {
    const seen: string[] = [];
    const listener = createRequestListener({
      config: testConfig(),
      log: createLogger('silent'),
      dbHandle: { kind: 'pglite', db: {} as never, ping: async () => undefined, close: async () => undefined } as never,
      routes: {},
      pages: (req, res) => {
        seen.push(req.url ?? '');
        res.statusCode = 302;
        res.end();
      },
    });
    const srv = http.createServer(listener);
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      await run(`http://127.0.0.1:${(srv.address() as AddressInfo).port}`, seen);
    } finally {
      srv.closeAllConnections();
      await new Promise<void>((r) => srv.close(() => r()));
    }
  }

  it('a control character in a query parameter of /api/auth/* is 400 and never reaches next-auth', async () => {
    await withListener(async (base, seen) => {
      for (const q of ['error=x%0A', 'error=x%0D%0ASet-Cookie:%20a=b', 'callbackUrl=%2F%00', 'error=%E0%A4%A']) {
        const res = await fetch(`${base}/api/auth/error?${q}`, { redirect: 'manual' });
        expect({ q, status: res.status }).toEqual({ q, status: 400 });
      }
      expect(seen).toEqual([]);
      const ok = await fetch(`${base}/api/auth/error?error=Configuration`, { redirect: 'manual' });
      expect(ok.status).toBe(302);
      expect(seen).toEqual(['/api/auth/error?error=Configuration']);
    });
  });
});
