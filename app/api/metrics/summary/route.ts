import { json, parseQuery, route } from '@/lib/http';
import { MetricsFiltersSchema } from '@/lib/metrics/filters';
import { getMetricsSummary } from '@/lib/metrics/summary';

export const GET = route(async (req) => json(await getMetricsSummary(parseQuery(req, MetricsFiltersSchema))));
