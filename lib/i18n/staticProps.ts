import type { GetServerSideProps, GetStaticProps } from 'next';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import nextI18nConfig from '@/next-i18next.config.js';

/**
 * Loaded on every page: `common` (the shell, shared words, validation) and `error` (the error catalogue). Each page
 * adds its feature's own namespace(s) (`orders`, `meter`, `admin-users`…), so a page's HTML carries only its own
 * texts instead of every screen's (docs/decisions.md, "Translations per feature").
 */
export const BASE_NAMESPACES = ['common', 'error'] as const;

/**
 * Without a backend plugin, next-i18next only reads the namespaces listed in the config's `ns` from disk: a feature's
 * namespace missing there reached the page as `{}` (raw keys in production). Each call therefore lists the namespaces
 * it needs in `ns` too; pages still receive only their own.
 */
const translations = (locale: string | undefined, namespaces: readonly string[]) => {
  const ns = [...new Set([...BASE_NAMESPACES, ...namespaces])];
  return serverSideTranslations(locale ?? 'en', ns, { ...nextI18nConfig, ns: [...new Set([...nextI18nConfig.ns, ...ns])] });
};

/** Static pages: translations only, per locale, at build time (DESIGN.md: pages are static shells). */
export const staticTranslations =
  (...namespaces: string[]): GetStaticProps =>
  async ({ locale }) => ({ props: await translations(locale, namespaces) });

/**
 * Dynamic `[id]` pages: translations only, per request. The id is read by the screen from the router; the page
 * never carries customer data (docs/decisions.md explains why these are not prerendered per id).
 */
export const serverTranslations =
  (...namespaces: string[]): GetServerSideProps =>
  async ({ locale }) => ({ props: await translations(locale, namespaces) });
