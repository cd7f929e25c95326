import { describe, expect, it } from 'vitest';
import { pairIndex } from '../results/pair-index';
import { joinConfusions } from './join-confusions';

const tool = (id: string) => {
  const [server, name] = id.split('/') as [string, string];
  return { server, tool: name };
};
const confusion = (a: string | null, b: string | null, count: number, similarity: number | null = null) => ({
  expected: a ? tool(a) : null,
  selected: b ? tool(b) : null,
  count,
  similarity,
});

describe('joinConfusions', () => {
  const ids = ['todo/list_todos', 'todo/search_todos', 'todo/create_todo', 'rag/rag_search'];
  const pairs = pairIndex([
    { toolA: 'todo/list_todos', toolB: 'todo/search_todos', similarity: 0.91, flagged: true },
    { toolA: 'todo/create_todo', toolB: 'todo/list_todos', similarity: 0.4, flagged: false },
  ]);
  const observed = joinConfusions(
    [
      confusion('todo/list_todos', 'todo/search_todos', 3, 0.9),
      confusion('todo/search_todos', 'todo/list_todos', 2, 0.9),
      confusion('todo/list_todos', 'todo/create_todo', 1, 0.42),
      confusion('rag/rag_search', 'todo/search_todos', 4, 0.6),
      confusion('todo/list_todos', null, 7),
      confusion('todo/list_todos', 'other/tool', 5, 0.8),
    ],
    ids,
    pairs,
  );

  it('counts both directions of a pair, and only pairs of analysed tools', () => {
    expect(observed.countOf('todo/search_todos', 'todo/list_todos')).toBe(5);
    expect(observed.countOf('todo/list_todos', 'todo/search_todos')).toBe(5);
    expect(observed.countOf('todo/list_todos', 'other/tool')).toBe(0);
    expect(observed.confusedPairs).toBe(3);
  });

  it('lists confused pairs the analysis did not flag, with its own score when it has one', () => {
    expect(observed.missed).toEqual([
      { toolA: 'rag/rag_search', toolB: 'todo/search_todos', count: 4, similarity: 0.6 },
      { toolA: 'todo/create_todo', toolB: 'todo/list_todos', count: 1, similarity: 0.4 },
    ]);
  });
});
