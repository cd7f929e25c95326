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

describe('decideTool reasoning', () => {
  it('names the closest candidates and their scores when no tool reaches the threshold', () => {
    const miss = decideTool([{ name: 'get-sum', score: 0.1041 }, { name: 'echo', score: 0.05 }, { name: 'add', score: 0.02 }, { name: 'zero', score: 0 }], 0.12);
    expect(miss.selected).toBeNull();
    expect(miss.reasoning).toContain('Closest: `get-sum` 0.104, `echo` 0.05, `add` 0.02.');
    expect(miss.reasoning).toContain('0.12 similarity threshold');
    expect(miss.reasoning).not.toContain('`zero`');
    expect(miss.reasoning).toContain(`Confidence ${Math.round(miss.confidence * 100)}%`);
  });

  it('names the runners-up with their scores when a tool wins', () => {
    const hit = decideTool([{ name: 'a', score: 0.5 }, { name: 'b', score: 0.2 }, { name: 'c', score: 0.1 }], 0.12);
    expect(hit.selected?.name).toBe('a');
    expect(hit.reasoning).toContain('`a` scored 0.5 (threshold 0.12), ahead of `b` 0.2, `c` 0.1 (a margin of 60% of the best score)');
  });
});
