import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/lib/theme/theme';
import enCommon from '@/public/locales/en/common.json';
import tcCommon from '@/public/locales/tc/common.json';

/** The real `common` texts in both locales, so tests find what users read. */
export function createTestI18n(lng: 'en' | 'tc' = 'en') {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: enCommon }, tc: { common: tcCommon } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function renderWithI18n(ui: ReactElement, lng: 'en' | 'tc' = 'en') {
  const i18n = createTestI18n(lng);
  const wrap = (node: ReactElement) => (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>{node}</ThemeProvider>
    </I18nextProvider>
  );
  const result = render(wrap(ui));
  return { ...result, i18n, rerender: (next: ReactElement) => result.rerender(wrap(next)) };
}
