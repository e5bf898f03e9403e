import { Head, Html, Main, NextScript, type DocumentContext, type DocumentProps } from 'next/document';
import {
  DocumentHeadTags,
  documentGetInitialProps,
  type DocumentHeadTagsProps,
} from '@mui/material-nextjs/v16-pagesRouter';
import { htmlLang } from '@/lib/i18n/locales';
import { firstPaintScript } from '@/lib/theme/preferences';

type Props = DocumentProps & DocumentHeadTagsProps;

export default function PortalDocument(props: Props) {
  return (
    <Html lang={htmlLang(props.locale)} data-mui-color-scheme="light" data-font-size="M" suppressHydrationWarning>
      <Head>
        {/* Applies the colour mode and font size cookies before first paint: static pages never flash. */}
        <script dangerouslySetInnerHTML={{ __html: firstPaintScript }} />
        <meta name="theme-color" content="#c8102e" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* Run-time settings (telemetry, time-out) served by server.ts, not baked into the build. */}
        <script src="/runtime-config.js" defer />
        <DocumentHeadTags {...props} />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}

PortalDocument.getInitialProps = async (ctx: DocumentContext) => documentGetInitialProps(ctx);
