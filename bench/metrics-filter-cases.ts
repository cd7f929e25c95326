import { sql } from 'drizzle-orm';
import { all, get } from '@/db/sql';
import type { MetricsFilters } from '@/lib/metrics/filters';

/**
 * The 16 filter cases the 1M-run metrics benches time (bench/metrics-1m.bench.ts on SQLite,
 * bench/metrics-dialect-child.ts on either database), over the synthetic runs: the batches in name order
 * and the model each bench looked up.
 */
export function metricsFilterCases(batchIds: string[], model: { provider: 'openai'; model: string } | undefined): [string, MetricsFilters][] {
  const server = 'syn-server-1';
  const toolName = `search_${server.replace(/\W/g, '_')}`;
  const week: MetricsFilters = { from: '2025-01-13', to: '2025-01-19' };
  const day: MetricsFilters = { from: '2025-01-15', to: '2025-01-15' };
  const models = { provider: model?.provider, model: model?.model };
  return [
    ['all runs', {}],
    ['one batch', { batchId: batchIds[0] }],
    ['one model', models],
    ['one tool name', { toolName }],
    ['one server name', { serverName: server }],
    ['server + tool name', { serverName: server, toolName }],
    ['one week', week],
    ['one day', day],
    ['one week + batch', { ...week, batchId: batchIds[2] }],
    ['one week + model', { ...week, ...models }],
    ['one week + tool name', { ...week, toolName }],
    ['one week + server name', { ...week, serverName: server }],
    ['one day + server name', { ...day, serverName: server }],
    ['from a date on (open end)', { from: '2025-01-10' }],
    ['the whole month (every run)', { from: '2025-01-01', to: '2025-01-31' }],
    ['one week, date-times with offsets', { from: '2025-01-13T09:30:00+02:00', to: '2025-01-20T17:45:00-05:00' }],
  ];
}

/** The cases over the synthetic batches and the first gpt-4o-mini settings, looked up through the portable layer (either database). */
export async function lookUpMetricsFilterCases(): Promise<[string, MetricsFilters][]> {
  const batchIds = (await all<{ id: string }>(sql`select id from run_batches where name like 'syn batch %' order by name`)).map((r) => r.id);
  const first = await get<{ provider: 'openai'; model: string }>(sql`select provider, model from model_settings where model = 'gpt-4o-mini' order by id limit 1`);
  return metricsFilterCases(batchIds, first);
}
