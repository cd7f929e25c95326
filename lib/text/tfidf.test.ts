import { describe, expect, it } from 'vitest';
import { countTerms, idfOf, termWeight, tfIdfVectors, weighTerms } from './tfidf';
import { sparseDot } from './vector-math';

describe('TF-IDF weights', () => {
  it('smooths the IDF and damps repeated terms', () => {
    expect(idfOf(3, 3)).toBe(1);
    expect(idfOf(0, 3)).toBeCloseTo(Math.log(4) + 1, 12);
    expect(termWeight(1, 2)).toBe(2);
    expect(termWeight(Math.E, 1)).toBeCloseTo(2, 12);
  });

  it('counts terms in first-seen order and weighs them', () => {
    const counts = countTerms(['b', 'a', 'b']);
    expect([...counts]).toEqual([
      ['b', 2],
      ['a', 1],
    ]);
    expect([...weighTerms(counts, () => 1)]).toEqual([
      ['b', 1 + Math.log(2)],
      ['a', 1],
    ]);
  });
});

describe('tfIdfVectors', () => {
  it('makes unit vectors over the stems of the corpus, the empty text the zero vector', () => {
    const { vectors, terms } = tfIdfVectors(['Search documents', 'search todos', 'the of']);
    expect(terms).toEqual(['search', 'document', 'todo']);
    expect(vectors).toHaveLength(3);
    expect(sparseDot(vectors[0]!, vectors[0]!)).toBeCloseTo(1, 6);
    expect(sparseDot(vectors[1]!, vectors[1]!)).toBeCloseTo(1, 6);
    expect(vectors[2]!.terms).toHaveLength(0);
    // "search" is in two of three texts, so weighs less than the word each text has alone.
    expect(Array.from(vectors[0]!.terms)).toEqual([0, 1]);
    expect(vectors[0]!.weights[0]!).toBeLessThan(vectors[0]!.weights[1]!);
    expect(sparseDot(vectors[0]!, vectors[1]!)).toBeGreaterThan(0);
  });
});
