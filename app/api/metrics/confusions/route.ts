import { json, parseQuery, route } from '@/lib/http';
import { listConfusions } from '@/lib/metrics/confusions';
import { MetricsFiltersSchema } from '@/lib/metrics/filters';

export const GET = route(async (req) => json(await listConfusions(parseQuery(req, MetricsFiltersSchema))));
