import { describe, expect, it } from 'vitest';
import { cellTitle, confusionLabel } from './pair-similarity';

const confusion = (similarity: number | null) => ({ expected: { server: 'rag', tool: 'search' }, selected: { server: 'rag', tool: 'fetch' }, count: 3, similarity });

describe('confusion heatmap cell titles', () => {
  it('a mistake between two tools carries the similarity of their descriptions', () => {
    expect(cellTitle('rag/search', 'rag/fetch', 3, confusion(0.914), false)).toBe('Expected rag/search, selected rag/fetch: 3 runs; similarity of the two descriptions 0.91');
    expect(cellTitle('rag/search', 'rag/fetch', 1, confusion(null), false)).toBe('Expected rag/search, selected rag/fetch: 1 run; similarity of the two descriptions n/a');
    expect(cellTitle('rag/search', 'rag/fetch', 1, undefined, true)).toMatch(/similarity loading/);
  });

  it('the diagonal and misses to or from "none" have no pair to score', () => {
    expect(cellTitle('rag/search', 'rag/search', 4, undefined, false)).toBe('Expected rag/search, selected rag/search: 4 runs');
    expect(cellTitle('none', 'rag/fetch', 2, undefined, false)).toBe('Expected none, selected rag/fetch: 2 runs');
    expect(cellTitle('rag/fetch', 'none', 2, undefined, true)).toBe('Expected rag/fetch, selected none: 2 runs');
  });

  it('labels tools as the matrix does', () => {
    expect(confusionLabel({ server: 'a', tool: 'b' })).toBe('a/b');
    expect(confusionLabel(null)).toBe('none');
  });
});
