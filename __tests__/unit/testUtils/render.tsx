import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { Session } from 'next-auth';
import type { NextRouter } from 'next/router';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import { MemoryRouter, useMemoryRouter } from 'next-router-mock';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import { SESSION_QUERY_KEY, bindSessionClient } from '@/lib/api/session';
import type { PortalSessionFields } from '@/lib/auth/sessionTypes';
import type { FunctionCode } from '@/lib/permissions/codes';
import { theme } from '@/lib/theme/theme';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type TestLocale = 'en' | 'tc';
export type Lang = TestLocale;

type Resources = Record<TestLocale, Record<string, Record<string, unknown>>>;
let resources: Resources | null = null;

/** Every namespace file of public/locales (common, error and each feature's own), read once per test file. */
function loadResources(): Resources {
  if (resources) return resources;
  const root = path.join(process.cwd(), 'public', 'locales');
  const read = (locale: TestLocale) =>
    Object.fromEntries(
      readdirSync(path.join(root, locale))
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(path.join(root, locale, f), 'utf8')) as Record<string, unknown>]),
    );
  resources = { en: read('en'), tc: read('tc') };
  return resources;
}

/** An i18next instance with the real texts of every namespace (common, error and each feature's), in both locales. */
export function createTestI18n(lng: TestLocale = 'en'): I18n {
  const instance = i18next.createInstance();
  const all = loadResources();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: Object.keys(all.en),
    defaultNS: 'common',
    resources: all,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export type TestUser = { userAcUuid?: string; ucpId?: string | null; name?: string; loginId?: string };

/** A signed-in session as the portal's next-auth callbacks build it, holding `functionCodes` for `user.ucpId`. */
export function testSession(functionCodes: readonly FunctionCode[] = ['home'], user: TestUser = {}): Session {
  return sessionWith([...functionCodes], {
    jwtToken: 'test-jwt-token',
    tokenExp: Math.floor(Date.now() / 1000) + 3_600,
    currentUser: { userAcUuid: user.userAcUuid ?? '00000000-0000-4000-8000-0000000000aa', ucpId: user.ucpId === undefined ? 'UCP-TEST' : user.ucpId },
    profile: { loginId: user.loginId ?? 'tester@example.test', name: user.name ?? 'Test User' },
  });
}

/** A translated text, for assertions: `text('tc', 'error:A001')`. */
export function text(lng: TestLocale, key: string): string {
  return createTestI18n(lng).t(key);
}

/**
 * A signed-in browser session as next-auth's `useSession` gives it, with any field overridden (for tests that drive
 * `useSession` themselves: sign-in, route guard, account).
 */
export function sessionWith(codes: string[], overrides: Omit<Partial<PortalSessionFields>, 'profile'> & { profile?: Partial<PortalSessionFields['profile']> } = {}): Session {
  const { profile, ...rest } = overrides;
  return {
    expires: '2099-01-01T00:00:00.000Z',
    user: { name: 'Chan Tai Man', email: 'customer@demo.hk' },
    jwtToken: 'token-1',
    functionList: codes.map((fnCode) => ({ fnCode })),
    currentUser: { userAcUuid: 'u-1', ucpId: 'UCP100001' },
    skipmfa: false,
    tokenExp: 4_102_444_800,
    ...rest,
    profile: {
      loginId: 'customer@demo.hk',
      name: 'Chan Tai Man',
      isProviderStaff: false,
      needsDisclaimer: false,
      customerCount: 1,
      mfaEnabled: false,
      fontSize: 'M',
      preferredLanguage: 'en',
      ...profile,
    },
  } as Session;
}

/** A next/router stand-in: the given fields over harmless defaults; navigation methods are jest mocks. */
export function createTestRouter(overrides: Partial<NextRouter> = {}): NextRouter {
  const router: NextRouter = {
    route: '/',
    pathname: '/',
    query: {},
    asPath: '/',
    basePath: '',
    locale: 'en',
    locales: ['en', 'tc'],
    defaultLocale: 'en',
    isReady: true,
    isFallback: false,
    isPreview: false,
    isLocaleDomain: false,
    push: jest.fn(async () => true),
    replace: jest.fn(async () => true),
    reload: jest.fn(),
    back: jest.fn(),
    forward: jest.fn(),
    prefetch: jest.fn(async () => undefined),
    beforePopState: jest.fn(),
    events: { on: jest.fn(), off: jest.fn(), emit: jest.fn() },
    ...overrides,
  };
  return router;
}

export type ProviderOptions = {
  locale?: TestLocale;
  /** Function codes of the session (default `['home']`); ignored when `session` is given. */
  functionCodes?: readonly FunctionCode[];
  user?: TestUser;
  /** The whole session; `null` renders signed out. */
  session?: Session | null;
  /** Router fields (pathname, query, asPath…); `locale` follows the `locale` option unless set here. */
  router?: Partial<NextRouter>;
  /**
   * A URL ('/my-orders/manage?page=2'): use a stateful in-memory router (next-router-mock) instead of the static
   * one, so push / replace really change `query` and re-render (URL-synced lists). Returned as `memoryRouter`.
   * Takes precedence over `router`.
   */
  route?: string;
  /** The QueryClient (default: a fresh one with retries off, so a failure shows at once). */
  queryClient?: QueryClient;
  /** Extra namespaces for this test only (e.g. a fake feature's texts): `{ widgets: { title: 'Widgets' } }`. */
  namespaces?: Record<string, Record<string, unknown>>;
} & Omit<RenderOptions, 'wrapper' | 'queries'>;

/** A QueryClient for tests: no retries, nothing kept between tests, no garbage-collection timers left behind. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: 0 }, mutations: { retry: false } },
  });
}

/** A wrapper for `renderHook` of a hook that reads the query layer: `renderHook(useX, { wrapper: queryWrapper() })`. */
export function queryWrapper(client: QueryClient = createTestQueryClient()) {
  return function QueryWrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

/** Provides a MemoryRouter through Next's router context, re-rendering on every navigation. */
function MemoryRouterContext({ router, children }: { router: MemoryRouter; children: ReactNode }) {
  const snapshot = useMemoryRouter(router);
  return <RouterContext.Provider value={snapshot as NextRouter}>{children}</RouterContext.Provider>;
}

/**
 * Renders `ui` as the portal's _app would: real translations (en or tc), the MUI theme, the browser session (no
 * network: it is put in the session query, which never goes stale) and a router, provided through Next's own context so
 * `useRouter()` works without jest.mock. Returns the render result plus the router and i18n used.
 *
 * @example
 * const { router } = renderWithProviders(<InboxScreen />, { locale: 'tc', router: { pathname: '/inbox', query: { id } } });
 * const { memoryRouter } = renderWithProviders(<OrdersScreen />, { route: '/my-orders/manage?status=pending' });
 */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { locale = 'en', functionCodes, user, session, router: routerFields, route, queryClient = createTestQueryClient(), namespaces = {}, ...renderOptions } = options;
  const i18n = createTestI18n(locale);
  for (const [ns, texts] of Object.entries(namespaces)) i18n.addResourceBundle(locale, ns, texts, true, true);
  const router = createTestRouter({ locale, ...routerFields });
  const memoryRouter = route === undefined ? null : new MemoryRouter(route);
  if (memoryRouter) {
    memoryRouter.locale = locale;
    memoryRouter.locales = ['en', 'tc'];
    memoryRouter.defaultLocale = 'en';
  }
  const sessionValue = session === undefined ? testSession(functionCodes, user) : session;
  // The browser session is a query of the QueryClient (lib/api/session.ts): given, it is never fetched.
  queryClient.setQueryData(SESSION_QUERY_KEY, sessionValue);
  bindSessionClient(queryClient);
  const RouterProvider = ({ children }: { children: ReactNode }) =>
    memoryRouter ? <MemoryRouterContext router={memoryRouter}>{children}</MemoryRouterContext> : <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <RouterProvider>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <ThemeProvider theme={theme}>{children}</ThemeProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </RouterProvider>
  );
  const result = render(ui, { wrapper: Wrapper, ...renderOptions });
  return { ...result, router, memoryRouter, i18n, session: sessionValue, queryClient };
}

/**
 * Texts on screen that are translation keys, not translations (`paymentSlips.method.fps`, `bills:bills.title`): a
 * key read from the wrong namespace comes back as itself. Looks at text nodes and the accessible-name attributes; a
 * text counts as a key when it is a dotted path whose first part is a namespace or a top-level key of some namespace.
 * `expect(rawTranslationKeys(document.body)).toEqual([])`.
 */
export function rawTranslationKeys(root: HTMLElement = document.body): string[] {
  const all = loadResources();
  const roots = new Set<string>(Object.keys(all.en));
  for (const texts of Object.values(all.en)) for (const k of Object.keys(texts)) roots.add(k);
  const keyLike = /^(?:([A-Za-z-]+):)?([A-Za-z][\w-]*)(?:\.[\w-]+)+$/;
  const isKey = (s: string) => {
    const m = keyLike.exec(s.trim());
    return !!m && (roots.has(m[1] ?? '') || roots.has(m[2] ?? ''));
  };
  const found: string[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent && isKey(n.textContent)) found.push(n.textContent.trim());
  for (const el of root.querySelectorAll('[aria-label],[title],[placeholder],[alt]'))
    for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
      const v = el.getAttribute(a);
      if (v && isKey(v)) found.push(v.trim());
    }
  return found;
}
