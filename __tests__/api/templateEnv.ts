/**
 * What globalSetup hands to the test files through process.env (jest runs globalSetup in the parent process; the
 * workers inherit its environment). Shared by globalSetup, globalTeardown and helpers/testDb.ts.
 */
export const PGLITE_TEMPLATE_ENV = 'PORTAL_TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'PORTAL_TEST_PG_TEMPLATE';

/** Database name of `url` and the same URL pointing at another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || 'postgres';
}

/** Identifiers we create are [a-z0-9_] only, so quoting is enough (never user input). */
export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
