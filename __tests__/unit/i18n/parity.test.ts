import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ERROR_STATUS, errorKey } from '@/lib/errors';
import { NAV_SECTIONS } from '@/lib/navigation';

/**
 * Both languages (issue 4, spec §1): every namespace of public/locales/en has the same keys in tc, the same
 * interpolation placeholders, consistent plural forms, no empty texts and real Chinese in tc; and every translation key
 * the source names literally exists.
 */

const ROOT = path.resolve(__dirname, '../../..');
const LOCALES_DIR = path.join(ROOT, 'public', 'locales');
const LOCALES = ['en', 'tc'] as const;
type Locale = (typeof LOCALES)[number];

/** Leaf values by dotted key ('nav.home'), as i18next resolves them (keySeparator '.'). */
type Flat = Map<string, unknown>;

function flatten(value: unknown, prefix: string, out: Flat): Flat {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const jsonFiles = (locale: Locale) =>
  readdirSync(path.join(LOCALES_DIR, locale))
    .filter((f) => f.endsWith('.json'))
    .sort();

const NAMESPACES = [...new Set([...jsonFiles('en'), ...jsonFiles('tc')])].map((f) => f.replace(/\.json$/, ''));

const load = (locale: Locale, ns: string): Flat => {
  const file = path.join(LOCALES_DIR, locale, `${ns}.json`);
  return flatten(JSON.parse(readFileSync(file, 'utf8')) as unknown, '', new Map());
};

const texts: Record<Locale, Record<string, Flat>> = {
  en: Object.fromEntries(NAMESPACES.map((ns) => [ns, load('en', ns)])),
  tc: Object.fromEntries(NAMESPACES.map((ns) => [ns, load('tc', ns)])),
};

/** `{{name}}`, `{{- name}}` (unescaped) and `{{count, number}}` (formatted) all name the variable `name` / `count`. */
function placeholders(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const names = [...value.matchAll(/\{\{\s*-?\s*([^,}\s]+)[^}]*\}\}/g)].map((m) => m[1]!);
  const nested = [...value.matchAll(/\$t\(([^,)]+)/g)].map((m) => `$t(${m[1]!.trim()})`);
  return [...new Set([...names, ...nested])].sort();
}

const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;

/**
 * The only tc texts that may hold no Chinese: names that are the same in both languages. A text with no letters at all
 * (a dash, or only placeholders and punctuation such as '{{item}}：{{message}}') is language-neutral and needs no entry.
 */
const NOT_TRANSLATED_ALLOWED = new Set([
  'common:language.en', // 'English' is written in English in every language switch
  'common:siteContent.social.facebook',
  'common:siteContent.social.instagram',
  'common:siteContent.social.linkedIn',
  'common:siteContent.mobileApps.platform.android',
  'common:siteContent.quickLinks.rChoice.title', // brand
  'siteContentAdmin:fields.rChoiceLink', // brand
  'siteContentAdmin:platform.ios', // product names: iPhone (App Store)
  'siteContentAdmin:platform.android', // Android (Google Play)
]);

const HAN = /\p{Script=Han}/u;
const LETTER = /\p{L}/u;

describe('locale files', () => {
  it('has the same namespace files in en and tc', () => {
    expect(jsonFiles('tc')).toEqual(jsonFiles('en'));
    expect(NAMESPACES).toEqual(expect.arrayContaining(['common', 'error']));
    // The old all-screens `page` namespace is gone: every screen loads its feature's own (docs/i18n.md).
    expect(NAMESPACES).not.toContain('page');
  });

  it.each(NAMESPACES)('%s: en and tc have the same keys', (ns) => {
    const en = [...texts.en[ns]!.keys()];
    const tc = [...texts.tc[ns]!.keys()];
    const tcSet = new Set(tc);
    const enSet = new Set(en);
    // Named in the failure message: `missingInTc: ['nav.home', …]`.
    expect({ missingInTc: en.filter((k) => !tcSet.has(k)), missingInEn: tc.filter((k) => !enSet.has(k)) }).toEqual({ missingInTc: [], missingInEn: [] });
  });

  it.each(NAMESPACES)('%s: every text is a non-empty string in both languages', (ns) => {
    const offenders = LOCALES.flatMap((locale) =>
      [...texts[locale][ns]!].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k, v]) => `${locale}/${ns}:${k} = ${JSON.stringify(v)}`),
    );
    expect(offenders).toEqual([]);
  });

  it.each(NAMESPACES)('%s: each en/tc pair uses the same interpolation placeholders', (ns) => {
    const offenders: string[] = [];
    for (const [key, enValue] of texts.en[ns]!) {
      if (!texts.tc[ns]!.has(key)) continue; // reported by the key-set test
      const en = placeholders(enValue);
      const tc = placeholders(texts.tc[ns]!.get(key));
      if (en.join() !== tc.join()) offenders.push(`${ns}:${key} en {${en.join(', ')}} tc {${tc.join(', ')}}`);
    }
    expect(offenders).toEqual([]);
  });

  it.each(NAMESPACES)('%s: plural keys come as _one / _other pairs', (ns) => {
    const offenders: string[] = [];
    for (const locale of LOCALES) {
      const keys = new Set(texts[locale][ns]!.keys());
      const bases = new Set([...keys].map((k) => PLURAL.exec(k)?.[1]).filter((b): b is string => b !== undefined));
      for (const base of bases) {
        for (const form of ['one', 'other']) if (!keys.has(`${base}_${form}`)) offenders.push(`${locale}/${ns}:${base}_${form} missing`);
        // A plain key beside its plural forms would shadow them for t(base) without `count`.
        if (keys.has(base)) offenders.push(`${locale}/${ns}:${base} exists beside its plural forms`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it.each(NAMESPACES)('%s: tc texts are Chinese (except the brand and proper names allowed)', (ns) => {
    const offenders: string[] = [];
    for (const [key, value] of texts.tc[ns]!) {
      if (typeof value !== 'string' || NOT_TRANSLATED_ALLOWED.has(`${ns}:${key}`)) continue;
      const words = value.replace(/\{\{[^}]*\}\}/g, '').replace(/\$t\([^)]*\)/g, '').replace(/<\/?\w+[^>]*>/g, '');
      if (LETTER.test(words) && !HAN.test(words)) offenders.push(`${ns}:${key} = ${JSON.stringify(value)}`);
    }
    expect(offenders).toEqual([]);
  });

  it('keeps the allow-list honest: every allowed key exists and is still written without Chinese', () => {
    const stale = [...NOT_TRANSLATED_ALLOWED].filter((id) => {
      const [ns, key] = id.split(/:(.*)/s) as [string, string];
      const value = texts.tc[ns]?.get(key);
      return typeof value !== 'string' || HAN.test(value);
    });
    expect(stale).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Keys used in the source
// ---------------------------------------------------------------------------------------------------------------

/**
 * A deliberately simple scanner (regular expressions, no TypeScript parser). What it checks:
 *  1. every string literal anywhere in the source that looks like `'ns:key.path'` (ns one of the locale namespaces) —
 *     this covers `t('auth:login.title')`, `labelKey: 'common:…'` and tables of keys such as LoginForm's code map;
 *  2. `t('key')` / `t("key")` / `` t(`key`) `` (no `${}`) and `t(cond ? 'a' : 'b')` without a namespace prefix, resolved
 *     against the first namespace of the file's `useTranslation(…)` calls (react-i18next's `t` looks only in the first
 *     namespace of the list). A file with several `useTranslation` calls of different first namespaces accepts the
 *     key in any of them.
 * Limits: keys built at run time (`` t(`status.${s}`) ``, `t(errorKey(code))`, `t(item.labelKey)`) and `t` received
 * as a parameter in a file without `useTranslation` are not checked here (the error catalogue and the navigation are
 * checked explicitly below); a `t` that is not react-i18next's would be checked by mistake — none exists today;
 * comments are blanked first with a naive rule (see stripComments), so a string holding ' //' would lose its tail.
 * A key passes when it names a string, or is the base of plural forms (`inbox.unread` → `inbox.unread_other`).
 */
const SOURCE_DIRS = ['components', 'pages', 'lib', 'layouts', 'store'];

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

type KeyUse = { file: string; line: number; ns: string[]; key: string };

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

/**
 * Blanks comments (keeping line numbers) so examples in doc comments are not taken for uses. Line comments are taken
 * to start at `//` after whitespace or at the start of a line, so `'https://…'` in a string survives.
 */
const stripComments = (source: string): string =>
  source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/(^|\s)\/\/.*$/gm, '$1');

const scan = (file: string): KeyUse[] => scanSource(readFileSync(file, 'utf8'), path.relative(ROOT, file));

function scanSource(text: string, rel: string): KeyUse[] {
  const source = stripComments(text);
  const uses: KeyUse[] = [];
  const nsAlternatives = NAMESPACES.join('|');

  // 0. A detail screen's key prefix (components/common/DetailScreen.tsx: detailHeader / detailTexts): the keys they read.
  const prefixArgs = new Set<number>();
  const detail = new RegExp(`\\b(detailHeader|detailTexts)\\(\\s*t\\s*,\\s*(['"])(${nsAlternatives}):([\\w.-]+)\\2`, 'g');
  for (const m of source.matchAll(detail)) {
    prefixArgs.add(m.index + m[0].lastIndexOf(m[2]!, m[0].length - 2));
    const suffixes = ['title', 'titleLoading', 'back', ...(m[1] === 'detailTexts' ? ['notFoundTitle', 'notFoundBody'] : [])];
    for (const suffix of suffixes) uses.push({ file: rel, line: lineOf(source, m.index), ns: [m[3]!], key: `${m[4]!}.${suffix}` });
  }
  // …and the same prefix given to <RouteDetailScreen prefix="…"> (detailTexts) or <DetailPage prefix="…"> (detailHeader).
  const detailTag = new RegExp(`<(RouteDetailScreen|DetailPage)\\b[^>]*?\\bprefix=(["'])(${nsAlternatives}):([\\w.-]+)\\2`, 'g');
  for (const m of source.matchAll(detailTag)) {
    prefixArgs.add(m.index + m[0].lastIndexOf(m[2]!, m[0].length - 2));
    const suffixes = ['title', 'titleLoading', 'back', ...(m[1] === 'RouteDetailScreen' ? ['notFoundTitle', 'notFoundBody'] : [])];
    for (const suffix of suffixes) uses.push({ file: rel, line: lineOf(source, m.index), ns: [m[3]!], key: `${m[4]!}.${suffix}` });
  }

  // 1. 'ns:key' literals anywhere (but a detail prefix of 0.).
  const prefixed = new RegExp(`(['"\`])(${nsAlternatives}):([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_])\\1`, 'g');
  for (const m of source.matchAll(prefixed)) {
    if (!prefixArgs.has(m.index)) uses.push({ file: rel, line: lineOf(source, m.index), ns: [m[2]!], key: m[3]! });
  }

  // 2. Unprefixed literal keys of t(…), against the file's default namespace(s).
  const defaults = new Set<string>();
  for (const m of source.matchAll(/useTranslation\(\s*(?:(['"])([\w-]+)\1|\[\s*(['"])([\w-]+)\3[^\]]*\])?\s*[,)]/g)) {
    defaults.add(m[2] ?? m[4] ?? 'common'); // no argument: next-i18next.config.js defaultNS
  }
  if (defaults.size === 0) return uses;
  const candidates: string[] = [];
  const literal = /(?<![\w$.])t\(\s*(['"`])([^'"`$\n\\]+)\1\s*[,)]/g;
  for (const m of source.matchAll(literal)) candidates.push(`${m.index}\u0000${m[2]!}`);
  const ternary = /(?<![\w$.])t\(\s*[\w.!?&|\s]+\?\s*(['"])([^'"\n]+)\1\s*:\s*(['"])([^'"\n]+)\3\s*[,)]/g;
  for (const m of source.matchAll(ternary)) candidates.push(`${m.index}\u0000${m[2]!}`, `${m.index}\u0000${m[4]!}`);
  for (const c of candidates) {
    const [index, key] = c.split('\u0000') as [string, string];
    if (new RegExp(`^(${nsAlternatives}):`).test(key)) continue; // covered by 1.
    uses.push({ file: rel, line: lineOf(source, Number(index)), ns: [...defaults], key });
  }
  return uses;
}

const enHas = (ns: string, key: string): boolean => {
  const flat = texts.en[ns];
  if (!flat) return false;
  return typeof flat.get(key) === 'string' || typeof flat.get(`${key}_other`) === 'string';
};

describe('translation keys used in the source', () => {
  const files = SOURCE_DIRS.flatMap((d) => sourceFiles(path.join(ROOT, d)));
  const uses = files.flatMap(scan);

  it('finds the source and a meaningful number of keys (the scanner still works)', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(uses.length).toBeGreaterThan(100);
    // Spot checks of both forms.
    expect(uses).toEqual(expect.arrayContaining([expect.objectContaining({ file: path.join('components', 'shell', 'Header.tsx'), key: 'nav.open', ns: ['common'] })]));
    expect(uses.some((u) => u.ns.length === 1 && u.ns[0] === 'orders' && u.key.includes('.'))).toBe(true);
  });

  it('scanner: recognises the forms it documents, and ignores comments and run-time keys', () => {
    const sample = [
      "import { useTranslation } from 'next-i18next/pages';",
      '// t(\'page:in.a.comment\')',
      '/* labelKey: \'common:in.a.block\' */',
      "const { t } = useTranslation(['page', 'common']);",
      "const a = t('home.title');",
      'const b = t(`inbox.title`, { count: 2 });',
      "const c = t(flag ? 'orders.empty' : 'orders.emptyFiltered');",
      "const d = t('common:nav.home');",
      "const e = { labelKey: 'error:INTERNAL' };",
      'const f = t(`status.${s}`);',
      "const g = i18n.t('not.react.t');",
      "const h = fetch('https://example.test/page:x');",
    ].join('\n');
    const found = scanSource(sample, 'sample.tsx').map((u) => `${u.line} ${u.ns.join('|')}:${u.key}`);
    expect(found.sort()).toEqual(['5 page:home.title', '6 page:inbox.title', '7 page:orders.empty', '7 page:orders.emptyFiltered', '8 common:nav.home', '9 error:INTERNAL'].sort());
    // A detail screen's key prefix stands for the keys detailHeader / detailTexts read.
    expect(scanSource("detailTexts(t, 'orders:detail', null, '/')", 'x.tsx').map((u) => `${u.ns.join('|')}:${u.key}`).sort()).toEqual(
      ['orders:detail.back', 'orders:detail.notFoundBody', 'orders:detail.notFoundTitle', 'orders:detail.title', 'orders:detail.titleLoading'],
    );
    expect(scanSource("detailHeader(t, 'orders:detail', v, '/')", 'x.tsx').map((u) => u.key).sort()).toEqual(['detail.back', 'detail.title', 'detail.titleLoading']);
    expect(scanSource('<RouteDetailScreen endpoint={E} prefix="orders:detail" values={v}>', 'x.tsx').map((u) => u.key).sort()).toEqual(
      ['detail.back', 'detail.notFoundBody', 'detail.notFoundTitle', 'detail.title', 'detail.titleLoading'],
    );
    expect(scanSource('<DetailPage\n  prefix="orders:noSuchDetail"\n  values={v}>', 'x.tsx').map((u) => u.key).sort()).toEqual(['noSuchDetail.back', 'noSuchDetail.title', 'noSuchDetail.titleLoading']);
    // A file without useTranslation: only prefixed keys are checked.
    expect(scanSource("t('nav.home'); t('common:nav.open')", 'x.ts').map((u) => u.key)).toEqual(['nav.open']);
    // …and a missing key is reported.
    expect(scanSource("useTranslation('common'); t('nav.noSuchEntry')", 'x.ts').filter((u) => !u.ns.some((ns) => enHas(ns, u.key)))).toHaveLength(1);
  });

  it('every literal key exists in en (file:line listed for each missing one)', () => {
    const missing = uses.filter((u) => !u.ns.some((ns) => enHas(ns, u.key))).map((u) => `${u.file}:${u.line} ${u.ns.join('|')}:${u.key}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has a text for every error code of lib/errors (t(errorKey(code)) and `error:${code}`), in both languages', () => {
    const codes = Object.keys(ERROR_STATUS);
    const missing = codes.flatMap((code) => LOCALES.filter((l) => typeof texts[l].error?.get(code) !== 'string').map((l) => `${l}/error:${code}`));
    expect(missing).toEqual([]);
    // errorKey's fallback for unknown codes must itself resolve.
    const [ns, key] = errorKey('NO_SUCH_CODE').split(':') as [string, string];
    expect(enHas(ns, key)).toBe(true);
  });

  it('has a text for every navigation entry (the header translates NAV_SECTIONS with the common namespace)', () => {
    const keys = NAV_SECTIONS.flatMap((s) => [s.labelKey, ...s.items.map((i) => i.labelKey)]);
    expect(keys.filter((k) => !enHas('common', k))).toEqual([]);
  });
});
