import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import drizzle from 'eslint-plugin-drizzle';

/** Only these may import lib/server (DESIGN.md convention 13). */
const SERVER_SIDE = ['server.ts', 'lib/server/**', 'scripts/**', 'pages/api/auth/**', '__tests__/api/**', '__tests__/security/**', '__tests__/e2e/**', '__tests__/faults/**', 'drizzle.config.ts'];

const config = [
  { ignores: ['.next/**', '.next-server/**', 'node_modules/**', '.data/**', 'coverage/**', 'next-env.d.ts', 'lib/server/db/migrations/**'] },
  ...nextVitals,
  ...nextTs,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: SERVER_SIDE,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/lib/server', '@/lib/server/*', '**/lib/server', '**/lib/server/*'], message: 'lib/server is server-only: call the API from the client.' },
          ],
        },
      ],
    },
  },
  {
    files: ['lib/server/**/*.ts', 'scripts/**/*.ts', 'server.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    files: ['*.js', '*.config.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];

export default config;
