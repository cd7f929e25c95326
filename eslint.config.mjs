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
);
