import { describe, expect, it } from 'vitest';
import { scoreArguments } from '../judge/arguments/score';
import { explain, type ExplainInput } from './reasoning';

const schema = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
const tools = [
  { server: 'rag', name: 'rag_search', description: 'Search documents', inputSchema: schema },
  { server: 'rag', name: 'rag_query', description: 'Query documents', inputSchema: schema },
];
const search = { server: 'rag', tool: 'rag_search' };
const query = { server: 'rag', tool: 'rag_query' };
const base: ExplainInput = { classification: 'TN', expected: null, selected: null, argumentScore: null, confidence: null, category: null, tools };

describe('explain', () => {
  it('describes a correct call with its arguments and confidence', () => {
    const argumentScore = scoreArguments({ expected: { query: 'ssl' }, actual: { query: 'SSL' }, inputSchema: schema });
    expect(explain({ ...base, classification: 'TP', expected: search, selected: search, argumentScore, confidence: 0.9, category: 'robust' })).toBe(
      'The model called rag/rag_search, the expected tool (TP). Every expected argument value matched, and the arguments conform to the schema. ' +
        'Confidence 90% (robust: high and correct).',
    );
  });

  it('describes a wrong tool with the similarity of the two descriptions', () => {
    expect(explain({ ...base, classification: 'FN', expected: query, selected: search, confidence: 0.8, category: 'misleading' })).toBe(
      'rag/rag_query was expected, but the model called rag/rag_search (FN); their descriptions are 50% similar. ' +
        'Its arguments were not scored, since the tool was wrong. Confidence 80% (misleading: high but wrong).',
    );
  });

  it('describes a missing call, a false positive and a true negative', () => {
    expect(explain({ ...base, classification: 'FN', expected: query })).toBe('rag/rag_query was expected, but the model called no tool (FN).');
    expect(explain({ ...base, classification: 'FP', selected: search, confidence: 0.4, category: 'needs_clarity' })).toBe(
      'No tool call was expected, but the model called rag/rag_search (FP). Its arguments were not scored, since the tool was wrong. ' +
        'Confidence 40% (needs clarity: below 70%).',
    );
    expect(explain(base)).toBe('No tool call was expected and the model called none (TN).');
  });

  it("quotes the model's reasoning, whitespace collapsed and shortened", () => {
    const text = explain({ ...base, modelReasoning: `  No tool\n\nfits.  ${'x'.repeat(400)}` });
    expect(text).toMatch(/^No tool call was expected and the model called none \(TN\)\. The model's own explanation: "No tool fits\. x+…"$/);
    expect(text.length).toBeLessThan(400);
    expect(explain({ ...base, modelReasoning: '   ' })).toBe('No tool call was expected and the model called none (TN).');
  });
});
