import { Head, Html, Main, NextScript, type DocumentContext, type DocumentProps } from 'next/document';
import {
  DocumentHeadTags,
  createEmotionCache,
  documentGetInitialProps,
  type DocumentHeadTagsProps,
} from '@mui/material-nextjs/v16-pagesRouter';
import { htmlLang } from '@/lib/i18n/locales';
import { CSP_NONCE_PLACEHOLDER } from '@/lib/security/cspNonce';
import { firstPaintScript } from '@/lib/theme/preferences';

type Props = DocumentProps & DocumentHeadTagsProps;

/**
 * Every inline <script> and <style> carries the CSP nonce placeholder; the server swaps it for the response's random
 * nonce (lib/server/csp.ts, docs/security-headers.md). Pages are built once, so the real nonce cannot be here.
 */
const nonce = CSP_NONCE_PLACEHOLDER;

export default function PortalDocument(props: Props) {
  return (
    <Html lang={htmlLang(props.locale)} data-mui-color-scheme="light" data-font-size="M" suppressHydrationWarning>
      <Head nonce={nonce}>
        {/* Applies the colour mode and font size cookies before first paint: static pages never flash. */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: firstPaintScript }} />
        <meta name="theme-color" content="#c8102e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Run-time settings (telemetry, time-out) served by server.ts, not baked into the build. */}
        <script src="/runtime-config.js" defer nonce={nonce} />
        <DocumentHeadTags {...props} />
      </Head>
      <body>
        <Main />
        <NextScript nonce={nonce} />
      </body>
    </Html>
  );
}

// emotion's server-rendered <style data-emotion> tags take the nonce from the cache.
PortalDocument.getInitialProps = async (ctx: DocumentContext) =>
  documentGetInitialProps(ctx, { emotionCache: createEmotionCache({ key: 'mui', nonce }) });
