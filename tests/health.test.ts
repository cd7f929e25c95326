import { describe, expect, it } from 'vitest';
import * as healthRoute from '@/app/api/health/route';
import { getSqlite } from '@/db/client';
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

function seedRuns(latencies: number[], failed: number) {
  const sqlite = getSqlite();
  sqlite.prepare("insert into test_cases (id, name, query) values ('tc', 'tc', 'q')").run();
  const ins = sqlite.prepare('insert into test_runs (id, test_case_id, status, execution_time_ms, classification, completed_at) values (?, ?, ?, ?, ?, ?)');
  const now = new Date().toISOString();
  latencies.forEach((ms, i) => ins.run(`ok-${i}`, 'tc', 'completed', ms, 'TP', now));
  for (let i = 0; i < failed; i++) ins.run(`bad-${i}`, 'tc', 'failed', null, null, now);
}

describe('GET /api/health', () => {
  it('is healthy on an empty install', async () => {
    const res = await call<Health>(healthRoute.GET, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'healthy', reasons: [], database: { ok: true }, runs: { lastHour: 0, errorRate: null, latencyP50Ms: null } });
  });

  it('reports latency percentiles, error rate and throughput of the last hour', async () => {
    seedRuns([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000], 2);
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
    const sqlite = getSqlite();
    const ins = sqlite.prepare("insert into test_runs (id, test_case_id, status, completed_at) values (?, 'tc', 'failed', ?)");
    for (let i = 0; i < 20; i++) ins.run(`more-bad-${i}`, new Date().toISOString());
    const res = await call<Health>(healthRoute.GET, 'GET', '/api/health');
    expect(res.body.status).toBe('degraded');
    expect(res.body.reasons.join(' ')).toMatch(/% of the last hour's runs failed/);
  });
});
