import { currentDeepLink, deepLinkHref, deepLinkUcpId, sanitizeDeepLink } from '@/lib/auth/deepLink';

describe('sanitizeDeepLink', () => {
  it.each([
    'https://evil.example/inbox',
    '//evil.example/inbox',
    '/\\evil.example/inbox',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example/inbox',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    'javascript:alert(1)',
    '/javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' /inbox',
    '/inbox\n',
    '/inbox/../admin-controls',
    '/login',
    '/my-orders/manage',
    '/%E0%A4%A',
    '',
    42,
    null,
    '/' + 'a'.repeat(5000),
  ])('refuses %p', (raw) => {
    expect(sanitizeDeepLink(raw, 'ucpid=C1')).toBeNull();
  });

  it('accepts the portal’s own deep-linkable pages, with or without a locale prefix', () => {
    expect(sanitizeDeepLink('/inbox', 'ucpid=C100')).toEqual({ path: '/inbox', params: 'ucpid=C100' });
    expect(sanitizeDeepLink('/tc/my-orders/manage/ORD-2026-0001', '?ucpid=C100&tab=items')).toEqual({
      path: '/my-orders/manage/ORD-2026-0001',
      params: 'ucpid=C100&tab=items',
    });
  });

  it('re-serialises params so they can only be a query string', () => {
    const link = sanitizeDeepLink('/inbox', 'ucpid=a#b&x=<script>');
    expect(link && deepLinkHref(link)).toBe('/inbox?ucpid=a%23b&x=%3Cscript%3E');
    expect(deepLinkUcpId(link)).toBe('a#b');
  });

  it('reads the deep link of the current page', () => {
    expect(currentDeepLink('/tc/my-account/manage-my-bills?ucpid=C1')).toEqual({ path: '/my-account/manage-my-bills', params: 'ucpid=C1' });
    expect(currentDeepLink('/account?ucpid=C1')).toBeNull();
  });
});
