import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/lib/theme/theme';
import enCommon from '@/public/locales/en/common.json';
import enError from '@/public/locales/en/error.json';
import enPage from '@/public/locales/en/page.json';
import tcCommon from '@/public/locales/tc/common.json';
import tcError from '@/public/locales/tc/error.json';
import tcPage from '@/public/locales/tc/page.json';

/**
 * The account screen's render helper: the real texts of the three namespaces every page loads (spec §1), in either
 * locale, and the portal's theme. next/router and next-auth/react are mocked by each test file (jest.mock is hoisted
 * per file).
 */
export function createAccountI18n(lng: 'en' | 'tc' = 'en') {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: ['common', 'page', 'error'],
    defaultNS: 'common',
    resources: {
      en: { common: enCommon, page: enPage, error: enError },
      tc: { common: tcCommon, page: tcPage, error: tcError },
    },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function renderAccount(ui: ReactElement, lng: 'en' | 'tc' = 'en') {
  const i18n = createAccountI18n(lng);
  return {
    ...render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>{ui}</ThemeProvider>
      </I18nextProvider>,
    ),
    i18n,
  };
}
