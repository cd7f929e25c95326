import { describe, expect, it } from 'vitest';
import { decideTool, LOCAL_SCORE_THRESHOLD } from './decide';

const scores = (...values: number[]) => values.map((score, i) => ({ name: `t${i}`, score }));

describe('decideTool', () => {
  it('calls no tool below the threshold, confidently when nothing overlaps', () => {
    expect(decideTool(scores(0, 0))).toMatchObject({ selected: null, confidence: 1 });
    expect(decideTool([])).toMatchObject({ selected: null, confidence: 1 });
    const close = decideTool(scores(LOCAL_SCORE_THRESHOLD - 0.01, 0));
    expect(close.selected).toBeNull();
    expect(close.confidence).toBeLessThan(0.7);
  });

  it('maps a clear winner to >= 0.7 and a near tie to < 0.7', () => {
    const clear = decideTool(scores(0.5, 0.1));
    expect(clear.selected?.name).toBe('t0');
    expect(clear.confidence).toBeGreaterThanOrEqual(0.7);
    expect(clear.reasoning).toContain('`t1`');
    expect(decideTool(scores(0.3, 0.28)).confidence).toBeLessThan(0.7);
  });

  it('tempers confidence when the winning score is barely above the threshold', () => {
    expect(decideTool(scores(0.13, 0.05)).confidence).toBeLessThan(0.7);
    expect(decideTool(scores(0.4)).confidence).toBe(1);
  });
});
