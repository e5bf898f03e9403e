import type { GetServerSideProps, GetStaticProps } from 'next';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import nextI18nConfig from '@/next-i18next.config.js';

/** Spec §1: these namespaces are loaded on every page. */
export const NAMESPACES = ['common', 'page', 'error'] as const;

const translations = (locale: string | undefined) =>
  serverSideTranslations(locale ?? 'en', [...NAMESPACES], nextI18nConfig);

/** Static pages: translations only, per locale, at build time (DESIGN.md: pages are static shells). */
export const getStaticTranslations: GetStaticProps = async ({ locale }) => ({ props: await translations(locale) });

/**
 * Dynamic `[id]` pages: translations only, per request. The id is read by the screen from the router; the page
 * never carries customer data (docs/decisions.md explains why these are not prerendered per id).
 */
export const getServerTranslations: GetServerSideProps = async ({ locale }) => ({ props: await translations(locale) });
