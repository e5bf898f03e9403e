import { currentDeepLink, deepLinkHref, deepLinkUcpId, returnToQuery, sanitizeDeepLink, sanitizeReturnTo } from '@/lib/auth/deepLink';

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

describe('returnTo: the page the session ended on (issue 10 minor)', () => {
  it('carries any protected page with its query, and the customer of a user linked to several', () => {
    expect(returnToQuery('/account', 'UCP100001', 1)).toEqual({ returnTo: '/account' });
    expect(returnToQuery('/my-orders/manage?page=2#top', 'UCP100002', 2)).toEqual({ returnTo: '/my-orders/manage?page=2&ucpid=UCP100002' });
    expect(returnToQuery('/tc/inbox?ucpid=UCP100003', 'UCP100002', 2)).toEqual({ returnTo: '/inbox?ucpid=UCP100003' });
    // Sign-in and public pages are not pages to return to.
    expect(returnToQuery('/weblogin?error=A001', 'UCP100001', 1)).toEqual({});
    expect(returnToQuery('/404', 'UCP100001', 1)).toEqual({});
  });

  it('accepts only the portal’s own protected pages', () => {
    expect(sanitizeReturnTo('/account')).toEqual({ path: '/account', params: '' });
    expect(sanitizeReturnTo('/my-orders/manage?page=2&ucpid=UCP100002')).toEqual({ path: '/my-orders/manage', params: 'page=2&ucpid=UCP100002' });
    for (const bad of ['//evil.example/account', 'https://evil.example/', '/\\evil', '/login', '/weblogin', '/no-such-page', '', 42, undefined]) {
      expect(sanitizeReturnTo(bad)).toBeNull();
    }
  });
});
