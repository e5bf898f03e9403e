import { z } from 'zod';
import { defineHandler } from '@/lib/server/api/defineHandler';
import { contentDisposition, fileResponse, isFileResponse } from '@/lib/server/api/fileResponse';
import type { ApiRoutes } from '@/lib/server/api/router';
import { AppError } from '@/lib/server/errors';
import { createMember, tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { startTestServer, type TestServer } from '../helpers/testServer';

/** The router's file extension, on a test-only route table (lib/server/api/fileResponse.ts). */
const routes: ApiRoutes = {
  '/api/test/file': defineHandler({
    summary: 'a file',
    permission: { anyOf: ['mgt_bills_read'] },
    body: z.strictObject({ name: z.string() }),
    handler: async ({ body }) => fileResponse({ fileName: body.name, contentType: 'text/plain; charset=utf-8', body: Buffer.from('帳單 bill\n') }),
  }),
  '/api/test/fileFails': defineHandler({
    summary: 'a file that is not there',
    permission: { anyOf: ['mgt_bills_read'] },
    body: z.strictObject({}),
    handler: async () => {
      throw new AppError('NOT_FOUND');
    },
  }),
  '/api/test/lookalike': defineHandler({
    summary: 'JSON that looks like a file response',
    permission: 'public',
    body: z.strictObject({}),
    handler: async () => ({ fileName: 'x.pdf', contentType: 'application/pdf', body: 'not a file' }),
  }),
};

describe('contentDisposition (RFC 6266 / 8187)', () => {
  it('keeps an ASCII name as is in both parameters', () => {
    expect(contentDisposition('bill-INV-1.pdf')).toBe(`attachment; filename="bill-INV-1.pdf"; filename*=UTF-8''bill-INV-1.pdf`);
  });
  it('percent-encodes Unicode and gives old clients an ASCII fallback', () => {
    expect(contentDisposition('帳單 (10).pdf')).toBe(`attachment; filename="__ (10).pdf"; filename*=UTF-8''%E5%B8%B3%E5%96%AE%20%2810%29.pdf`);
  });
  it('never lets quotes, backslashes, slashes or line breaks into the header', () => {
    const header = contentDisposition('a"b\\c/d\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="a_b_c_d__Set-Cookie: x=1.pdf"; filename*=UTF-8''a_b_c_d__Set-Cookie%3A%20x%3D1.pdf`);
    expect(contentDisposition('')).toContain('filename="download"');
  });
  it('tags file responses so a JSON answer with the same fields is not one', () => {
    expect(isFileResponse(fileResponse({ fileName: 'a', contentType: 'b', body: Buffer.alloc(1) }))).toBe(true);
    expect(isFileResponse({ fileName: 'a', contentType: 'b', body: Buffer.alloc(1) })).toBe(false);
    expect(isFileResponse(null)).toBe(false);
  });
});

describeEachDb('router: file responses', (getHandle) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer(getHandle(), { routes });
    const m = await createMember(getHandle().db, ['mgt_bills_read']);
    token = await tokenFor(m.user, m.customer.ucpId);
  });
  afterAll(async () => server?.close());

  it('sends the bytes as an attachment with type, length, private no-store caching, nosniff and the trace id', async () => {
    const res = await server.post('/api/test/file', { name: '結單 2026.txt' }, { token });
    expect(res.status).toBe(200);
    expect(res.text).toBe('帳單 bill\n');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength('帳單 bill\n'));
    expect(res.headers['content-disposition']).toBe(`attachment; filename="__ 2026.txt"; filename*=UTF-8''%E7%B5%90%E5%96%AE%202026.txt`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-trace-id']).toEqual(expect.any(String));
  });

  it('keeps every other step of the router: 401 without a token, 400 on a bad body, errors as JSON envelopes', async () => {
    expect((await server.post('/api/test/file', { name: 'a' })).status).toBe(401);
    const bad = await server.post('/api/test/file', { name: 1 }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION');
    const missing = await server.post('/api/test/fileFails', {}, { token });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.headers['content-disposition']).toBeUndefined();
    expect(missing.body).toEqual({ status: 'error', error: { code: 'NOT_FOUND', message: expect.any(String) }, traceId: expect.any(String) });
  });

  it('answers a plain object with file-like fields as JSON', async () => {
    const res = await server.post('/api/test/lookalike', {});
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ fileName: 'x.pdf', contentType: 'application/pdf', body: 'not a file' });
  });
});
