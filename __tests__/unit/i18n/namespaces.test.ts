import { readdirSync } from 'node:fs';
import path from 'node:path';
import nextI18nConfig from '@/next-i18next.config.js';

describe('translation namespaces', () => {
  it('every namespace file is listed in next-i18next.config.js (the server loads only those)', () => {
    const dir = path.join(process.cwd(), 'public', 'locales');
    for (const locale of ['en', 'tc']) {
      const files = readdirSync(path.join(dir, locale))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''));
      expect([...(nextI18nConfig.ns as string[])].sort()).toEqual(expect.arrayContaining(files.sort()));
    }
  });
});
