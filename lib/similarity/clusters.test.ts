import { describe, expect, it } from 'vitest';
import { findClusters } from './clusters';

describe('clusters', () => {
  it('groups tools connected by flagged pairs, biggest first, with their similarity range', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const clusters = findClusters(
      7,
      [
        { a: 3, b: 4, similarity: 0.97 },
        { a: 0, b: 1, similarity: 0.9 },
        { a: 1, b: 2, similarity: 0.86 },
        { a: 0, b: 2, similarity: 0.88 },
      ],
      ids,
    );
    expect(clusters).toEqual([
      { id: 1, tools: ['a', 'b', 'c'], size: 3, pairCount: 3, maxSimilarity: 0.9, minSimilarity: 0.86 },
      { id: 2, tools: ['d', 'e'], size: 2, pairCount: 1, maxSimilarity: 0.97, minSimilarity: 0.97 },
    ]);
  });

  it('chains: a-b and b-c put a and c together even though a-c is not flagged', () => {
    const clusters = findClusters(3, [{ a: 0, b: 1, similarity: 0.9 }, { a: 1, b: 2, similarity: 0.9 }], ['a', 'b', 'c']);
    expect(clusters.map((c) => c.tools)).toEqual([['a', 'b', 'c']]);
  });

  it('has no clusters without flagged pairs', () => {
    expect(findClusters(4, [], ['a', 'b', 'c', 'd'])).toEqual([]);
  });
});
