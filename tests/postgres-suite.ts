/**
 * The test files the `postgres` vitest project runs (issue 20): each runs there exactly as in the default
 * project, against a real Postgres (tests/helpers/setup-postgres.ts) instead of a SQLite file. A file joins once it
 * passes on both. Files that are about SQLite itself stay out, with the reason, in SQLITE_ONLY.
 */
export const POSTGRES_SUITE: string[] = [
  'tests/health.test.ts',
  'tests/embeddings-cache.test.ts',
  'tests/settings.test.ts',
  'tests/servers-url-credentials.test.ts',
  'tests/servers.test.ts',
  'db/queries/tool-snapshots.test.ts',
  'tests/case-history.test.ts',
  'tests/test-cases.test.ts',
  'tests/test-case-tags.test.ts',
  'tests/name-conflicts.test.ts',
  'tests/sequence-cases.test.ts',
  'tests/bfcl-import.test.ts',
  'tests/bfcl-agreement.test.ts',
  'tests/bfcl-agreement-multi.test.ts',
  'tests/test-case-drafts.test.ts',
  'tests/postgres-layer.test.ts',
  'tests/flaky-cases.test.ts',
  'tests/flaky-scale.test.ts',
  'tests/metrics-confusions.test.ts',
  'tests/batch-matrix.test.ts',
  'tests/batch-report.test.ts',
  'tests/sequence-runs.test.ts',
  'tests/metrics.test.ts',
  'tests/metrics-compare.test.ts',
  'tests/metrics-trend.test.ts',
  'tests/baseline.test.ts',
  'tests/metrics-run-scope.test.ts',
  'tests/metrics-synthetic.test.ts',
  'tests/metrics-rollup.test.ts',
  'tests/metrics-dialects.test.ts',
  'tests/queue-run-jobs.test.ts',
  'tests/queue-multiprocess.test.ts',
];

export const SQLITE_ONLY: { file: string; reason: string }[] = [
  { file: 'tests/static-servers-migration.test.ts', reason: 'builds a SQLite file at the migration before static servers and checks what the SQLite migration does to its rows' },
  { file: 'tests/mcp-endpoint-sql-isolation.test.ts', reason: 'query_sql runs SQL in a child process on the SQLite file; on Postgres the tool is not offered (tests/mcp-endpoint.test.ts checks that)' },
  { file: 'tests/postgres-schema.test.ts', reason: 'starts its own cluster and checks the Postgres migrations directly' },
  { file: 'tests/test-case-tags-migration.test.ts', reason: 'builds a SQLite file at migration 0008 and checks what SQLite migration 0009 does to its rows' },
  { file: 'tests/sequence-cases-migration.test.ts', reason: 'builds a SQLite file at migration 0009 and checks SQLite migration 0010 (its rows, its CHECKs)' },
  { file: 'tests/metrics-date-scope.test.ts', reason: 'builds a SQLite file at migration 0003, checks what 0004 does to its rows, and reads SQLite query plans' },
  { file: 'tests/metrics-rollup-migration.test.ts', reason: 'builds a SQLite file at migration 0014 and checks the backfill of SQLite migration 0015' },
  { file: 'tests/metrics-resolved-runs.test.ts', reason: "the resolved run set is SQLite's temp table; on Postgres every scope passes through (the summary tests cover it there)" },
  { file: 'tests/queue-pg-boss.test.ts', reason: 'Postgres by nature: starts its own cluster (or takes the provided one) and a second process on it in the default project already' },
];
