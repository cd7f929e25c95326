import { describe, expect, it } from 'vitest';
import { defineLocalProvider, localProvider, type LocalRaw } from './provider';
import { LOCAL_SCORE_THRESHOLD } from './decide';
import type { ToolScorer } from './scorer';
import { DEMO_TOOLS, expectProviderError, makeModel, makeRequest } from '../testing/fixtures';
import { LOCAL_MODELS, ModelConfigSchema } from '../types';

const model = makeModel({ provider: 'local', model: 'lexical' });
const ask = (query: string) => makeRequest(model, { query });

describe('local provider', () => {
  it('needs no key and reports zero usage', async () => {
    expect(localProvider.requiresApiKey).toBe(false);
    expect((await localProvider.selectTool(ask('weather in Paris'))).usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });

  it.each([
    ['What is the weather forecast for Oslo?', 'get_forecast'],
    ['Add a todo to buy milk', 'add_todo'],
    ['Show my completed todos', 'list_todos'],
    ['Search the knowledge base for the refund policy', 'search_documents'],
  ])('picks the obvious tool for %j', async (query, expected) => {
    const selection = await localProvider.selectTool(ask(query));
    expect(selection.toolCalls.map((c) => c.name)).toEqual([expected]);
    expect(selection.text).toBeNull();
  });

  it('calls no tool for an unrelated query', async () => {
    const selection = await localProvider.selectTool(ask('What is the capital of France?'));
    expect(selection.toolCalls).toEqual([]);
    expect((selection.raw as LocalRaw).selected).toBeNull();
    const assessment = await localProvider.assessConfidence({ ...ask('What is the capital of France?'), selection });
    expect(assessment.confidence).toBeGreaterThanOrEqual(0.7);
    expect(assessment.reasoning).toMatch(/no tool/i);
  });

  it('extracts only values the query states', async () => {
    const selection = await localProvider.selectTool(ask('Add a todo "buy milk" due 2026-05-01 with high priority'));
    expect(selection.toolCalls[0]).toEqual({
      name: 'add_todo',
      arguments: { title: 'buy milk', due_date: '2026-05-01', priority: 'high' },
    });
    const weather = await localProvider.selectTool(ask('What is the weather in Paris?'));
    expect(weather.toolCalls[0]?.arguments).toEqual({});
  });

  it('explains the choice in the raw response with the top scores', async () => {
    const { raw } = await localProvider.selectTool(ask('Show my completed todos'));
    const local = raw as LocalRaw;
    expect(local).toMatchObject({ scorer: 'tfidf-cosine', threshold: LOCAL_SCORE_THRESHOLD, selected: 'list_todos' });
    expect(local.top).toHaveLength(DEMO_TOOLS.length);
    expect(local.top[0]?.name).toBe('list_todos');
    expect(local.top[0]?.score).toBeGreaterThan(local.top[1]?.score ?? 1);
  });

  it('gives a clear winner high confidence with a reasoning sentence', async () => {
    const req = ask('What is the weather forecast for Oslo?');
    const selection = await localProvider.selectTool(req);
    const assessment = await localProvider.assessConfidence({ ...req, selection });
    expect(assessment.confidence).toBeGreaterThanOrEqual(0.7);
    expect(assessment.reasoning).toContain('`get_forecast`');
    expect(assessment.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
  });

  it('is deterministic', async () => {
    const query = 'How many items are on my list?';
    const runs = await Promise.all([1, 2, 3].map(() => localProvider.selectTool(ask(query))));
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it('picks the scorer by model: lexical, or hybrid for everything else the schema lets through', async () => {
    const fixed = (id: string, winner: number): ToolScorer => ({
      id,
      score: async (_query, tools) => tools.map((t, i) => ({ name: t.exposedName, score: i === winner ? 0.9 : 0.1 })).sort((a, b) => b.score - a.score),
    });
    const provider = defineLocalProvider({ hybrid: fixed('fixed-hybrid', 2), lexical: fixed('fixed-lexical', 1) });
    const lexical = await provider.selectTool(ask('anything'));
    expect(lexical.toolCalls[0]?.name).toBe(DEMO_TOOLS[1]?.exposedName);
    expect((lexical.raw as LocalRaw).scorer).toBe('fixed-lexical');
    const hybrid = await provider.selectTool(makeRequest(makeModel({ provider: 'local', model: 'hybrid' }), { query: 'anything' }));
    expect(hybrid.toolCalls[0]?.name).toBe(DEMO_TOOLS[2]?.exposedName);
    expect((hybrid.raw as LocalRaw).scorer).toBe('fixed-hybrid');
  });

  it('refuses a model name it does not know before any run starts', () => {
    const parsed = ModelConfigSchema.safeParse({ provider: 'local', model: 'gpt-4o' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['model'], message: expect.stringContaining('hybrid, lexical') });
    for (const name of LOCAL_MODELS) expect(ModelConfigSchema.safeParse({ provider: 'local', model: name }).success).toBe(true);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    const err = await expectProviderError(localProvider.selectTool(makeRequest(model, { signal: controller.signal })));
    expect(err.kind).toBe('aborted');
  });
});
