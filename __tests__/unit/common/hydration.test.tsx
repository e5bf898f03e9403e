import type { ReactElement, ReactNode } from 'react';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ThemeProvider } from '@mui/material/styles';
import type { NextRouter } from 'next/router';
import { RouterContext } from 'next/dist/shared/lib/router-context.shared-runtime';
import ResetPasswordPage from '@/pages/login/reset-password';
import ActivatePage from '@/pages/login/activate';
import SurveyOptOutPage from '@/pages/survey/optput';
import { theme } from '@/lib/theme/theme';
import { createTestI18n, createTestQueryClient, createTestRouter, text, type Lang } from '../testUtils/render';

/**
 * A statically generated page is rendered on the server with the router not ready (and no query); in the browser the
 * router is ready at once when the URL has no query string. A first render that differs from the server's HTML is
 * React error #418 (QA: /login/reset-password without a token, en and tc). Render as the server does, then hydrate as
 * the browser does, and fail on any hydration error.
 */
function providers(lng: Lang, router: NextRouter) {
  const i18n = createTestI18n(lng);
  const queryClient = createTestQueryClient();
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <RouterContext.Provider value={router}>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18n}>
            <ThemeProvider theme={theme}>{children}</ThemeProvider>
          </I18nextProvider>
        </QueryClientProvider>
      </RouterContext.Provider>
    );
  };
}

async function serverThenHydrate(page: ReactElement, lng: Lang, pathname: string) {
  const Server = providers(lng, createTestRouter({ locale: lng, pathname, asPath: pathname, query: {}, isReady: false }));
  const html = renderToString(<Server>{page}</Server>);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.appendChild(container);
  const errors: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
  const Client = providers(lng, createTestRouter({ locale: lng, pathname, asPath: pathname, query: {}, isReady: true }));
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Client>{page}</Client>, {
      onRecoverableError: (error) => errors.push(error),
      onUncaughtError: (error) => errors.push(error),
    });
  });
  consoleError.mockRestore();
  return { errors, unmount: () => act(() => root?.unmount()), container };
}

describe.each<Lang>(['en', 'tc'])('public pages hydrate without a mismatch when opened without a token (%s)', (lng) => {
  it.each([
    ['/login/reset-password', ResetPasswordPage, 'error:LINK_INVALID'],
    ['/login/activate', ActivatePage, 'error:LINK_INVALID'],
    ['/survey/optput', SurveyOptOutPage, 'error:SURVEY_LINK_INVALID'],
  ] as const)('%s', async (pathname, Page, messageKey) => {
    const { errors, unmount } = await serverThenHydrate(<Page />, lng, pathname);
    expect(errors).toEqual([]);
    // After hydration the page says the link is not valid.
    expect(await screen.findByText(new RegExp(text(lng, messageKey).slice(0, 12).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
    await unmount();
  });
});
