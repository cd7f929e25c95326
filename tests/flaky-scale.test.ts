import { describe, expect, it } from 'vitest';
import { listFlakyCases } from '@/lib/metrics/flaky';
import { getBatchTrend } from '@/lib/metrics/trend';
import { writeSyntheticRuns } from './helpers/synthetic-runs';

describe('flaky cases and the trend by batch at 10,000 runs', () => {
  it('answer well within a second', async () => {
    const data = await writeSyntheticRuns(10_000, { seed: 7, prefix: 'scale', testCases: 2000, batches: 5, multiSampleShare: 0.3 });
    expect(data.runs).toBeGreaterThanOrEqual(10_000);
    let started = performance.now();
    const flaky = await listFlakyCases({ limit: 20, offset: 0, history: 10 });
    const flakyMs = performance.now() - started;
    started = performance.now();
    const trend = await getBatchTrend({});
    const trendMs = performance.now() - started;
    console.log(`runs ${data.runs}: flaky ${flakyMs.toFixed(0)} ms (${flaky.total} pairs), trend ${trendMs.toFixed(0)} ms (${trend.items.length} batches)`);
    expect(flaky.total).toBeGreaterThan(0);
    expect(flakyMs).toBeLessThan(1000);
    expect(trendMs).toBeLessThan(1000);
    // Writing the 10,000 runs is the slow part on Postgres (~20 s: its rollup triggers run per row); the reads are timed above.
  }, 120_000);
});
