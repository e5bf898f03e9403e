/**
 * Help articles' sanitizer (images allowed only from /help/) and the search helpers (docs/support.md). Runs with a
 * DOM parser so the output is checked as a browser would build it.
 */
// eslint-disable-next-line no-restricted-imports -- pure functions with no server dependency, tested where a DOM parser exists
import { helpHtmlToText, sanitizeHelpHtml } from '@/lib/server/sanitize';
// eslint-disable-next-line no-restricted-imports -- pure functions
import { matchedLang, searchTerms, snippetOf } from '@/lib/server/services/support/search';

const ALLOWED = new Set(['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'img', 'figure', 'figcaption']);
const ATTRS: Record<string, string[]> = { a: ['href', 'target', 'rel'], th: ['colspan', 'rowspan', 'scope'], td: ['colspan', 'rowspan'], img: ['src', 'alt', 'width', 'height'] };

function elements(html: string): Element[] {
  const doc = new DOMParser().parseFromString(`<!doctype html><body><div id="r">${html}</div></body>`, 'text/html');
  return Array.from(doc.getElementById('r')!.querySelectorAll('*'));
}

const HOSTILE = [
  '<img src="https://evil.example/pixel.png">',
  '<img src="//evil.example/x.svg">',
  '<img src="data:image/svg+xml;base64,PHN2Zz48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+">',
  '<img src="/help/../api/auth/signout.svg">',
  '<img src="/help/x.svg" onerror="alert(1)" style="width:9999px">',
  '<img src="javascript:alert(1)">',
  '<img srcset="https://evil.example/a.png 1x" src="/help/a.svg">',
  '<figure onclick="alert(1)"><img src="/help/a.svg" alt="x" width="99999"></figure>',
  '<svg><image href="https://evil.example/x.png"/></svg>',
  '<picture><source srcset="https://evil.example/a.png"><img src="/help/a.svg"></picture>',
  '<a href="javascript:alert(1)"><img src="/help/a.svg"></a>',
  '<script>alert(1)</script><style>*{}</style>',
];

describe('sanitizeHelpHtml', () => {
  it.each(HOSTILE)('leaves only allowed tags, attributes and /help/ images: %s', (input) => {
    for (const el of elements(sanitizeHelpHtml(input))) {
      const tag = el.tagName.toLowerCase();
      expect([tag, ALLOWED.has(tag)]).toEqual([tag, true]);
      for (const attr of Array.from(el.attributes)) expect([tag, attr.name, (ATTRS[tag] ?? []).includes(attr.name)]).toEqual([tag, attr.name, true]);
      if (tag === 'img') {
        expect(el.getAttribute('src')).toMatch(/^\/help\/[a-z0-9-]+\.(svg|png|jpe?g|webp)$/);
        expect(Number(el.getAttribute('width') ?? 1)).toBeLessThan(10_000);
      }
      if (tag === 'a' && el.hasAttribute('href')) expect(el.getAttribute('href')).not.toMatch(/^javascript:/i);
    }
  });

  it('keeps a help illustration with its alt text and size, and drops an image without a usable source', () => {
    expect(sanitizeHelpHtml('<figure><img src="/help/meter-counter.svg" alt="Counter" width="480" height="260"><figcaption>Cap</figcaption></figure>')).toBe(
      '<figure><img src="/help/meter-counter.svg" alt="Counter" width="480" height="260" /><figcaption>Cap</figcaption></figure>',
    );
    expect(sanitizeHelpHtml('<p>a</p><img src="https://evil.example/x.png">')).toBe('<p>a</p>');
  });

  it('gives the plain text of a body without markup or image text', () => {
    expect(helpHtmlToText('<h3>Step</h3><p>Press <strong>Scan</strong>.</p><img src="/help/a.svg" alt="picture"><ul><li>A &amp; B</li></ul>')).toBe('Step Press Scan. A & B');
  });
});

describe('search helpers', () => {
  it('splits a query into distinct lower-case words, drops words inside longer ones, caps them', () => {
    expect(searchTerms('  Toner  toner ORDER ')).toEqual(['toner', 'order']);
    expect(searchTerms('碳粉，訂購')).toEqual(['碳粉', '訂購']);
    expect(searchTerms('ＦＰＳ payment')).toEqual(['fps', 'payment']);
    expect(searchTerms('bill billing')).toEqual(['billing']);
    expect(searchTerms('a b c d e f g h')).toHaveLength(6);
  });

  it('shows a hit in the reader’s language when a word matched there, else in the other', () => {
    expect(matchedLang('en', { en: ['Ordering toner'], tc: ['訂購碳粉'] }, ['toner'])).toBe('en');
    expect(matchedLang('en', { en: ['Ordering toner'], tc: ['訂購碳粉'] }, ['碳粉'])).toBe('tc');
    expect(matchedLang('tc', { en: ['x'], tc: ['y'] }, ['z'])).toBe('tc');
  });

  it('cuts a snippet around the first match with ellipses', () => {
    const text = `${'lorem '.repeat(60)}the payment slip must be readable ${'ipsum '.repeat(60)}`;
    const s = snippetOf(text, ['payment']);
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('payment slip');
    expect(s.length).toBeLessThanOrEqual(182);
    expect(snippetOf('short text', ['x'])).toBe('short text');
  });

  it('never cuts a snippet inside a character outside the BMP (𨋢, CJK extension B)', () => {
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    for (let pad = 0; pad < 4; pad += 1) {
      // An odd number of BMP characters around the word, so that the snippet's start and end fall inside pairs.
      const text = `${'x'.repeat(pad)}${'𨋢'.repeat(150)}的維修服${'𨋢'.repeat(150)}`;
      const s = snippetOf(text, ['維修']);
      expect(s).toContain('的維修服');
      expect(lone.test(s)).toBe(false);
    }
  });
});
