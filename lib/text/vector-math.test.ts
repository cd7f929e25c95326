import { describe, expect, it } from 'vitest';
import { dot, norm, normalizeInPlace, sparseDot, termCosine, termNorm } from './vector-math';

describe('dense vectors', () => {
  it('dot, norm and normalizeInPlace agree', () => {
    const v = new Float32Array([3, 4]);
    expect(dot(v, new Float32Array([1, 2]))).toBe(11);
    expect(norm(v)).toBe(5);
    expect(Array.from(normalizeInPlace(v))).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    expect(normalizeInPlace(v)).toBe(v);
  });

  it('leaves a zero or non-finite vector zero', () => {
    expect(Array.from(normalizeInPlace(new Float32Array([0, 0])))).toEqual([0, 0]);
    expect(Array.from(normalizeInPlace(new Float32Array([Infinity, 1])))).toEqual([0, 0]);
  });
});

describe('term vectors', () => {
  it('cosine of shared terms, 0 without any', () => {
    const a = new Map([['search', 1], ['document', 1]]);
    expect(termNorm(a)).toBeCloseTo(Math.SQRT2, 12);
    expect(termCosine(a, new Map([['search', 1], ['todo', 1]]))).toBeCloseTo(0.5, 12);
    expect(termCosine(a, a)).toBeCloseTo(1, 12);
    expect(termCosine(a, new Map([['todo', 2]]))).toBe(0);
    expect(termCosine(new Map(), a)).toBe(0);
  });
});

describe('sparse vectors', () => {
  it('dot merges ascending term lists', () => {
    const a = { terms: Int32Array.from([0, 2, 5]), weights: Float32Array.from([1, 2, 3]) };
    const b = { terms: Int32Array.from([2, 3, 5]), weights: Float32Array.from([4, 7, 0.5]) };
    expect(sparseDot(a, b)).toBe(2 * 4 + 3 * 0.5);
    expect(sparseDot(a, { terms: new Int32Array(0), weights: new Float32Array(0) })).toBe(0);
  });
});
