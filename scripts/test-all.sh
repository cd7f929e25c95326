#!/usr/bin/env bash
# The whole suite, as CI runs it: types, lint, unit + integration tests, production build, e2e.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
mkdir -p test-results
rm -f test-results/vitest.json test-results/playwright.json
echo "== typecheck"; npx tsc --noEmit
echo "== lint"; npx eslint .
echo "== postgres (for the Postgres schema tests)"; bash scripts/ensure-postgres.sh
echo "== unit and integration tests"; npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json
echo "== production build"; npx next build
echo "== browser tests"; bash scripts/ensure-chromium.sh; npx playwright test
echo "== browser tests on Postgres (app + worker, e2e/postgres)"; npx tsx scripts/e2e-postgres.ts
node scripts/summarize-tests.mjs
