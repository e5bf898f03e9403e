// @ts-check
const { i18n } = require('./next-i18next.config.js');

/** @type {import('next').NextConfig} */
module.exports = {
  i18n,
  reactStrictMode: true,
  poweredByHeader: false,
  // Type errors are caught by `npm run typecheck` (part of `npm test`); skipping the second check keeps
  // `next build` fast on two cores and lets `npm start` build without dev tools.
  typescript: { ignoreBuildErrors: true },
  // Loaded from node_modules at run time, not bundled: the next-auth route then shares the one copy that server.ts
  // uses (one PGlite connection, one drizzle).
  // Bundle node_modules for the pages' server render too: otherwise @mui/material-nextjs (CommonJS) and MUI (ESM)
  // load two copies of @emotion/react during SSR, the server renders with emotion's default cache (`css-…`) instead
  // of the app's (`mui-…`), and every page fails hydration.
  bundlePagesRouterDependencies: true,
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pino', 'drizzle-orm', 'jose', 'otplib', 'qrcode'],
  // Security headers for pages and assets; server.ts sets the same ones on API answers. HSTS is not here: the
  // request listener (lib/server/app.ts) adds it to every answer, pages included, only when the request came over https.
  async headers() {
    const headers = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'X-Frame-Options', value: 'DENY' },
    ];
    return [{ source: '/:path*', headers }];
  },
};
