import { describe, expect, it } from 'vitest';
import * as healthRoute from '@/app/api/health/route';
import { sql } from 'drizzle-orm';
import { run } from '@/db/sql';
import { getCircuitBreakers } from '@/lib/eval/run/circuit-breaker';
import { call } from './helpers/api';

type Health = {
  status: string;
  reasons: string[];
  database: { ok: boolean };
  servers: { total: number; failed: number };
  runs: { lastHour: number; failedLastHour: number; errorRate: number | null; perMinute: number; latencyP50Ms: number | null; latencyP95Ms: number | null };
  circuitBreakers: { key: string; state: string }[];
};

async function seedRuns(latencies: number[], failed: number) {
  await run(sql`insert into test_cases (id, name, query) values ('tc', 'tc', 'q')`);
  const ins = (id: string, status: string, ms: number | null, classification: string | null, at: string) =>
    run(sql`insert into test_runs (id, test_case_id, status, execution_time_ms, classification, completed_at) values (${id}, 'tc', ${status}, ${ms}, ${classification}, ${at})`);
  const now = new Date().toISOString();
  for (const [i, ms] of latencies.entries()) await ins(`ok-${i}`, 'completed', ms, 'TP', now);
  for (let i = 0; i < failed; i++) await ins(`bad-${i}`, 'failed', null, null, now);
}

describe('GET /api/health', () => {
  it('is healthy on an empty install', async () => {
    const res = await call<Health>(healthRoute.GET, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'healthy', reasons: [], database: { ok: true }, runs: { lastHour: 0, errorRate: null, latencyP50Ms: null } });
  });

  it('reports latency percentiles, error rate and throughput of the last hour', async () => {
    await seedRuns([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000], 2);
    const res = await call<Health>(healthRoute.GET, 'GET', '/api/health');
    expect(res.body.runs).toEqual({ lastHour: 12, failedLastHour: 2, errorRate: 0.167, perMinute: 2.4, latencyP50Ms: 500, latencyP95Ms: 1000 });
    expect(res.body.status).toBe('healthy');
  });

  it('is degraded while a circuit breaker is open, and says why', async () => {
    const breakers = getCircuitBreakers();
    for (let i = 0; i < 5; i++) breakers.failure('provider:openai');
    const res = await call<Health>(healthRoute.GET, 'GET', '/api/health');
    expect(res.body.status).toBe('degraded');
    expect(res.body.reasons.join(' ')).toContain('provider:openai');
    expect(res.body.circuitBreakers).toContainEqual(expect.objectContaining({ key: 'provider:openai', state: 'open' }));
    breakers.success('provider:openai');
  });

  it('is degraded when most recent runs failed', async () => {
    for (let i = 0; i < 20; i++) await run(sql`insert into test_runs (id, test_case_id, status, completed_at) values (${`more-bad-${i}`}, 'tc', 'failed', ${new Date().toISOString()})`);
    const res = await call<Health>(healthRoute.GET, 'GET', '/api/health');
    expect(res.body.status).toBe('degraded');
    expect(res.body.reasons.join(' ')).toMatch(/% of the last hour's runs failed/);
  });
});
