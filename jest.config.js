// @ts-check
const nextJest = require('next/jest.js');

const createJestConfig = nextJest({ dir: './' });

// msw 2 ships ESM-only dependencies that jest must transpile (DESIGN.md known traps).
const ESM_DEPS = ['msw', '@mswjs', 'rettime', 'until-async', '@open-draft', 'headers-polyfill', 'outvariant', 'strict-event-emitter', 'is-node-process', 'jose', '@scure', '@noble'];
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_DEPS.join('|')})/)`, '^.+\\.module\\.(css|sass|scss)$'];

/**
  return { testTimeout: 60_000, projects: [unit, api, security, e2e, faults] };
 */
module.exports = async () => {
  const unit = await createJestConfig({
    displayName: 'unit',
    testEnvironment: 'jest-fixed-jsdom',
    testEnvironmentOptions: { customExportConditions: [''] },
    testMatch: ['<rootDir>/__tests__/unit/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: ['<rootDir>/__tests__/unit/setup.ts'],
    moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  })();
  unit.transformIgnorePatterns = transformIgnorePatterns;

  const api = await createJestConfig({
    displayName: 'api',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/__tests__/api/**/*.test.ts'],
    globalSetup: '<rootDir>/__tests__/api/globalSetup.ts',
    globalTeardown: '<rootDir>/__tests__/api/globalTeardown.ts',
    moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  })();
  // PGlite's CommonJS build loads Node built-ins with dynamic import(), which jest's vm refuses: rewrite those to
  // require() (the transformer's own comment says why); listed first so it wins over next/jest's transform.
  api.transform = { '/node_modules/@electric-sql/pglite/dist/.+\\.cjs$': '<rootDir>/__tests__/api/nodeImportTransform.cjs', ...api.transform };
  api.transformIgnorePatterns = [`/node_modules/(?!(${[...ESM_DEPS, '@electric-sql/pglite'].join('|')})/)`, transformIgnorePatterns[1]];

  // The security suite (__tests__/security): the same node environment, databases and transforms as the API tests.
  const security = await createJestConfig({
    displayName: 'security',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/__tests__/security/**/*.test.ts'],
    globalSetup: '<rootDir>/__tests__/api/globalSetup.ts',
    globalTeardown: '<rootDir>/__tests__/api/globalTeardown.ts',
    moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  })();
  security.transform = api.transform;
  security.transformIgnorePatterns = api.transformIgnorePatterns;

  const e2e = await createJestConfig({
    displayName: 'e2e',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/__tests__/e2e/**/*.spec.ts'],
    moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  })();
  e2e.transformIgnorePatterns = transformIgnorePatterns;

  const faults = await createJestConfig({
    displayName: 'faults',
    testEnvironment: 'node',
    testMatch: ['<rootDir>/__tests__/faults/**/*.test.ts'],
    moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  })();
  faults.transformIgnorePatterns = transformIgnorePatterns;

  // testTimeout is a global option (jest ignores it inside a project): API tests on two databases and browser tests need more than 5 s.
  return { testTimeout: 60_000, projects: [unit, api, security, e2e, faults] };
};
