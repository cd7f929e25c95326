import type { OverlapResult } from '../types';

export type OverlapScores = { overlap: number; semantic: number | null; parameters: number | null; description: number };

const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** The overlap of a pair by tool ids, from the full matrix or (large inputs) the candidate pairs. */
export function overlapLookup(result: OverlapResult): (a: string, b: string) => OverlapScores | undefined {
  const map = new Map<string, OverlapScores>();
  if (result.matrix) {
    const ids = result.tools.map((t) => t.id);
    const { semantic, parameters, description } = result.dimensions;
    for (let r = 0; r < ids.length; r++) {
      for (let c = r + 1; c < ids.length; c++) {
        map.set(key(ids[r]!, ids[c]!), {
          overlap: result.matrix[r]![c]!,
          semantic: semantic ? semantic[r]![c]! : null,
          parameters: parameters[r]![c] ?? null,
          description: description[r]![c]!,
        });
      }
    }
  } else {
    for (const p of result.pairs) map.set(key(p.toolA, p.toolB), { overlap: p.overlap, semantic: p.semantic, parameters: p.parameters, description: p.description });
  }
  return (a, b) => map.get(key(a, b));
}
