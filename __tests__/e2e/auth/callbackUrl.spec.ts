/**
 * next-auth's own routes (served by Next, not our router): a hostile or malformed callbackUrl never becomes a 500 or
 * a redirect off the portal (DESIGN.md known traps). Plain HTTP: no browser needed.
 */
import { baseUrl } from '../helpers/browser';

const HOSTILE = [
  '//evil.example',
  'https://evil.example/x',
  '/\\evil.example',
  '/%5C%5Cevil.example',
  'javascript:alert(1)',
  '%',
  'http://%zz',
  `/${'a'.repeat(5000)}`,
];

describe('next-auth callbackUrl', () => {
  const cases = HOSTILE.map((c) => [c.length > 40 ? `${c.slice(0, 12)}… (${c.length} chars)` : c, c] as const);
  it.each(cases)('signin with callbackUrl %p stays on the portal', async (_label, callbackUrl) => {
    const res = await fetch(`${baseUrl()}/api/auth/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, { redirect: 'manual' });
    expect(res.status).toBeLessThan(500);
    const location = res.headers.get('location');
    if (location) expect(new URL(location, baseUrl()).origin).toBe(new URL(baseUrl()).origin);
  });

  it('ignores an off-site callback-url cookie', async () => {
    const res = await fetch(`${baseUrl()}/api/auth/signin`, {
      redirect: 'manual',
      headers: { Cookie: 'next-auth.callback-url=https%3A%2F%2Fevil.example' },
    });
    expect(res.status).toBeLessThan(500);
    const location = res.headers.get('location') ?? '';
    expect(location).not.toContain('evil.example');
  });
});
