import { json, parseQuery, route } from '@/lib/http';
import { FlakyQuerySchema, listFlakyCases } from '@/lib/metrics/flaky';

/** Flaky test cases per model, with their latest runs (?provider, model, testCaseId, history, limit, offset). */
export const GET = route(async (req) => json(await listFlakyCases(parseQuery(req, FlakyQuerySchema))));
