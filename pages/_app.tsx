// First: schemas created by the imports below must see zod's jitless setting (no eval under the CSP).
import '@/lib/zodConfig';
import type { EmotionCache } from '@emotion/cache';
import type { AppProps } from 'next/app';
import Head from 'next/head';
import { appWithTranslation } from 'next-i18next/pages';
import { AppCacheProvider } from '@mui/material-nextjs/v16-pagesRouter';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import 'nprogress/nprogress.css';
import { AppShell } from '@/components/app/AppShell';
import { QueryProvider } from '@/components/app/QueryProvider';
import type { PortalPage } from '@/components/app/types';
import { MODE_STORAGE_KEY, cookieStorageManager } from '@/lib/theme/cookieStorage';
import { browserEmotionCache } from '@/lib/theme/emotionCache';
import { theme } from '@/lib/theme/theme';
import { InstantColorSchemeChange } from '@/lib/theme/useInstantColorSchemeChange';
import nextI18nConfig from '@/next-i18next.config.js';

/** `emotionCache` is handed in by _document's getInitialProps during the server render only. */
type Props = AppProps & { Component: PortalPage; emotionCache?: EmotionCache };

function PortalApp(props: Props) {
  const { Component, pageProps } = props;
  // In the browser: a cache that puts the page's CSP nonce on every style it inserts (docs/security-headers.md).
  const emotionCache = props.emotionCache ?? (typeof window === 'undefined' ? undefined : browserEmotionCache());
  return (
    <AppCacheProvider {...props} emotionCache={emotionCache}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </Head>
      <QueryProvider>
          <ThemeProvider
            theme={theme}
            defaultMode="light"
            modeStorageKey={MODE_STORAGE_KEY}
            storageManager={cookieStorageManager}
          >
            {/* MUI's disableTransitionOnChange, but with the CSP nonce (its own <style> has none and is refused). */}
            <InstantColorSchemeChange />
            <CssBaseline enableColorScheme />
            <AppShell layout={Component.layout ?? 'main'}>
              <Component {...pageProps} />
            </AppShell>
          </ThemeProvider>
      </QueryProvider>
    </AppCacheProvider>
  );
}

export default appWithTranslation(PortalApp, nextI18nConfig);
