import { describe, expect, it } from 'vitest';
import { listSharedTerms, measureTextSimilarity } from './text-similarity';

describe('measureTextSimilarity', () => {
  it('is 1 for the same words, whatever case and stop words', () => {
    expect(measureTextSimilarity('Search documents', 'search THE documents')).toBe(1);
  });

  it('is 0 with no shared words, or no words at all', () => {
    expect(measureTextSimilarity('Create a todo item', 'Delete every record')).toBe(0);
    expect(measureTextSimilarity('', 'anything')).toBe(0);
    expect(measureTextSimilarity('the a of', 'the a of')).toBe(0);
  });

  it('is the cosine of term frequencies, rounded to 2 decimals', () => {
    // {search:1, documents:1} vs {search:1, todos:1}: 1 / (sqrt2 * sqrt2) = 0.5
    expect(measureTextSimilarity('search documents', 'search todos')).toBe(0.5);
    // {a:2, b:1} vs {a:1, c:1}: 2 / (sqrt5 * sqrt2) = 0.632...
    expect(measureTextSimilarity('alpha alpha beta', 'alpha gamma')).toBe(0.63);
  });

  it('is symmetric', () => {
    const a = 'Query the knowledge base and answer with citations';
    const b = 'Search the knowledge base for documents';
    expect(measureTextSimilarity(a, b)).toBe(measureTextSimilarity(b, a));
    // 2 shared of 5 and 4 words: 2 / sqrt(20) = 0.447
    expect(measureTextSimilarity(a, b)).toBe(0.45);
  });
});

describe('listSharedTerms', () => {
  it('lists shared words, most frequent first', () => {
    expect(listSharedTerms('search search the knowledge base', 'knowledge base search', 2)).toEqual(['search', 'base']);
    expect(listSharedTerms('create todo', 'delete record')).toEqual([]);
  });
});
