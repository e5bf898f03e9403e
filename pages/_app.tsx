import type { AppProps } from 'next/app';
import Head from 'next/head';
import { SessionProvider } from 'next-auth/react';
import { appWithTranslation } from 'next-i18next/pages';
import { AppCacheProvider } from '@mui/material-nextjs/v16-pagesRouter';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import 'nprogress/nprogress.css';
import { AppShell } from '@/components/app/AppShell';
import { QueryProvider } from '@/components/app/QueryProvider';
import type { PortalPage } from '@/components/app/types';
import { MODE_STORAGE_KEY, cookieStorageManager } from '@/lib/theme/cookieStorage';
import { theme } from '@/lib/theme/theme';
import nextI18nConfig from '@/next-i18next.config.js';

type Props = AppProps & { Component: PortalPage };

function PortalApp(props: Props) {
  const { Component, pageProps } = props;
  return (
    <AppCacheProvider {...props}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <SessionProvider refetchOnWindowFocus={false}>
        <QueryProvider>
          <ThemeProvider
            theme={theme}
            defaultMode="light"
            modeStorageKey={MODE_STORAGE_KEY}
            storageManager={cookieStorageManager}
            disableTransitionOnChange
          >
            <CssBaseline enableColorScheme />
            <AppShell layout={Component.layout ?? 'main'}>
              <Component {...pageProps} />
            </AppShell>
          </ThemeProvider>
        </QueryProvider>
      </SessionProvider>
    </AppCacheProvider>
  );
}

export default appWithTranslation(PortalApp, nextI18nConfig);
