import { beforeAll, describe, expect, it } from 'vitest';
import * as flakyRoute from '@/app/api/metrics/flaky/route';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '@/db/client';
import { get as getRow, run } from '@/db/sql';
import type { FlakyList } from '@/lib/metrics/flaky';
import { call } from './helpers/api';
import { createRunWriter, type Tool } from './helpers/synthetic-runs';

type ErrorBody = { error: { code: string; message: string } };

const t1: Tool = { server: 'flaky-srv', name: 't1' };
const t2: Tool = { server: 'flaky-srv', name: 't2' };
const cases: Record<string, string> = {};
const runs: Record<string, string> = {};

async function toolSet(hash: string): Promise<number> {
  return Number((await getRow<{ id: number }>(sql`insert into tool_sets (hash) values (${hash}) returning id`))?.id);
}

/** Written after the runs: the writer's rows are stored once flushed (Postgres). */
const shown: [runId: string, setId: number, source?: string][] = [];
function showTools(runId: string, setId: number, source?: string): void {
  shown.push([runId, setId, source]);
}

/**
 * flip: right then wrong under the same tools (flaky); changed-tools: right then wrong after
 * the tools changed (not flaky); disagree: samples split within one run (flaky); local: the
 * deterministic router at samples 3 with a low margin (not flaky); wrong-together: three
 * samples agreeing on the wrong tool (not flaky).
 */
beforeAll(async () => {
  await prepareDatabase();
  const w = createRunWriter();
  for (const name of ['flip', 'changed-tools', 'disagree', 'local', 'wrong-together']) cases[name] = w.testCase({ name: `flaky ${name}`, expected: t1 });
  const gpt = w.modelSettings({ provider: 'openai', model: 'gpt-flaky' });
  const gpt2 = w.modelSettings({ provider: 'openai', model: 'gpt-flaky' });
  const local = w.modelSettings({ provider: 'local', model: 'hybrid' });
  const b1 = w.batch({ name: 'flaky night 1' });
  const b2 = w.batch({ name: 'flaky night 2' });
  const same = await toolSet('hash-same');
  const changed = await toolSet('hash-changed');
  const c = (n: string) => cases[n] ?? '';

  runs.flip1 = w.run({ batchId: b1, modelSettingsId: gpt, testCaseId: c('flip'), selected: t1, createdAt: '2025-06-01T00:00:00.000Z' });
  runs.flip2 = w.run({ batchId: b2, modelSettingsId: gpt2, testCaseId: c('flip'), selected: t2, createdAt: '2025-06-02T00:00:00.000Z' });
  showTools(runs.flip1, same);
  showTools(runs.flip2, same);
  const ct1 = w.run({ batchId: b1, modelSettingsId: gpt, testCaseId: c('changed-tools'), selected: t1 });
  const ct2 = w.run({ batchId: b2, modelSettingsId: gpt2, testCaseId: c('changed-tools'), selected: t2 });
  showTools(ct1, same);
  showTools(ct2, changed);
  runs.disagree = w.run({ batchId: b1, modelSettingsId: gpt, testCaseId: c('disagree'), selected: t1, samples: 3, confidence: 2 / 3, passK: false });
  showTools(runs.disagree, same, 'sample_agreement');
  const lr = w.run({ batchId: b1, modelSettingsId: local, testCaseId: c('local'), selected: t1, samples: 3, confidence: 0.55, passK: true });
  showTools(lr, same, 'local_margin');
  const wt = w.run({ batchId: b1, modelSettingsId: gpt, testCaseId: c('wrong-together'), selected: t2, samples: 3, confidence: 1, passK: false });
  showTools(wt, same, 'sample_agreement');
  await w.flush();
  for (const [runId, setId, source] of shown) {
    await run(sql`update test_runs set tool_set_id = ${setId}, confidence_source = coalesce(${source ?? null}, confidence_source) where id = ${runId}`);
  }
});

const get = (query: Record<string, string> = {}) => call<FlakyList & ErrorBody>(flakyRoute.GET, 'GET', '/api/metrics/flaky', { query });

describe('GET /api/metrics/flaky', () => {
  it('lists the case whose verdict flipped under the same tools and the one whose samples disagreed, nothing else', async () => {
    const res = await get({ model: 'gpt-flaky' });
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => `${i.testCaseName}:${i.reasons.join('+')}`).sort()).toEqual(['flaky disagree:samples_disagree', 'flaky flip:verdict_changed']);
    expect(res.body.total).toBe(2);
  });

  it('gives each flaky case its history, newest first, with batches, verdicts and the tools hash', async () => {
    const flip = (await get({ testCaseId: cases.flip ?? '' })).body.items[0];
    expect(flip).toMatchObject({ provider: 'openai', model: 'gpt-flaky', runs: 2, correctRuns: 1, flippedToolSets: 1, disagreeingRuns: 0 });
    expect(flip?.history.map((h) => [h.runId, h.batchName, h.classification, h.correct, h.toolSetHash])).toEqual([
      [runs.flip2, 'flaky night 2', 'FN', false, 'hash-same'],
      [runs.flip1, 'flaky night 1', 'TP', true, 'hash-same'],
    ]);
    const disagree = (await get({ testCaseId: cases.disagree ?? '' })).body.items[0];
    expect(disagree?.history[0]).toMatchObject({ runId: runs.disagree, samples: 3, passK: false, correct: true });
    expect(disagree?.history[0]?.agreement).toBeCloseTo(2 / 3, 5);
  });

  it('does not call the deterministic local router flaky for a low margin, and refuses unknown parameters', async () => {
    expect((await get({ provider: 'local', testCaseId: cases.local ?? '' })).body.items).toEqual([]);
    const bad = await get({ limit: '0' });
    expect(bad.status).toBe(400);
    const unknown = await get({ colour: 'red' });
    expect(unknown.status).toBe(400);
  });
});
