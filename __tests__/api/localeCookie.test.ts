/**
 * The remembered language (issue 10 item 3, spec §9): an unprefixed page URL opened by a browser whose NEXT_LOCALE
 * cookie says `tc` is redirected to the `/tc` page with its query; nothing else is touched.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DbHandle } from '@/lib/server/db/types';
import { startTestServer, type TestServer } from './helpers/testServer';

const noDb = {} as DbHandle;
let server: TestServer;
const served: string[] = [];

beforeAll(async () => {
  const pages = (req: IncomingMessage, res: ServerResponse) => {
    served.push(req.url ?? '');
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end('<!DOCTYPE html><html><head></head><body>page</body></html>');
  };
  server = await startTestServer(noDb, { routes: {}, pages });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  served.length = 0;
});

const get = (path: string, cookie?: string) => server.request(path, { method: 'GET', headers: cookie ? { Cookie: cookie } : {} });

describe('NEXT_LOCALE=tc on an unprefixed page URL', () => {
  it.each([
    ['/', '/tc'],
    ['/inbox', '/tc/inbox'],
    ['/inbox?ucpid=UCP100001&id=42', '/tc/inbox?ucpid=UCP100001&id=42'],
    ['/my-orders/manage/abc', '/tc/my-orders/manage/abc'],
  ])('%s → 307 %s, Next not asked', async (path, location) => {
    const res = await get(path, 'colorMode=dark; NEXT_LOCALE=tc; fontSize=L');
    expect(res.status).toBe(307);
    expect(res.headers.location).toBe(location);
    expect(served).toEqual([]);
  });
});

describe('left to Next', () => {
  it.each([
    ['/inbox', undefined],
    ['/inbox', 'NEXT_LOCALE=en'],
    ['/inbox', 'NEXT_LOCALE=xx'],
    ['/tc/inbox', 'NEXT_LOCALE=tc'],
    ['/en/inbox', 'NEXT_LOCALE=tc'],
    ['/favicon.svg', 'NEXT_LOCALE=tc'],
    ['/locales/tc/common.json', 'NEXT_LOCALE=tc'],
    ['/_next/static/chunks/a.js', 'NEXT_LOCALE=tc'],
  ])('%s with cookie %s is served as asked', async (path, cookie) => {
    const res = await get(path, cookie);
    expect(res.status).toBe(200);
    expect(served).toEqual([path]);
  });

  it('a POST is never redirected', async () => {
    const res = await server.request('/inbox', { method: 'POST', headers: { Cookie: 'NEXT_LOCALE=tc' }, rawBody: '' });
    expect(res.status).not.toBe(307);
  });
});
