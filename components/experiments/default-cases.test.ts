import { describe, expect, it } from 'vitest';
import { defaultCaseIds, filterCases } from './default-cases';

const cases = [
  { id: 'a', name: 'Search docs', query: 'find the onboarding guide', servers: [{ name: 'rag' }], expectedServer: 'rag', expectedTool: 'rag_search' },
  { id: 'b', name: 'Context', query: 'give me context on X', servers: [{ name: 'rag' }], expectedServer: 'rag', expectedTool: 'rag_retrieve_context' },
  { id: 'c', name: 'Negative', query: 'tell a joke', servers: [{ name: 'rag' }, { name: 'todo' }], expectedServer: null, expectedTool: null },
  { id: 'd', name: 'Todo', query: 'add milk', servers: [{ name: 'todo' }], expectedServer: 'todo', expectedTool: 'create_todo' },
  { id: 'e', name: 'Same tool name elsewhere', query: 'search', servers: [{ name: 'other' }], expectedServer: 'other', expectedTool: 'rag_search' },
];

describe('default case selection', () => {
  it('without focus tools: every case whose servers hold a changed tool, negatives included', () => {
    expect(defaultCaseIds(cases, [{ server: 'rag', tool: 'rag_search' }])).toEqual(['a', 'b', 'c']);
    expect(defaultCaseIds(cases, [{ server: 'todo', tool: 'create_todo' }])).toEqual(['c', 'd']);
    expect(defaultCaseIds(cases, [])).toEqual([]);
  });

  it('with focus tools: only the cases that expect one of them, matched on server and tool', () => {
    expect(defaultCaseIds(cases, [{ server: 'rag', tool: 'rag_search' }], [{ server: 'rag', tool: 'rag_search' }, { server: 'rag', tool: 'rag_retrieve_context' }])).toEqual(['a', 'b']);
  });

  it('filters the checklist by name, query or expected tool, ignoring case', () => {
    expect(filterCases(cases, 'SEARCH').map((c) => c.id)).toEqual(['a', 'e']);
    expect(filterCases(cases, 'milk').map((c) => c.id)).toEqual(['d']);
    expect(filterCases(cases, '  ').length).toBe(5);
  });
});
