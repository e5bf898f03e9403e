/**
 * Which links of a help article body count as the portal's and must be one of its pages (articleLinks.ts), and which
 * hrefs the body holds as the help sanitizer parses it (helpLinkTargets).
 */
// eslint-disable-next-line no-restricted-imports -- pure functions with no server dependency
import { deadPortalLinks, isDeadPortalLink } from '@/lib/server/services/support/articleLinks';
// eslint-disable-next-line no-restricted-imports -- pure functions, tested as helpSanitize.test.ts tests the sanitizer
import { helpLinkTargets } from '@/lib/server/sanitize';

const ORIGIN = 'https://portal.example.hk';

describe('article body links', () => {
  it.each([
    '/no-such-page',
    '/login',
    '/tc/contact-us',
    '/contact-us/',
    '/my-orders/manage/[id]',
    'bills',
    '../inbox',
    'www.example.hk',
    '?page=2',
    'https://portal.example.hk/no-such-page',
    'HTTPS://PORTAL.EXAMPLE.HK/nope',
    'http://portal.example.hk:8443/nope',
    '//portal.example.hk/nope',
  ])('%s leads to no page of the portal', (href) => {
    expect(isDeadPortalLink(href, ORIGIN)).toBe(true);
  });

  it.each([
    '/contact-us',
    ' /inbox ',
    '/my-orders/manage/ORD-1',
    '/my-account/manage-my-bills?bill=INV-1#latest',
    'https://portal.example.hk/customer-support/faq',
    'https://portal.example.hk',
    'https://www.example.hk/no-such-page',
    '//cdn.example.hk/x',
    'mailto:help@example.hk',
    'tel:+85221234567',
    'javascript:alert(1)',
    '#top',
    '',
  ])('%s is left to the sanitizer (a page, another site, or a scheme it decides on)', (href) => {
    expect(isDeadPortalLink(href, ORIGIN)).toBe(false);
  });

  it('names each dead link once, as written', () => {
    expect(deadPortalLinks(['/nowhere', ' /nowhere', '/inbox', 'bills'], ORIGIN)).toEqual(['/nowhere', 'bills']);
  });

  it('reads the hrefs as the sanitizer parses the body: entities decoded, a link inside a script not counted', () => {
    expect(helpLinkTargets('<p><a href="/a?x=1&amp;y=2">a</a><a>no href</a><script><a href="/in-script">s</a></script><A HREF=\'bills\'>b</A></p>')).toEqual(['/a?x=1&y=2', 'bills']);
    expect(helpLinkTargets('')).toEqual([]);
  });
});
