import { describeEachDb } from '../helpers/testDb';
import { startTestServer, testConfig, type TestServer, useTestServer } from '../helpers/testServer';

const PATH = '/api/setCookies';

describeEachDb('POST /api/setCookies', (getHandle) => {
  const server = useTestServer(getHandle);
  let prod: TestServer;
  beforeAll(async () => {
    prod = await startTestServer(getHandle(), { config: testConfig({ NODE_ENV: 'production' }) });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('sets the allowed cookies with safe attributes, readable by the first-paint script (not HttpOnly)', async () => {
    const res = await server.post(PATH, { colorMode: 'dark', fontSize: 'L', NEXT_LOCALE: 'tc' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ set: ['colorMode', 'fontSize', 'NEXT_LOCALE'] });
    const cookies = res.headers['set-cookie']!;
    expect(cookies).toEqual([
      'colorMode=dark; Path=/; Max-Age=31536000; SameSite=Lax',
      'fontSize=L; Path=/; Max-Age=31536000; SameSite=Lax',
      'NEXT_LOCALE=tc; Path=/; Max-Age=31536000; SameSite=Lax',
    ]);
    for (const c of cookies) expect(c).not.toMatch(/HttpOnly/i);
  });

  it('adds Secure in production', async () => {
    const res = await prod.post(PATH, { colorMode: 'light' });
    expect(res.headers['set-cookie']).toEqual(['colorMode=light; Path=/; Max-Age=31536000; SameSite=Lax; Secure']);
  });

  it('refuses any other cookie or value with 400 and sets nothing', async () => {
    for (const body of [
      { session: 'x' },
      { colorMode: 'blue' },
      { fontSize: 'XL' },
      { NEXT_LOCALE: 'fr' },
      { colorMode: 'dark; Domain=evil.example' },
      { colorMode: 'dark', 'next-auth.session-token': 'x' },
      {},
      [],
      'dark',
    ]) {
      const res = await server.post(PATH, body);
      expect(res.status).toBe(400);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a cross-site request', async () => {
    const res = await server.post(PATH, { colorMode: 'dark' }, { headers: { 'Sec-Fetch-Site': 'cross-site' } });
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
