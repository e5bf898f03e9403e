import { pathTo, withLocale } from '@/lib/paths';
import { findRoute } from '@/lib/permissions/routes';

describe('pathTo', () => {
  it('builds the URL of a page of the route table, with its id encoded and a query', () => {
    expect(pathTo('/my-orders/manage')).toBe('/my-orders/manage');
    expect(pathTo('/my-orders/manage/[id]', { id: 'a b/c' })).toBe('/my-orders/manage/a%20b%2Fc');
    expect(pathTo('/my-account/manage-my-bills', undefined, { bill: 'x', empty: '', none: undefined, status: ['a', 'b'] })).toBe(
      '/my-account/manage-my-bills?bill=x&status=a&status=b',
    );
  });

  it('every URL it builds is found by the guard as the same page', () => {
    expect(findRoute(pathTo('/admin-controls/payment-slip-review/[id]', { id: '123' }))?.path).toBe('/admin-controls/payment-slip-review/[id]');
    expect(findRoute(pathTo('/my-orders/track/[id]', { id: 'x' }))?.path).toBe('/my-orders/track/[id]');
  });

  it('refuses, at compile time, a path that is not a page', () => {
    // @ts-expect-error: not a page of the route table
    expect(pathTo('/my-orders/nowhere')).toBe('/my-orders/nowhere');
    // @ts-expect-error: a dynamic page needs its id
    expect(pathTo('/my-orders/manage/[id]')).toBe('/my-orders/manage/[id]');
  });
});

describe('withLocale', () => {
  it('prefixes a path opened outside the router with the locale, except the default one', () => {
    expect(withLocale('/my-orders/manage/1', 'tc', 'en')).toBe('/tc/my-orders/manage/1');
    expect(withLocale('/', 'tc', 'en')).toBe('/tc');
    expect(withLocale('/my-orders/manage/1', 'en', 'en')).toBe('/my-orders/manage/1');
    expect(withLocale('/inbox', undefined, undefined)).toBe('/inbox');
  });
});

describe('links in the screens', () => {
  // Imported lazily: node's fs in a jsdom test file (the unit project's environment).
  const { readdirSync, readFileSync, statSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
  const path = jest.requireActual<typeof import('node:path')>('node:path');
  const root = path.join(__dirname, '../../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return name === 'api' ? [] : sources(full);
      return /\.[jt]sx?$/.test(name) ? [full] : [];
    });

  /**
   * A page path written as a link target by hand: `href="/x"`, `href = { '/x' }`, `` href={`/x/${id}`} ``,
   * `push('/x')`, `replace( '/x')`, `pathname: '/x'`, `window.open('/x')`. (Lists of pages declare `href: '/x'` typed as
   * `RoutePath` and link through `pathTo`: the compiler checks those.)
   */
  const LITERAL_LINK = /(?:\bhref\s*=\s*\{?\s*|\.(?:push|replace|open)\(\s*|\bpathname\s*:\s*)["'`]\//;

  it('are built by pathTo from the route table (issue 8 item 5), never written as a literal path', () => {
    const offenders = [...sources(path.join(root, 'components')), ...sources(path.join(root, 'pages'))].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${path.relative(root, file)}:${i + 1}` }))
        .filter(({ line }) => LITERAL_LINK.test(line) && !line.includes('favicon'))
        .map(({ at, line }) => `${at}  ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
