import type { ReactElement, ReactNode } from 'react';
import Cookies from 'js-cookie';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { MODE_STORAGE_KEY, cookieStorageManager } from '@/lib/theme/cookieStorage';
import { COLOR_SCHEME_ATTRIBUTE, FONT_SIZE_ATTRIBUTE } from '@/lib/theme/preferences';
import { theme } from '@/lib/theme/theme';
import { createTestI18n, type TestLocale } from '../testUtils/render';

/**
 * The theme exactly as pages/_app.tsx provides it: colour mode kept by the cookie storage manager, CssBaseline with
 * the root font-size rules. renderWithProviders' plain ThemeProvider uses MUI's default (localStorage) storage, and an
 * inner provider would only borrow the outer one's mode, so colour-mode tests render with this instead.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} defaultMode="light" modeStorageKey={MODE_STORAGE_KEY} storageManager={cookieStorageManager} disableTransitionOnChange>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

/** `ui` with real translations and the app's theme (no session or router: the theme controls need neither). */
export function renderWithAppTheme(ui: ReactElement, locale: TestLocale = 'en') {
  const i18n = createTestI18n(locale);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <AppThemeProvider>{ui}</AppThemeProvider>
    </I18nextProvider>,
  );
  return { ...result, i18n };
}

/** Cookies and root attributes outlive a test in jsdom: each theme test starts from none. */
export function clearThemeState(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
  document.documentElement.removeAttribute(COLOR_SCHEME_ATTRIBUTE);
  document.documentElement.removeAttribute(FONT_SIZE_ATTRIBUTE);
}
