import http from 'node:http';
import { z } from 'zod';
import { defineHandler, defineUploadHandler } from '@/lib/server/api/defineHandler';
import type { ApiRoutes } from '@/lib/server/api/router';
import { MB } from '@/lib/upload/sniff';
import { msg } from '@/lib/zodMessages';
import { createMember, tokenFor } from '../helpers/fixtures';
import { describeEachDb } from '../helpers/testDb';
import { startTestServer, type TestResponse, type TestServer } from '../helpers/testServer';
import { multipart, pngBytes, type Part } from '../bills/billFixtures';

/** The router's upload extension on a test-only route table (defineUploadHandler, lib/server/uploads). */
let cap = 4096;
let handled = 0;
const routes: ApiRoutes = {
  '/api/test/upload': defineUploadHandler({
    summary: 'echo an upload',
    permission: { anyOf: ['payslip_upload_write'] },
    body: z.strictObject({ note: z.string().max(10), tags: z.array(z.string()).optional() }),
    upload: { fileField: 'file', accept: ['image/png', 'application/pdf'], maxBytes: async () => cap },
    handler: async ({ body, file, principal }) => {
      handled += 1;
      return { body, user: principal.userAcUuid, file: { fileName: file.fileName, mimeType: file.mimeType, sizeBytes: file.sizeBytes, sha256: file.sha256 } };
    },
  }),
  '/api/test/json': defineHandler({
    summary: 'a JSON endpoint',
    permission: { anyOf: ['payslip_upload_write'] },
    body: z.object({}).passthrough(),
    handler: async () => ({ ok: true }),
  }),
};

function send(server: TestServer, path: string, parts: Part[], opts: { token?: string; chunked?: boolean } = {}): Promise<TestResponse> {
  const { body, contentType } = multipart(parts);
  return server.request(path, { token: opts.token, headers: { 'Content-Type': contentType }, rawBody: body, chunked: opts.chunked });
}

const png = (content = pngBytes(), fileName = 'slip.png'): Part => ({ name: 'file', fileName, contentType: 'image/png', content });

describeEachDb('router: multipart uploads', (getHandle) => {
  let server: TestServer;
  let token: string;
  let userId: string;
  let noWrite: string;
  beforeAll(async () => {
    server = await startTestServer(getHandle(), { routes });
    const m = await createMember(getHandle().db, ['payslip_upload_write']);
    userId = m.user.userAcUuid;
    token = await tokenFor(m.user, m.customer.ucpId);
    const r = await createMember(getHandle().db, ['payslip_upload_read']);
    noWrite = await tokenFor(r.user, r.customer.ucpId);
  });
  beforeEach(() => {
    cap = 4096;
    handled = 0;
  });
  afterAll(async () => server?.close());

  it('streams the form: text fields validated by the zod schema (repeated names become arrays), the file checked by content', async () => {
    const content = pngBytes();
    const res = await send(server, '/api/test/upload', [
      { name: 'note', value: '付款 ok' },
      { name: 'tags', value: 'a' },
      { name: 'tags', value: 'b' },
      png(content, '入數紙.png'),
    ], { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      body: { note: '付款 ok', tags: ['a', 'b'] },
      user: userId,
      file: { fileName: '入數紙.png', mimeType: 'image/png', sizeBytes: content.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });

  it('authenticates and checks the permission before reading the body (401 / 403, handler never runs)', async () => {
    const parts = [{ name: 'note', value: 'x' }, png()];
    expect((await send(server, '/api/test/upload', parts)).status).toBe(401);
    const forbidden = await send(server, '/api/test/upload', parts, { token: noWrite });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('FORBIDDEN');
    expect(handled).toBe(0);
  });

  it('refuses a file over the cap while streaming (413), also without Content-Length, also far over it', async () => {
    for (const chunked of [false, true]) {
      const res = await send(server, '/api/test/upload', [{ name: 'note', value: 'x' }, png(Buffer.concat([pngBytes(), Buffer.alloc(cap)]))], { token, chunked });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    // Declared far over the cap: refused before reading.
    const huge = await send(server, '/api/test/upload', [{ name: 'note', value: 'x' }, png(Buffer.alloc(2 * 1024 * 1024, 1))], { token });
    expect(huge.status).toBe(413);
    expect(handled).toBe(0);
  });

  it('names the limit on the file field of a 413, in MB, while streaming and before reading', async () => {
    cap = 1.5 * MB;
    const over = Buffer.concat([pngBytes(), Buffer.alloc(cap)]);
    for (const chunked of [false, true]) {
      const res = await send(server, '/api/test/upload', [{ name: 'note', value: 'x' }, png(over)], { token, chunked });
      expect(res.status).toBe(413);
      expect(res.body.error.fields).toEqual({ file: [msg('ui.upload.tooLarge', { size: 1.5 })] });
    }
    cap = 2 * MB;
    const huge = await send(server, '/api/test/upload', [{ name: 'note', value: 'x' }, png(Buffer.alloc(3 * MB, 1))], { token });
    expect(huge.status).toBe(413);
    expect(huge.body.error.fields).toEqual({ file: [msg('ui.upload.tooLarge', { size: 2 })] });
    expect(handled).toBe(0);
  });

  it('is exempt from the 100 kB JSON cap on upload routes only', async () => {
    cap = 300 * 1024;
    const big = Buffer.concat([pngBytes().subarray(0, 33), Buffer.alloc(200 * 1024)]);
    // A PNG header followed by 200 kB of zeros: the size passes, the content check answers.
    const res = await send(server, '/api/test/upload', [{ name: 'note', value: 'x' }, png(big)], { token });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('FILE_CORRUPT');
    const json = await send(server, '/api/test/json', [{ name: 'note', value: 'x' }, png(big)], { token });
    expect(json.status).toBe(413);
  });

  it('refuses a JSON body on an upload route (415) and a malformed or incomplete form (400)', async () => {
    const asJson = await server.post('/api/test/upload', { note: 'x' }, { token });
    expect(asJson.status).toBe(415);
    const noBoundary = await server.request('/api/test/upload', { token, headers: { 'Content-Type': 'multipart/form-data' }, rawBody: 'x' });
    expect(noBoundary.status).toBe(400);
    const cut = multipart([{ name: 'note', value: 'x' }, png()]);
    const truncated = await server.request('/api/test/upload', { token, headers: { 'Content-Type': cut.contentType }, rawBody: cut.body.subarray(0, cut.body.length - 60) });
    expect(truncated.status).toBe(400);
    expect(handled).toBe(0);
  });

  it('refuses a missing file, a second file, a file under another name, invalid fields (400)', async () => {
    const missing = await send(server, '/api/test/upload', [{ name: 'note', value: 'x' }], { token });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ file: ['ui.validation.required'] });
    expect((await send(server, '/api/test/upload', [{ name: 'note', value: 'x' }, png(), png()], { token })).status).toBe(400);
    expect((await send(server, '/api/test/upload', [{ name: 'note', value: 'x' }, { ...png(), name: 'other' }], { token })).status).toBe(400);
    const invalid = await send(server, '/api/test/upload', [{ name: 'note', value: 'far too long a note' }, { name: 'extra', value: '1' }, png()], { token });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error.fields).sort()).toEqual(['extra', 'note']);
    expect(handled).toBe(0);
  });

  it('lets the client read the 413 while it is still sending a large body', async () => {
    cap = 1024;
    const { body, contentType } = multipart([{ name: 'note', value: 'x' }, png(Buffer.alloc(512 * 1024, 3))]);
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL('/api/test/upload', server.baseUrl);
      const req = http.request(url, { method: 'POST', agent: false, headers: { 'Content-Type': contentType, Authorization: `Bearer ${token}` } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      // Chunked and slow-ish: the server must answer from the stream, not after a Content-Length pre-check.
      for (let i = 0; i < body.length; i += 64 * 1024) req.write(body.subarray(i, i + 64 * 1024));
      req.end();
    });
    expect(status).toBe(413);
  });
});
