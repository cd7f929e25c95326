import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bfclRoute from '@/app/api/import/bfcl/route';
import * as caseRoute from '@/app/api/test-cases/[id]/route';
import * as caseRunsRoute from '@/app/api/test-cases/[id]/runs/route';
import * as runRoute from '@/app/api/test-runs/[id]/route';
import { sql } from 'drizzle-orm';
import { all } from '@/db/sql';
import type { BfclImportReport } from '@/lib/import/bfcl';
import { waitForJob } from '@/lib/eval/run/jobs';
import { call } from './helpers/api';
import { startLlmServer, type LlmServer } from './helpers/llm-server';

/**
 * A BFCL-imported case run end to end against a scripted OpenAI endpoint: the verdict follows
 * the case's profile, and the profile is stored on the evaluation and shown in the run detail.
 */

type RunDetail = { id: string; classification: string | null; failureReasons: string[]; evaluation: { argumentMatching: string; failureReasons: string[] } | null };

const SAMPLE = path.resolve(process.cwd(), '../shared/data/bfcl/bfcl-v4-sample.json');
let llm: LlmServer;
let testCaseId = '';

beforeAll(async () => {
  llm = await startLlmServer({
    rules: [
      { match: /^Rate your confidence/, replies: [{ text: '{"confidence": 0.9, "reasoning": "Named directly."}' }] },
      // "Meters." is "meters" to BFCL (case and punctuation dropped), not to the strict profile.
      { match: /area of a circle/, replies: [{ toolCalls: [{ name: 'geometry_area_circle', arguments: { radius: 10, units: 'Meters.' } }] }] },
    ],
  });
  const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as { simple: { id: string; ground_truth: unknown }[] };
  const entry = sample.simple.find((e) => e.id === 'simple_python_8');
  if (!entry) throw new Error('simple_python_8 not in the sample');
  const res = await call<BfclImportReport>(bfclRoute.POST, 'POST', '/api/import/bfcl', { body: { entries: [entry], answers: [{ id: entry.id, ground_truth: entry.ground_truth }] } });
  const result = res.body.results[0];
  if (result?.status !== 'created') throw new Error(JSON.stringify(result));
  testCaseId = result.testCaseId;
});

afterAll(async () => {
  await llm?.close();
});

async function runOnce(): Promise<RunDetail> {
  const model = { provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, timeout: 5, maxRetries: 0 };
  const res = await call<{ id: string }>(caseRunsRoute.POST, 'POST', `/api/test-cases/${testCaseId}/runs`, { params: { id: testCaseId }, body: { model }, headers: { 'x-openai-api-key': 'sk-test' } });
  expect(res.status).toBe(202);
  await waitForJob(res.body.id);
  return (await call<RunDetail>(runRoute.GET, 'GET', `/api/test-runs/${res.body.id}`, { params: { id: res.body.id } })).body;
}

describe('a BFCL case in a run', () => {
  it('is judged with its profile, which the evaluation keeps', async () => {
    const bfcl = await runOnce();
    expect(bfcl.classification).toBe('TP');
    expect(bfcl.evaluation).toMatchObject({ argumentMatching: 'bfcl', failureReasons: [] });

    const patched = await call(caseRoute.PATCH, 'PATCH', `/api/test-cases/${testCaseId}`, { params: { id: testCaseId }, body: { argumentMatching: 'strict' } });
    expect(patched.status).toBe(200);
    const strict = await runOnce();
    expect(strict.evaluation).toMatchObject({ argumentMatching: 'strict', failureReasons: ['value_mismatch:units'] });

    // In the order the runs were made (the second started after the first was judged).
    const stored = await all<{ m: string }>(sql`select argument_matching as m from evaluation_results order by run_created_at, created_at`);
    expect(stored.map((r) => r.m)).toEqual(['bfcl', 'strict']);
  });

  it('refuses an unknown profile with a 400 naming the field', async () => {
    const res = await call<{ error: { code: string; details: { path: string }[] } }>(caseRoute.PATCH, 'PATCH', `/api/test-cases/${testCaseId}`, { params: { id: testCaseId }, body: { argumentMatching: 'fuzzy' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details.map((d) => d.path)).toEqual(['argumentMatching']);
  });
});
