import type { PairAnalysis } from './analyze';

/** An SVG with more cells than this is unreadable (and heavy): 100 x 100 = 10,000 cells, about 5 MB with their titles. */
export const HEATMAP_MAX_TOOLS = 100;

/**
 * The tools a heatmap shows, ordered so confusable tools sit next to each other: cluster by
 * cluster (biggest first), then the tools whose nearest neighbour is closest, then the rest
 * in input order, up to `max`.
 */
export function selectHeatmapTools(toolIds: readonly string[], analysis: PairAnalysis, max = HEATMAP_MAX_TOOLS): { indices: number[]; total: number } {
  const indexOf = new Map(toolIds.map((id, i) => [id, i]));
  const chosen: number[] = [];
  const taken = new Set<number>();
  const take = (i: number) => {
    if (i < 0 || chosen.length >= max || taken.has(i)) return;
    taken.add(i);
    chosen.push(i);
  };
  for (const cluster of analysis.clusters) for (const id of cluster.tools) take(indexOf.get(id) ?? -1);
  const closest = analysis.neighbours
    .map((n, i) => ({ i, best: n.neighbours[0]?.similarity ?? 0 }))
    .sort((x, y) => y.best - x.best || x.i - y.i);
  for (const { i } of closest) take(i);
  return { indices: chosen, total: toolIds.length };
}
