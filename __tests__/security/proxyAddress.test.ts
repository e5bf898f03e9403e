/**
 * Issue 9 point 2: behind a proxy, the client address is the X-Forwarded-For entry the trusted proxy appended (the
 * right-most, or TRUST_PROXY_HOPS from the right), never the left-most one, which the client writes itself. The same
 * rule reads X-Forwarded-Host / -Proto. Checked on the functions and end to end on the sign-in throttle.
 */
import type { IncomingMessage } from 'node:http';
import { ConfigError } from '@/lib/server/config';
import { AppError } from '@/lib/server/errors';
import { assertSameSite, clientIp, requestHost, requestProto, trustedForwardedEntry } from '@/lib/server/http';
import { IP_RULE } from '@/lib/server/services/auth/lockout';
import { describeEachDb } from '../api/helpers/testDb';
import { startTestServer, testConfig, type TestServer } from '../api/helpers/testServer';

const fakeReq = (headers: Record<string, string | string[]>, remoteAddress = '10.0.0.2'): IncomingMessage =>
  ({ headers, socket: { remoteAddress } }) as unknown as IncomingMessage;

describe('trustedForwardedEntry: the entry the nearest trusted proxies wrote', () => {
  it.each([
    ['203.0.113.9', 1, '203.0.113.9'],
    ['6.6.6.6, 203.0.113.9', 1, '203.0.113.9'],
    ['6.6.6.6, 7.7.7.7, 203.0.113.9', 1, '203.0.113.9'],
    ['6.6.6.6, 203.0.113.9, 10.0.0.5', 2, '203.0.113.9'],
    ['203.0.113.9, 10.0.0.5', 2, '203.0.113.9'],
    // Fewer entries than trusted hops: the farthest one any trusted proxy saw.
    ['203.0.113.9', 3, '203.0.113.9'],
    [' 6.6.6.6 ,203.0.113.9 ', true, '203.0.113.9'],
  ] as const)('%s with %s hop(s) → %s', (header, hops, expected) => {
    expect(trustedForwardedEntry(header, hops)).toBe(expected);
  });

  it('reads several header lines as one list (the last line is the nearest proxy)', () => {
    expect(trustedForwardedEntry(['6.6.6.6', '203.0.113.9'], 1)).toBe('203.0.113.9');
  });

  it('trusts nothing without a proxy, and nothing from an empty header', () => {
    expect(trustedForwardedEntry('6.6.6.6, 203.0.113.9', 0)).toBeUndefined();
    expect(trustedForwardedEntry('6.6.6.6, 203.0.113.9', false)).toBeUndefined();
    expect(trustedForwardedEntry(' , ', 1)).toBeUndefined();
    expect(trustedForwardedEntry(undefined, 1)).toBeUndefined();
  });
});

describe('clientIp', () => {
  it('is the socket peer when no proxy is trusted, whatever the header says', () => {
    expect(clientIp(fakeReq({ 'x-forwarded-for': '6.6.6.6' }), false)).toBe('10.0.0.2');
    expect(clientIp(fakeReq({ 'x-forwarded-for': '6.6.6.6' }), 0)).toBe('10.0.0.2');
  });

  it('is the right-most entry behind one proxy: a forged left-most entry changes nothing', () => {
    expect(clientIp(fakeReq({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9' }), true)).toBe('203.0.113.9');
    expect(clientIp(fakeReq({ 'x-forwarded-for': '1.2.3.4, 203.0.113.9' }), 1)).toBe('203.0.113.9');
  });

  it('counts the configured hops from the right', () => {
    expect(clientIp(fakeReq({ 'x-forwarded-for': '6.6.6.6, 203.0.113.9, 10.1.1.1' }), 2)).toBe('203.0.113.9');
    expect(clientIp(fakeReq({ 'x-forwarded-for': '2001:db8::1' }), 1)).toBe('2001:db8::1');
  });

  it('falls back to the peer when the trusted entry is not an address', () => {
    expect(clientIp(fakeReq({ 'x-forwarded-for': 'not-an-ip' }), 1)).toBe('10.0.0.2');
    expect(clientIp(fakeReq({}), 1)).toBe('10.0.0.2');
  });
});

describe('forwarded host and proto follow the same rule', () => {
  it('requestHost takes the trusted X-Forwarded-Host entry, not a client-prepended one', () => {
    expect(requestHost(fakeReq({ host: 'internal:3000', 'x-forwarded-host': 'evil.example, portal.example.hk' }), 1)).toBe('portal.example.hk');
    expect(requestHost(fakeReq({ host: 'internal:3000', 'x-forwarded-host': 'evil.example' }), 0)).toBe('internal:3000');
  });

  it('assertSameSite compares the Origin with the trusted host', () => {
    const ok = fakeReq({ host: 'internal:3000', origin: 'https://portal.example.hk', 'x-forwarded-host': 'evil.example, portal.example.hk' });
    expect(() => assertSameSite(ok, 1)).not.toThrow();
    // The client prepends its own host to make a cross-site Origin look same-site: refused.
    const forged = fakeReq({ host: 'internal:3000', origin: 'https://evil.example', 'x-forwarded-host': 'evil.example, portal.example.hk' });
    expect(() => assertSameSite(forged, 1)).toThrow(AppError);
  });

  it('requestProto takes the trusted X-Forwarded-Proto entry', () => {
    expect(requestProto(fakeReq({ 'x-forwarded-proto': 'http, https' }), 1)).toBe('https');
    expect(requestProto(fakeReq({ 'x-forwarded-proto': 'https' }), 0)).toBe('http');
  });
});

describe('TRUST_PROXY_HOPS configuration', () => {
  it('TRUST_PROXY=1 alone is one hop; no proxy is zero', () => {
    expect(testConfig({ TRUST_PROXY: '1' }).trustProxyHops).toBe(1);
    expect(testConfig({}).trustProxyHops).toBe(0);
    expect(testConfig({ TRUST_PROXY: '1', TRUST_PROXY_HOPS: '2' }).trustProxyHops).toBe(2);
  });

  it('refuses hops without TRUST_PROXY, and values out of 1..10', () => {
    expect(() => testConfig({ TRUST_PROXY_HOPS: '2' })).toThrow(ConfigError);
    expect(() => testConfig({ TRUST_PROXY: '1', TRUST_PROXY_HOPS: '0' })).toThrow(ConfigError);
    expect(() => testConfig({ TRUST_PROXY: '1', TRUST_PROXY_HOPS: '11' })).toThrow(ConfigError);
    expect(() => testConfig({ TRUST_PROXY: '1', TRUST_PROXY_HOPS: 'two' })).toThrow(ConfigError);
  });
});

describeEachDb('sign-in throttle behind a proxy', (getHandle) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(getHandle(), { config: testConfig({ TRUST_PROXY: '1' }) });
  });
  afterAll(async () => server?.close());

  it(`a client rotating a forged left-most X-Forwarded-For entry is still throttled after ${IP_RULE.points} failures`, async () => {
    const real = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i <= IP_RULE.points; i += 1) {
      const res = await server.post(
        '/api/login/authenticate',
        { loginId: `nobody-${i}@example.test`, password: 'wrong-password' },
        { headers: { 'X-Forwarded-For': `10.${i}.${i}.${i}, ${real}` } },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, IP_RULE.points).every((s) => s === 401 || s === 423)).toBe(true);
    expect(statuses[IP_RULE.points]).toBe(429);
    // Another real client behind the same proxy is not affected.
    const other = await server.post(
      '/api/login/authenticate',
      { loginId: 'nobody-else@example.test', password: 'wrong-password' },
      { headers: { 'X-Forwarded-For': `${real}, 198.51.100.78` } },
    );
    expect(other.status).toBe(401);
  });
});
