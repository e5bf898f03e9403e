/**
 * verifyApiToken remembers tokens it verified (issue 15: jose's WebCrypto verify was the largest cost of a call once
 * the identity was cached). What it remembers must never outlive what a fresh verify would accept.
 */
import { signApiToken, verifyApiToken } from '@/lib/server/auth/token';

const SECRET = 'token-cache-secret-0123456789abcdef0123456';
const OTHER = 'token-cache-other-secret-0123456789abcdef0';
const claims = { sub: '0b6f3c1e-7a51-4a7e-9a36-2f0f8c9b1d11', ucp: 'UCP-1', ver: 3 };

describe('verifyApiToken with remembered verdicts', () => {
  afterEach(() => jest.useRealTimers());

  it('answers the same claims the second time, and refuses the token once it expired', async () => {
    const token = await signApiToken(claims, SECRET, 60);
    const first = await verifyApiToken(token, SECRET);
    expect(first).toMatchObject(claims);
    expect(await verifyApiToken(token, SECRET)).toEqual(first);
    jest.useFakeTimers({ now: (first.exp + 1) * 1000, doNotFake: ['nextTick', 'setImmediate'] });
    await expect(verifyApiToken(token, SECRET)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  });

  it('does not accept a token remembered under one secret when another secret is configured', async () => {
    const token = await signApiToken(claims, SECRET, 60);
    await verifyApiToken(token, SECRET);
    await expect(verifyApiToken(token, OTHER)).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    expect(await verifyApiToken(token, SECRET)).toMatchObject(claims);
  });

  it('never remembers a refused token: a tampered signature stays refused', async () => {
    const token = await signApiToken(claims, SECRET, 60);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(verifyApiToken(tampered, SECRET)).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
    await expect(verifyApiToken(tampered, SECRET)).rejects.toMatchObject({ code: 'AUTH_REQUIRED' });
  });
});
