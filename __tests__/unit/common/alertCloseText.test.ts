import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * A closable MUI Alert labels its close button (aria-label and the title shown on hover) with `closeText`, whose
 * default is the English "Close": QA (tc) found it on every closable notice of the Chinese site. Each one passes
 * `closeText={t('common:close')}`.
 */
const ROOT = process.cwd();
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : full.endsWith('.tsx') ? [full] : [];
  });

/** The opening tag of each `<Alert …>` (braces counted, so `() => …` inside an attribute does not end it). */
function alertTags(source: string): string[] {
  const tags: string[] = [];
  for (const m of source.matchAll(/<Alert\b/g)) {
    let depth = 0;
    let i = m.index + 6;
    for (; i < source.length; i++) {
      const ch = source[i];
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
      else if (ch === '>' && depth === 0) break;
    }
    tags.push(source.slice(m.index, i + 1));
  }
  return tags;
}

describe('closable alerts', () => {
  it('the scanner reads a tag with an arrow function in it', () => {
    expect(alertTags('<Alert onClose={() => x()} closeText={t("c")}>hi</Alert>')).toEqual(['<Alert onClose={() => x()} closeText={t("c")}>']);
  });

  it('every Alert with onClose names its close button in the page’s language (closeText)', () => {
    const offenders = files(join(ROOT, 'components')).flatMap((f) =>
      alertTags(readFileSync(f, 'utf8'))
        .filter((tag) => /\bonClose=/.test(tag) && !/\bcloseText=/.test(tag))
        .map(() => relative(ROOT, f)),
    );
    expect(offenders).toEqual([]);
  });
});
