// One closing line for the whole suite, summed over vitest and Playwright JSON reports.
import fs from 'node:fs';

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);
let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = read('test-results/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}
const pw = read('test-results/playwright.json');
if (pw) {
  passed += pw.stats.expected;
  failed += pw.stats.unexpected;
  skipped += pw.stats.skipped;
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
