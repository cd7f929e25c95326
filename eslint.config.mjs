import tseslint from 'typescript-eslint';
import { layersPlugin } from './eslint/layers.mjs';
import { LAYERS } from './eslint/zones.mjs';

export default tseslint.config(
  { ignores: ['.next/**', '.next-*/**', '.e2e-data*/**', 'node_modules/**', 'data/**', 'db/migrations/**', 'next-env.d.ts', 'test-results/**', 'playwright-report/**', '.stryker-tmp/**', 'reports/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // lib/ is framework-free domain code, reusable by a CLI.
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['next', 'next/*', 'react', 'react-dom'], message: 'lib/ must not depend on Next.js or React' }] }],
    },
  },
  {
    // process.env is read in one place: lib/env.ts.
    files: ['app/**/*.{ts,tsx}', 'lib/**/*.ts', 'db/**/*.ts', 'components/**/*.{ts,tsx}'],
    ignores: ['lib/env.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through lib/env.ts' }],
    },
  },
  {
    // The dependency direction (eslint/zones.mjs): app -> components -> lib -> db, and the arrows inside lib.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.ts', 'db/**/*.ts', 'proxy.ts', 'instrumentation.ts'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/allowed-imports': ['error', LAYERS] },
  },
  {
    // One query layer for SQLite and Postgres (issue 20): query code stays to what both dialects run.
    files: ['db/queries/**/*.ts'],
    ignores: ['db/queries/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[arguments.length=0] > MemberExpression.callee[property.name=/^(all|get|run)$/]",
          message: 'SQLite-only: await the query builder instead (db/sql.ts all/get/run for raw SQL)',
        },
        {
          selector: "CallExpression > MemberExpression.callee[property.name='transaction']",
          message: 'Use withTransaction (db/transaction.ts): better-sqlite3 transactions cannot span an await',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '../client', importNames: ['getSqlite', 'perConnection'], message: 'SQLite-only: use db/sql.ts' },
            { name: '@/db/client', importNames: ['getSqlite', 'perConnection'], message: 'SQLite-only: use db/sql.ts' },
            { name: '../schema', allowTypeImports: true, message: 'Tables come from db/tables.ts (the active dialect); types from db/schema' },
          ],
        },
      ],
    },
  },
);
