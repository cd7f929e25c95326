import { json, parseQuery, route } from '@/lib/http';
import { MetricsFiltersSchema } from '@/lib/metrics/filters';
import { getBatchTrend } from '@/lib/metrics/trend';

/** The trend by batch (the summary's byDay is the trend by day), with the summary's filters: {items, limit}. */
export const GET = route(async (req) => json(await getBatchTrend(parseQuery(req, MetricsFiltersSchema))));
