import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '@/db/client';
import { selectFlakyHistory, selectFlakyHistoryRanked, selectFlakyPairs, selectFlakyPairsPerRun, type FlakyFilter } from '@/db/queries/flaky';
import { get, run } from '@/db/sql';
import { createRunWriter, type Tool } from './helpers/synthetic-runs';

/*
 * The flaky pairs from aggregates (selectFlakyPairs) against the per-run query they replace, on runs
 * mixing what the aggregates split apart: two settings of one provider and model, the local router,
 * every confidence source (null counts only for a provider other than 'local'), pass^k failed with a
 * right or wrong answer and with or without disagreeing samples (counted once), runs without batch,
 * listing or model settings, unfinished runs, and listings seen by one or several batches.
 */
const tools: Tool[] = [{ server: 'agg-srv', name: 'a' }, { server: 'agg-srv', name: 'b' }];
const caseIds: string[] = [];
let gptA = '';

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

beforeAll(async () => {
  await prepareDatabase();
  const w = createRunWriter();
  const r = rng(11);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  for (let i = 0; i < 12; i++) caseIds.push(w.testCase({ name: `agg case ${String(i).padStart(2, '0')}`, expected: tools[0] ?? null }));
  gptA = w.modelSettings({ provider: 'openai', model: 'gpt-agg' });
  const settings = [gptA, w.modelSettings({ provider: 'openai', model: 'gpt-agg' }), w.modelSettings({ provider: 'local', model: 'agg-router' }), w.modelSettings({ provider: 'anthropic', model: 'claude-agg' })];
  const batches = [w.batch({ name: 'agg 1' }), w.batch({ name: 'agg 2' }), w.batch({ name: 'agg 3' })];
  const later: [string, string | null][] = [];
  for (let i = 0; i < 1500; i++) {
    const samples = r() < 0.5 ? 3 : 1;
    const id = w.run({
      testCaseId: pick(caseIds),
      batchId: r() < 0.1 ? null : pick(batches),
      modelSettingsId: r() < 0.03 ? null : pick(settings),
      status: r() < 0.08 ? pick(['failed', 'cancelled', 'running'] as const) : 'completed',
      selected: r() < 0.05 ? null : pick(tools),
      samples,
      confidence: pick([null, 0.4, 2 / 3, 1]),
      passK: pick([true, false, null]),
      createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(r() * 1e9)).toISOString(),
    });
    later.push([id, pick([null, 'sample_agreement', 'local_margin'])]);
  }
  // Pairs flaky by disagreement alone: samples split (one run), and pass^k failed with the right answer at full confidence.
  const alone = w.testCase({ name: 'agg case alone', expected: tools[0] ?? null });
  later.push([w.run({ testCaseId: alone, batchId: batches[0], modelSettingsId: gptA, selected: tools[0], samples: 3, confidence: 2 / 3, passK: true }), 'sample_agreement']);
  // History ties: both settings of gpt-agg at the same instants (the latest runs across settings come in id order).
  const ties = w.testCase({ name: 'agg case ties', expected: tools[0] ?? null });
  caseIds.push(ties);
  for (let i = 0; i < 8; i++) {
    const at = new Date(Date.UTC(2025, 0, 2) + Math.floor(i / 3) * 1000).toISOString();
    w.run({ testCaseId: ties, batchId: pick(batches), modelSettingsId: settings[i % 2] ?? gptA, selected: pick(tools), samples: 1, confidence: 1, passK: true, createdAt: at });
    if (i % 3 === 0) w.run({ testCaseId: ties, modelSettingsId: settings[1] ?? gptA, status: 'failed', selected: null, createdAt: at });
  }
  const passKOnly = w.testCase({ name: 'agg case pass-k', expected: tools[0] ?? null });
  later.push([w.run({ testCaseId: passKOnly, batchId: batches[1], modelSettingsId: gptA, selected: tools[0], samples: 3, confidence: 1, passK: false }), 'sample_agreement']);
  await w.flush();
  const sets: number[] = [];
  for (const hash of ['agg-1', 'agg-2', 'agg-3']) sets.push(Number((await get<{ id: number }>(sql`insert into tool_sets (hash) values (${hash}) returning id`))?.id));
  for (const [id, source] of later) {
    const setId = r() < 0.1 ? null : pick(sets);
    await run(sql`update test_runs set tool_set_id = ${setId}, confidence_source = ${source} where id = ${id}`);
  }
}, 120_000);

describe('flaky pairs from aggregates', () => {
  const filters: FlakyFilter[] = [{}, { provider: 'openai' }, { provider: 'local' }, { model: 'gpt-agg' }, { provider: 'openai', model: 'claude-agg' }];

  it('equal the per-run pairs, in order, for every filter', async () => {
    for (const filter of [...filters, { testCaseId: caseIds[3] ?? '' }, { testCaseId: caseIds[5] ?? '', provider: 'openai' }]) {
      const exact = await selectFlakyPairsPerRun(filter);
      const fast = await selectFlakyPairs(filter, { limit: 10_000, offset: 0 });
      expect(fast.rows, JSON.stringify(filter)).toEqual(exact);
      expect(fast.total).toBe(exact.length);
    }
  });

  it('cover pairs flaky by flips alone and by disagreement alone (the comparison is not vacuous)', async () => {
    const exact = await selectFlakyPairsPerRun({});
    expect(exact.length).toBeGreaterThan(10);
    expect(exact.some((p) => p.flippedToolSets > 0)).toBe(true);
    expect(exact.some((p) => p.disagreeingRuns > 0 && p.flippedToolSets === 0)).toBe(true);
    expect(exact.some((p) => p.provider === 'local' && p.disagreeingRuns > 0)).toBe(true);
  });

  it('give each case the same latest runs per provider and model as ranking all its runs', async () => {
    const runs = (rows: { runId: string }[]) => rows.length;
    for (const perPair of [1, 2, 3, 10, 50]) {
      for (const ids of [caseIds, caseIds.slice(0, 3), [caseIds.at(-1) ?? '', caseIds.at(-1) ?? '', 'no-such-case']]) {
        const exact = await selectFlakyHistoryRanked(ids, perPair);
        expect(await selectFlakyHistory(ids, perPair), `${perPair} runs of ${ids.length} cases`).toEqual(exact);
        expect(runs(exact)).toBeGreaterThan(0);
      }
    }
    // Not vacuous: a provider and model with two settings whose latest runs interleave, with ties in time.
    const tied = await selectFlakyHistoryRanked([caseIds.at(-1) ?? ''], 3);
    expect(tied.filter((h) => h.model === 'gpt-agg').map((h) => h.createdAt)).toEqual(['2025-01-02T00:00:02.000Z', '2025-01-02T00:00:02.000Z', '2025-01-02T00:00:01.000Z']);
  });

  it('page the same ordered pairs, with the total of all', async () => {
    const exact = await selectFlakyPairsPerRun({});
    const page = await selectFlakyPairs({}, { limit: 5, offset: 7 });
    expect(page.rows).toEqual(exact.slice(7, 12));
    expect(page.total).toBe(exact.length);
    expect((await selectFlakyPairs({}, { limit: 5, offset: exact.length + 3 })).rows).toEqual([]);
  });
});
