// @ts-check
const nextJest = require('next/jest.js');

const createJestConfig = nextJest({ dir: './' });

// msw 2 ships ESM-only dependencies that jest must transpile (DESIGN.md known traps).
const ESM_DEPS = ['msw', '@mswjs', 'rettime', 'until-async', '@open-draft', 'headers-polyfill', 'outvariant', 'strict-event-emitter', 'is-node-process', 'jose', '@scure', '@noble'];
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_DEPS.join('|')})/)`, '^.+\\.module\\.(css|sass|scss)$'];

/**
  return { testTimeout: 60_000, projects: [unit, api, security, e2e, faults] };
 */
/** One project: next/jest's config with the `@/` alias and the ESM transpiling above, in node unless it says otherwise. */
async function project(displayName, options) {
  const config = await createJestConfig({ displayName, testEnvironment: 'node', moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' }, ...options })();
  config.transformIgnorePatterns = transformIgnorePatterns;
  return config;
}

/** A project on the test databases (the API and security suites): the same setup, teardown and PGlite transform. */
async function databaseProject(displayName, testMatch) {
  const config = await project(displayName, {
    testMatch,
    globalSetup: '<rootDir>/__tests__/api/globalSetup.ts',
    globalTeardown: '<rootDir>/__tests__/api/globalTeardown.ts',
  });
  // PGlite's CommonJS build loads Node built-ins with dynamic import(), which jest's vm refuses: rewrite those to
  // require() (the transformer's own comment says why); listed first so it wins over next/jest's transform.
  config.transform = { '/node_modules/@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/__tests__/api/nodeImportTransform.cjs', ...config.transform };
  config.transformIgnorePatterns = [`/node_modules/(?!(${[...ESM_DEPS, '@electric-sql/pglite'].join('|')})/)`, transformIgnorePatterns[1]];
  return config;
}

module.exports = async () => {
  const unit = await project('unit', {
    testEnvironment: 'jest-fixed-jsdom',
    testEnvironmentOptions: { customExportConditions: [''] },
    testMatch: ['<rootDir>/__tests__/unit/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: ['<rootDir>/__tests__/unit/setup.ts'],
  });
  const api = await databaseProject('api', ['<rootDir>/__tests__/api/**/*.test.ts']);
  // The security suite (__tests__/security): the same node environment, databases and transforms as the API tests.
  const security = await databaseProject('security', ['<rootDir>/__tests__/security/**/*.test.ts']);
  const e2e = await project('e2e', { testMatch: ['<rootDir>/__tests__/e2e/**/*.spec.ts'] });
  const faults = await project('faults', { testMatch: ['<rootDir>/__tests__/faults/**/*.test.ts'] });

  // testTimeout is a global option (jest ignores it inside a project): API tests on two databases and browser tests need more than 5 s.
  return { testTimeout: 60_000, projects: [unit, api, security, e2e, faults] };
};
