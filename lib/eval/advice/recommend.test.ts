import { describe, expect, it } from 'vitest';
import { scoreArguments } from '../judge/arguments/score';
import type { ToolRef } from '../judge/classify';
import { recommend } from './recommend';
import type { EvaluatedTool, RecommendInput } from './types';

const todoSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', description: 'Short summary of the task' },
    priority: { type: 'string', enum: ['low', 'medium', 'high'] },
    dueDate: { type: 'string', format: 'date' },
  },
  required: ['title'],
};

const tools: EvaluatedTool[] = [
  { server: 'rag', name: 'rag_search', description: 'Search the knowledge base for relevant documents', inputSchema: {} },
  { server: 'rag', name: 'rag_query', description: 'Query the knowledge base and answer with citations', inputSchema: {} },
  { server: 'todo', name: 'create_todo', description: 'Create a todo', inputSchema: todoSchema },
  { server: 'todo', name: 'delete_todo', description: '', inputSchema: {} },
];
const ref = (server: string, tool: string): ToolRef => ({ server, tool });
const base: RecommendInput = { classification: 'TP', expected: null, selected: null, argumentScore: null, confidence: null, category: null, tools };

describe('recommend', () => {
  it('has nothing to say about a correct, confident run with perfect arguments', () => {
    const argumentScore = scoreArguments({ expected: { title: 'x' }, actual: { title: 'x' }, inputSchema: todoSchema });
    const c = ref('todo', 'create_todo');
    expect(recommend({ ...base, expected: c, selected: c, argumentScore, confidence: 0.9, category: 'robust' })).toEqual([]);
    expect(recommend({ ...base, classification: 'TN', confidence: 0.9, category: 'robust' })).toEqual([]);
  });

  it('names the tool chosen instead and how similar the descriptions are', () => {
    const [rec] = recommend({ ...base, classification: 'FN', expected: ref('rag', 'rag_query'), selected: ref('rag', 'rag_search') });
    expect(rec).toMatchObject({ type: 'tool_confusion', severity: 'high', tool: 'rag/rag_query', otherTool: 'rag/rag_search', similarity: 0.4 });
    expect(rec?.message).toContain('The model called rag/rag_search instead of rag/rag_query');
    expect(rec?.message).toContain('40% similar');
    expect(rec?.message).toContain('"base", "knowledge"');
    expect(rec?.message).toMatch(/Differentiate them/);
  });

  it('says when the called tool was never shown', () => {
    const [rec] = recommend({ ...base, classification: 'FN', expected: ref('rag', 'rag_query'), selected: ref('rag', 'made_up') });
    expect(rec?.type).toBe('tool_confusion');
    expect(rec?.similarity).toBeUndefined();
    expect(rec?.message).toContain('not among the 4 tools it was shown');
  });

  it('suspects the wording when no tool was called, mentioning a short description', () => {
    const [rec] = recommend({ ...base, classification: 'FN', expected: ref('todo', 'create_todo'), selected: null });
    expect(rec).toMatchObject({ type: 'missing_tool_call', severity: 'high', tool: 'todo/create_todo' });
    expect(rec?.message).toContain("may not cover the query's wording");
    expect(rec?.message).toContain('only 13 characters long');
    const [long] = recommend({ ...base, classification: 'FN', expected: ref('rag', 'rag_query'), selected: null });
    expect(long?.message).not.toContain('characters long');
  });

  it('calls a description too broad on a false positive and suggests when not to use it', () => {
    const [rec] = recommend({ ...base, classification: 'FP', selected: ref('rag', 'rag_search') });
    expect(rec).toMatchObject({ type: 'unexpected_tool_call', severity: 'high', tool: 'rag/rag_search' });
    expect(rec?.message).toMatch(/too broad.*when NOT to use it/);
  });

  it('explains mismatched parameters with what the schema says', () => {
    const c = ref('todo', 'create_todo');
    const argumentScore = scoreArguments({
      expected: { title: { $contains: 'dentist' }, priority: 'high', dueDate: '2025-10-31' },
      actual: { title: 'Call the dentist', priority: 'urgent', dueDate: 'Friday' },
      inputSchema: todoSchema,
    });
    const recs = recommend({ ...base, expected: c, selected: c, argumentScore });
    expect(recs.map((r) => [r.type, r.parameter, r.severity])).toEqual([
      ['parameter_ambiguity', 'priority', 'medium'],
      ['parameter_ambiguity', 'dueDate', 'medium'],
    ]);
    expect(recs[0]?.message).toBe(
      'Parameter "priority" of todo/create_todo got "urgent" where "high" was expected (priority must be equal to one of the allowed values). ' +
        'Its schema (type string; allowed values "low", "medium", "high") has no description: add one saying what the value means and in what form.',
    );
    expect(recs[1]?.message).toContain('(type string; format date) has no description');
  });

  it('quotes an existing parameter description', () => {
    const c = ref('todo', 'create_todo');
    const argumentScore = scoreArguments({ expected: { title: 'Dentist' }, actual: { title: 'Call mom' }, inputSchema: todoSchema });
    const [rec] = recommend({ ...base, expected: c, selected: c, argumentScore });
    expect(rec?.message).toContain('describes it as "Short summary of the task"');
  });

  it('flags missing required and hallucinated parameters', () => {
    const c = ref('todo', 'create_todo');
    const argumentScore = scoreArguments({ expected: { title: 'x' }, actual: { tags: ['home'] }, inputSchema: todoSchema });
    const recs = recommend({ ...base, expected: c, selected: c, argumentScore });
    expect(recs.map((r) => [r.type, r.parameter, r.severity])).toEqual([
      ['missing_required', 'title', 'high'],
      ['hallucinated_parameter', 'tags', 'medium'],
    ]);
    expect(recs[0]?.message).toContain('Required parameter "title" of todo/create_todo was not given');
    expect(recs[1]?.message).toMatch(/schema lacks.*invents it.*additionalProperties: false/);
  });

  it('flags arguments that were not a JSON object', () => {
    const c = ref('todo', 'create_todo');
    const argumentScore = scoreArguments({ expected: null, actual: null, inputSchema: todoSchema });
    const [rec] = recommend({ ...base, expected: c, selected: c, argumentScore });
    expect(rec).toMatchObject({ type: 'parameter_ambiguity', severity: 'high' });
  });

  it('warns about confident mistakes before anything less severe', () => {
    const recs = recommend({ ...base, classification: 'FP', selected: ref('rag', 'rag_search'), confidence: 0.92, category: 'misleading' });
    expect(recs.map((r) => [r.type, r.severity])).toEqual([
      ['unexpected_tool_call', 'high'],
      ['description_quality', 'high'],
    ]);
    expect(recs[1]?.message).toContain('92% confident yet wrong (FP)');
  });

  it('points out low confidence, more severely when the choice was wrong', () => {
    const c = ref('todo', 'create_todo');
    const [right] = recommend({ ...base, expected: c, selected: c, confidence: 0.5, category: 'needs_clarity' });
    expect(right).toMatchObject({ type: 'low_confidence', severity: 'low', tool: 'todo/create_todo' });
    const recs = recommend({ ...base, classification: 'FN', expected: c, selected: null, confidence: 0.3, category: 'needs_clarity' });
    expect(recs.map((r) => [r.type, r.severity])).toEqual([
      ['missing_tool_call', 'high'],
      ['low_confidence', 'medium'],
    ]);
  });

  it('says so when the expected tool has no description', () => {
    const [rec] = recommend({ ...base, classification: 'FN', expected: ref('todo', 'delete_todo'), selected: null });
    expect(rec?.message).toContain('no description at all');
  });
});

describe('confidence advice for the local router', () => {
  it('speaks of its score margin, not of a model that was confident, for a clear wrong choice and a thin margin', () => {
    const wrong = recommend({ ...base, classification: 'FN', expected: ref('rag', 'rag_query'), selected: ref('rag', 'rag_search'), confidence: 0.85, category: 'misleading', confidenceBy: 'router' });
    const margin = wrong.find((r) => r.type === 'description_quality' && r.message.includes('score margin'));
    expect(margin?.message).toContain('The local router chose wrong (FN) by a clear score margin (85%)');
    expect(wrong.length).toBeGreaterThan(0);
    expect(wrong.some((r) => r.message.includes('The model was'))).toBe(false);
    const thin = recommend({ ...base, classification: 'TP', expected: ref('rag', 'rag_query'), selected: ref('rag', 'rag_query'), confidence: 0.52, category: 'needs_clarity', confidenceBy: 'router' });
    expect(thin.find((r) => r.type === 'low_confidence')?.message).toBe(
      "The local router's score margin was only 52%: the descriptions score alike for this query, though it chose right; make each tool's scope and wording distinct.",
    );
  });
});
