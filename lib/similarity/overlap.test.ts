import { describe, expect, it } from 'vitest';
import { combineOverlap, resolveWeights } from './overlap';
import { normalizeParameterName, parameterNameOverlap, parameterScore } from './parameter-overlap';
import type { SimilarityParameter } from './types';

const p = (name: string, type: string | null = 'string'): SimilarityParameter => ({ name, type, description: '', required: false });

describe('overlap weights', () => {
  it('defaults to 0.5 / 0.3 / 0.2 and scales overrides to sum to 1', () => {
    expect(resolveWeights(undefined)).toEqual({ semantic: 0.5, parameters: 0.3, description: 0.2 });
    const w = resolveWeights({ semantic: 0.6 });
    expect(w.semantic + w.parameters + w.description).toBeCloseTo(1, 10);
    expect(w.semantic / w.parameters).toBeCloseTo(2, 10);
  });

  it('renormalises over the dimensions that have a score', () => {
    const w = resolveWeights(undefined);
    expect(combineOverlap({ semantic: 0.9, parameters: 0.5, description: 0.4 }, w)).toBeCloseTo(0.5 * 0.9 + 0.3 * 0.5 + 0.2 * 0.4, 4);
    // Neither tool has parameters: (0.5 * 0.9 + 0.2 * 0.4) / 0.7.
    expect(combineOverlap({ semantic: 0.9, parameters: null, description: 0.4 }, w)).toBeCloseTo((0.45 + 0.08) / 0.7, 4);
    // description_overlap has no semantic dimension.
    expect(combineOverlap({ semantic: null, parameters: 0.5, description: 0.4 }, w)).toBeCloseTo((0.15 + 0.08) / 0.5, 4);
    expect(combineOverlap({ semantic: null, parameters: null, description: 0.4 }, w)).toBe(0.4);
    // Every available dimension weighted 0: the description decides.
    expect(combineOverlap({ semantic: null, parameters: null, description: 0.3 }, resolveWeights({ description: 0 }))).toBe(0.3);
  });
});

describe('parameters dimension', () => {
  it('normalises names', () => {
    expect(normalizeParameterName('top_k')).toBe(normalizeParameterName('topK'));
    expect(normalizeParameterName('document-ids')).toBe('documentids');
  });

  it('is a typed Jaccard over names, half credit for a type mismatch', () => {
    expect(parameterNameOverlap([p('query'), p('topK', 'integer')], [p('query'), p('top_k', 'integer')])).toBe(1);
    expect(parameterNameOverlap([p('query'), p('limit', 'integer')], [p('query'), p('page', 'integer')])).toBeCloseTo(1 / 3, 10);
    expect(parameterNameOverlap([p('id', 'string')], [p('id', 'integer')])).toBe(0.5);
    expect(parameterNameOverlap([p('id', null)], [p('id', 'integer')])).toBe(1);
  });

  it('is null when neither tool has parameters, 0 when only one has', () => {
    expect(parameterScore([], [], 0.9)).toBeNull();
    expect(parameterScore([p('q')], [], 0.9)).toBe(0);
    expect(parameterScore([p('q')], [p('q')], 0.6)).toBeCloseTo(0.8, 10);
    expect(parameterScore([p('q')], [p('q')], null)).toBe(1);
  });
});
