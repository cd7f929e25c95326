import { json, parseQuery, route } from '@/lib/http';
import { FlakyQuerySchema, listFlakyCases } from '@/lib/metrics/flaky';
import { cachedUntilChanged } from '@/lib/metrics/response-cache';

/**
 * Flaky test cases per model, with their latest runs (?provider, model, testCaseId, batchId, history, limit,
 * offset, includeExperiments). Kept per query (every parameter, includeExperiments too, is in the key) until the database
 * changes (lib/metrics/response-cache.ts). At 1M runs an answer took 20-40 s before the maintained flaky_rollup
 * (migration 0022), about 20 ms of CPU since; the cache still spares a page's repeat visits.
 */
export const GET = route(async (req) => {
  const query = parseQuery(req, FlakyQuerySchema);
  return json(await cachedUntilChanged(`flaky ${JSON.stringify(query)}`, () => listFlakyCases(query)));
});
