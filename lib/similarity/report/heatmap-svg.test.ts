import { describe, expect, it } from 'vitest';
import type { OverlapMatrix } from '../overlap';
import { heatColor, renderHeatmap } from './heatmap-svg';

/** Two tools whose weighted overlap (.55) and similarity (.91) disagree, as in issue 15. */
const matrix: OverlapMatrix = {
  tools: ['s/a', 's/b', 't/c'],
  weights: { semantic: 0.5, parameters: 0.3, description: 0.2 },
  matrix: [
    [1, 0.55, 0.58],
    [0.55, 1, 0.2],
    [0.58, 0.2, 1],
  ],
  dimensions: {
    similarity: [
      [1, 0.91, 0.5],
      [0.91, 1, 0.1],
      [0.5, 0.1, 1],
    ],
    semantic: null,
    parameters: [
      [null, null, null],
      [null, null, null],
      [null, null, null],
    ],
    description: [
      [1, 0.3, 0.4],
      [0.3, 1, 0],
      [0.4, 0, 1],
    ],
  },
};

describe('SVG heatmap', () => {
  const svg = renderHeatmap(matrix, 0.85);

  it('colours a cell by the similarity that flags, and outlines the flagged pair only', () => {
    const rects = [...svg.matchAll(/<rect x="[\d.]+" y="[\d.]+" width="\d+" height="\d+" fill="([^"]+)"( stroke[^>]*)?><title>([^<]+)<\/title>/g)];
    expect(rects).toHaveLength(9);
    const ab = rects.find((m) => m[3]!.startsWith('s/a × s/b'))!;
    expect(ab[1]).toBe(heatColor(0.91));
    expect(ab[2]).toContain('stroke');
    expect(ab[3]).toBe('s/a × s/b: similarity 0.91 (flagged); overlap 0.55 (semantic n/a, parameters n/a, description 0.3)');
    const ac = rects.find((m) => m[3]!.startsWith('s/a × t/c'))!;
    expect(ac[1]).toBe(heatColor(0.5));
    expect(ac[2]).toBeUndefined();
  });

  it('labels rows and columns and prints each pair cell its value', () => {
    expect(svg.match(/text-anchor="end"[^>]*>(s\/a|s\/b|t\/c)</g)).toHaveLength(3);
    expect(svg.match(/transform="rotate\(-45 [^"]+"[^>]*>(s\/a|s\/b|t\/c)</g)).toHaveLength(3);
    const values = [...svg.matchAll(/pointer-events="none">([^<]+)</g)].map((m) => m[1]);
    expect(values).toEqual(['.91', '.50', '.91', '.10', '.50', '.10']);
  });
});
