import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { POSTGRES_SUITE } from './tests/postgres-suite.ts';

const ALL = ['lib/**/*.test.ts', 'db/**/*.test.ts', 'tests/**/*.test.ts', 'components/**/*.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      'server-only': path.resolve(import.meta.dirname, 'tests/helpers/server-only-stub.ts'),
    },
  },
  test: {
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      // Everything, on SQLite (one file per test file in its own DATA_DIR).
      { extends: true, test: { name: 'default', include: ALL, setupFiles: ['tests/helpers/setup.ts'] } },
      // The integration files listed in tests/postgres-suite.ts again, each on its own Postgres database (issue 20).
      {
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_SUITE,
          setupFiles: ['tests/helpers/setup.ts', 'tests/helpers/setup-postgres.ts'],
          globalSetup: ['tests/helpers/postgres-global.ts'],
        },
      },
    ],
  },
});
