import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../testing/fixtures';
import { scoreTfIdf } from './tfidf';

describe('scoreTfIdf', () => {
  it('ranks the matching tool first, scores in [0, 1]', () => {
    const scores = scoreTfIdf('forecast the weather in Oslo', DEMO_TOOLS);
    expect(scores[0]?.name).toBe('get_forecast');
    for (const s of scores) {
      expect(s.score).toBeGreaterThanOrEqual(0);
      expect(s.score).toBeLessThanOrEqual(1 + 1e-9);
    }
  });

  it('scores 0 when nothing overlaps, keeping the input order on ties', () => {
    const scores = scoreTfIdf('capital of France', DEMO_TOOLS);
    expect(scores.map((s) => s.score)).toEqual([0, 0, 0, 0]);
    expect(scores.map((s) => s.name)).toEqual(DEMO_TOOLS.map((t) => t.exposedName));
  });

  it('handles no tools and an empty query', () => {
    expect(scoreTfIdf('anything', [])).toEqual([]);
    expect(scoreTfIdf('', DEMO_TOOLS).map((s) => s.score)).toEqual([0, 0, 0, 0]);
  });
});
