import sanitizeHtml, { type IOptions } from 'sanitize-html';
import { cutWhole } from '@/lib/zodText';

/**
 * The one rich-text sanitizer (inbox bodies today; any other staff-written HTML later). It is an allow-list: every
 * tag, attribute and URL not named here is dropped. Used on write (what is stored is already clean) and again on read
 * (a row written by any other path, or by an older, looser version of these rules, still renders safely).
 *
 * The client renders the result with `dangerouslySetInnerHTML`, so this function is the whole defence: keep it
 * strict, and extend the hostile-input list in __tests__/unit/inbox/sanitize.test.ts with every change.
 */

/** Text structure, emphasis, lists, links, two heading levels (the screen's own title is h2), simple tables. */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'ul',
  'ol',
  'li',
  'a',
  'h3',
  'h4',
  'blockquote',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
] as const;

/**
 * Tags dropped together with everything inside them (the default keeps the text of a dropped tag, which for these
 * would be code, markup or form controls rather than prose).
 */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'select',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'template',
  'title',
  'head',
  'xmp',
  'plaintext',
];

// C0 controls, DEL, unusual white space and backslashes: browsers silently strip tabs and new lines inside URLs
// ("java\tscript:") and read "\" as "/" ("/\evil.example"), so a URL holding any is refused rather than normalised.
// A plain space inside is harmless (no scheme can contain one) and is percent-encoded by URL below.
const UNSAFE_URL_CHARS = /[\u0000-\u001f\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/;
const ABSOLUTE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

export type SafeHref = { href: string; isExternal: boolean };

/**
 * A link target the portal accepts: http, https or mailto, or a path of the portal itself ("/bills", "/inbox?id=…":
 * one leading slash; "//host" and "/\host" would leave the site). Anything else (javascript:, data:, vbscript:,
 * relative paths, fragments, URLs with control characters or backslashes) gives null.
 */
export function safeHref(raw: string | undefined): SafeHref | null {
  if (!raw) return null;
  const value = raw.trim();
  if (value === '' || value.length > 2048 || UNSAFE_URL_CHARS.test(value)) return null;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return null;
    return { href: value, isExternal: false };
  }
  // An absolute URL must name its scheme itself: no scheme means a relative path, which is refused above.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !ABSOLUTE_SCHEMES.has(`${scheme}:`)) return null;
  // Web links in their usual form only ("https:host" and "http:/host" also parse, but nobody writes them honestly).
  if (scheme !== 'mailto' && !/^https?:\/\/[^/]/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!ABSOLUTE_SCHEMES.has(url.protocol)) return null;
  if (url.protocol === 'mailto:') return { href: url.href, isExternal: false };
  if (!url.hostname) return null;
  return { href: url.href, isExternal: true };
}

/** Table cells may span; anything but a small number is dropped. */
const SPAN = /^[1-9]\d?$/;

const OPTIONS: IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // Our own check (safeHref) decides about links; these settings are the library's second line of defence.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  allowedClasses: {},
  allowedStyles: {},
  allowVulnerableTags: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => {
      const link = safeHref(attribs.href);
      const safe: Record<string, string> = {};
      if (link) safe.href = link.href;
      // External links open in a new tab without giving it a handle on the portal's window.
      if (link?.isExternal) Object.assign(safe, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs: safe };
    },
    th: (tagName, attribs) => ({ tagName, attribs: spans(attribs, ['col', 'row', 'colgroup', 'rowgroup']) }),
    td: (tagName, attribs) => ({ tagName, attribs: spans(attribs, []) }),
  },
};

function spans(attribs: Record<string, string>, scopes: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (attribs.colspan && SPAN.test(attribs.colspan)) out.colspan = attribs.colspan;
  if (attribs.rowspan && SPAN.test(attribs.rowspan)) out.rowspan = attribs.rowspan;
  if (attribs.scope && scopes.includes(attribs.scope)) out.scope = attribs.scope;
  return out;
}

/** Cleans rich-text HTML: only the allowed tags, no styles, classes or handlers, safe links only. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text written into HTML (a message body, an e-mail): the five characters HTML gives meaning, escaped. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A tag of any kind: `<p>`, `</b>`, `<br/>`, `<script …>`. Text such as "a < b" or "<3" is not one. */
const ANY_TAG = /<\/?[a-z][^>]*>/i;

/**
 * A body as staff typed it: with any tag it is HTML and only sanitized; without one it is plain text, and its blank
 * lines become paragraphs and its single line breaks `<br>` (typed into the form's text box without tags, they used to
 * collapse into one run-on paragraph in the inbox). The text is escaped first, so nothing in it becomes markup.
 */
export function richTextFromInput(text: string | null | undefined): string {
  if (!text || ANY_TAG.test(text)) return sanitizeRichText(text);
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[^\S\n]*\n\s*/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/[^\S\n]*\n[^\S\n]*/g, '<br />')}</p>`);
  return sanitizeRichText(paragraphs.join(''));
}

/** What `richTextFromInput` makes of plain text: paragraphs of escaped text and `<br />`, nothing else. */
const FROM_PLAIN = /^<p>[^<>]*(?:<br \/>[^<>]*)*<\/p>(?:<p>[^<>]*(?:<br \/>[^<>]*)*<\/p>)*$/;

/**
 * The text to put back in the edit form for a stored body: the plain text a body typed without tags was converted
 * from (paragraphs separated by a blank line, line breaks kept), so staff edit what they wrote and not `<p>` tags;
 * any other body (written as HTML) as it is stored. Only a body that converts back exactly to `html` is turned into
 * text, so saving the form unchanged stores the same HTML.
 */
export function richTextInputOf(html: string | null | undefined): string {
  const clean = sanitizeRichText(html);
  if (!FROM_PLAIN.test(clean)) return clean;
  const text = clean
    .slice('<p>'.length, -'</p>'.length)
    .split('</p><p>')
    .map((p) => p.split('<br />').join('\n').replace(/&(?:lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e] ?? e))
    .join('\n\n');
  return richTextFromInput(text) === clean ? text : clean;
}

const BLOCK_TAG = /<\/?(?:p|br|li|ul|ol|h3|h4|blockquote|table|caption|thead|tbody|tfoot|tr|th|td)\b[^>]*>/g;
const ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/**
 * Plain text of rich-text HTML (list previews), white space collapsed, cut to `maxLength` characters with an
 * ellipsis. It reads the sanitizer's output, in which `<` and `>` only ever delimit tags, so stripping tags there is
 * exact; the sanitizer escapes only the five characters decoded here.
 */
export function richTextToPlain(html: string | null | undefined, maxLength = 140): string {
  const clean = sanitizeRichText(html);
  const text = clean
    // Block boundaries become spaces; inline tags (<strong>, <a>…) vanish, so "<b>2027</b>." stays "2027.".
    .replace(BLOCK_TAG, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= maxLength) return text;
  // Cut at a word boundary when one is near (English); Chinese has none, so cut at the limit.
  // Never half a character (cutWhole): a preview of a subject with 𨋢 at the cut showed a broken glyph.
  const cut = cutWhole(text, maxLength - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxLength * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Help articles and FAQ answers (docs/support.md): the rich-text rules plus images. An image must be one of the
 * portal's own help illustrations (`/help/<name>.svg|png|jpg|webp`) or an image staff uploaded (`/help-images/<uuid>`): no other host (tracking pixels, mixed content,
 * the CSP's img-src) and no data: URL. `alt` is kept (and capped), sizes only as small numbers.
 */
const HELP_IMAGE_SRC = /^\/help\/[a-z0-9][a-z0-9-]{0,80}\.(?:svg|png|jpe?g|webp)$/;
/** An image staff uploaded (lib/server/services/support/images.ts), served by lib/server/helpImageRoutes.ts. */
const UPLOADED_HELP_IMAGE_SRC = /^\/help-images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const IMAGE_SIZE = /^[1-9]\d{0,3}$/;
const HELP_OPTIONS: IOptions = {
  ...OPTIONS,
  allowedTags: [...RICH_TEXT_TAGS, 'img', 'figure', 'figcaption'],
  allowedAttributes: { ...(OPTIONS.allowedAttributes as Record<string, string[]>), img: ['src', 'alt', 'width', 'height'] },
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    ...OPTIONS.transformTags,
    img: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.src && (HELP_IMAGE_SRC.test(attribs.src) || UPLOADED_HELP_IMAGE_SRC.test(attribs.src))) out.src = attribs.src;
      out.alt = (attribs.alt ?? '').slice(0, 300);
      if (attribs.width && IMAGE_SIZE.test(attribs.width)) out.width = attribs.width;
      if (attribs.height && IMAGE_SIZE.test(attribs.height)) out.height = attribs.height;
      return { tagName, attribs: out };
    },
  },
};

/** Cleans a help article body or FAQ answer: `sanitizeRichText`'s rules plus the portal's own help images. */
export function sanitizeHelpHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, HELP_OPTIONS).trim();
}

/**
 * The `href` of every link in help HTML as written (before `safeHref`), for the checks the sanitizer cannot make (a
 * portal path must be a page: lib/server/services/support/articleLinks.ts). Parsed as the help sanitizer parses it,
 * so a link the sanitizer drops with its surroundings (inside a <script>) is not counted.
 */
export function helpLinkTargets(html: string | null | undefined): string[] {
  if (!html) return [];
  const hrefs: string[] = [];
  const keep = HELP_OPTIONS.transformTags!.a as (tagName: string, attribs: sanitizeHtml.Attributes) => sanitizeHtml.Tag;
  sanitizeHtml(html, {
    ...HELP_OPTIONS,
    transformTags: {
      ...HELP_OPTIONS.transformTags,
      a: (tagName, attribs) => {
        if (attribs.href !== undefined) hrefs.push(attribs.href);
        return keep(tagName, attribs);
      },
    },
  });
  return hrefs;
}

/** Plain text of help HTML for search (no length cap, images' alt text dropped, white space collapsed). */
export function helpHtmlToText(html: string | null | undefined): string {
  return richTextToPlain(sanitizeHelpHtml(html).replace(/<img\b[^>]*>/g, ' '), 1_000_000);
}

/**
 * A help body (or FAQ answer) in both languages as it is stored: each sanitized (`en`, `zh`), with the plain text
 * search reads beside it (`textEn`, `textZh`).
 */
export function helpHtmlPair(en: string, zh: string): { en: string; zh: string; textEn: string; textZh: string } {
  const htmlEn = sanitizeHelpHtml(en);
  const htmlZh = sanitizeHelpHtml(zh);
  return { en: htmlEn, zh: htmlZh, textEn: helpHtmlToText(htmlEn), textZh: helpHtmlToText(htmlZh) };
}
