// @ts-check
/**
 * Mutation testing of the judge (lib/eval/judge/**, arguments included): `npm run test:mutation`.
 * Slow on 2 cores, so not part of CI; the score is recorded in the README's Development section.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.mts' },
  mutate: ['lib/eval/judge/**/*.ts', '!lib/eval/judge/**/*.test.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 1,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 90, low: 80, break: 80 },
  tempDirName: '.stryker-tmp',
  // The sandbox needs the code and its tests only.
  ignorePatterns: ['.next', 'test-results', 'playwright-report', '.e2e-data', 'data', 'e2e', 'bench', 'reports', 'app', 'components'],
};
