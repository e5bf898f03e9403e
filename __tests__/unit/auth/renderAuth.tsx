import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import type { Session } from 'next-auth';
import type { PortalSessionFields } from '@/lib/auth/sessionTypes';
import { theme } from '@/lib/theme/theme';
import enCommon from '@/public/locales/en/common.json';
import enError from '@/public/locales/en/error.json';
import enPage from '@/public/locales/en/page.json';
import tcCommon from '@/public/locales/tc/common.json';
import tcError from '@/public/locales/tc/error.json';
import tcPage from '@/public/locales/tc/page.json';

export type Lang = 'en' | 'tc';

const RESOURCES = {
  en: { common: enCommon, page: enPage, error: enError },
  tc: { common: tcCommon, page: tcPage, error: tcError },
} as const;

/** The real texts of the namespaces the auth screens use, in either locale. */
export function createAuthI18n(lng: Lang = 'en') {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: ['common', 'page', 'error'],
    defaultNS: 'common',
    resources: RESOURCES,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** A translated text, for assertions: `text('tc', 'error:A001')`. */
export function text(lng: Lang, key: string): string {
  return createAuthI18n(lng).t(key);
}

/**
 * Renders an auth component with translations and the portal's theme. next/router and next-auth/react are mocked
 * by each test file (jest.mock is hoisted per file).
 */
export function renderAuth(ui: ReactElement, lng: Lang = 'en') {
  const i18n = createAuthI18n(lng);
  return {
    ...render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>{ui}</ThemeProvider>
      </I18nextProvider>,
    ),
    i18n,
  };
}

/** A signed-in browser session as next-auth's `useSession` gives it. */
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
