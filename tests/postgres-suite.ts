/**
 * The test files the `postgres` vitest project runs (issue 20): each runs there exactly as in the default
 * project, against a real Postgres (tests/helpers/setup-postgres.ts) instead of a SQLite file. A file joins once it
 * passes on both. Files that are about SQLite itself stay out, with the reason, in SQLITE_ONLY.
 */
export const POSTGRES_SUITE: string[] = [
  'tests/case-history.test.ts',
  'tests/test-cases.test.ts',
  'tests/sequence-cases.test.ts',
  'tests/bfcl-import.test.ts',
  'tests/bfcl-agreement.test.ts',
  'tests/bfcl-agreement-multi.test.ts',
  'tests/test-case-drafts.test.ts',
  'tests/postgres-layer.test.ts',
  'tests/flaky-cases.test.ts',
  'tests/flaky-scale.test.ts',
  'tests/metrics-confusions.test.ts',
];

export const SQLITE_ONLY: { file: string; reason: string }[] = [
  { file: 'tests/postgres-schema.test.ts', reason: 'starts its own cluster and checks the Postgres migrations directly' },
  { file: 'tests/test-case-tags-migration.test.ts', reason: 'builds a SQLite file at migration 0008 and checks what SQLite migration 0009 does to its rows' },
  { file: 'tests/sequence-cases-migration.test.ts', reason: 'builds a SQLite file at migration 0009 and checks SQLite migration 0010 (its rows, its CHECKs)' },
];
