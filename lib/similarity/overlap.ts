import type { PairAnalysis } from './analyze';
import { parameterScore } from './parameter-overlap';
import { DEFAULT_WEIGHTS } from './schemas';
import { round4 } from './score-scale';
import type { Scoring } from './scoring';

/**
 * The capability overlap of two tools: semantic 0.5 + parameters 0.3 + description 0.2
 * (weights overridable), where
 *   semantic    = the calibrated embedding similarity of the descriptions (null for
 *                 description_overlap, which has no embeddings),
 *   parameters  = see parameter-overlap.ts (null when neither tool has parameters),
 *   description = TF-IDF cosine of name + description, stop words removed.
 * A null dimension drops out and the remaining weights are renormalised to sum to 1.
 */

export type OverlapWeights = { semantic: number; parameters: number; description: number };
export type OverlapDimensions = { semantic: number | null; parameters: number | null; description: number };

/** Overrides merged over the defaults, scaled to sum to 1. */
export function resolveWeights(overrides: Partial<OverlapWeights> | undefined): OverlapWeights {
  const merged = { ...DEFAULT_WEIGHTS, ...overrides };
  const total = merged.semantic + merged.parameters + merged.description;
  return { semantic: merged.semantic / total, parameters: merged.parameters / total, description: merged.description / total };
}

export function combineOverlap(dims: OverlapDimensions, weights: OverlapWeights): number {
  let sum = weights.description * dims.description;
  let weight = weights.description;
  if (dims.semantic !== null) {
    sum += weights.semantic * dims.semantic;
    weight += weights.semantic;
  }
  if (dims.parameters !== null) {
    sum += weights.parameters * dims.parameters;
    weight += weights.parameters;
  }
  // Every available dimension weighted 0: the description still says something.
  return round4(weight > 0 ? sum / weight : dims.description);
}

export function overlapDimensions(scoring: Scoring, a: number, b: number): OverlapDimensions {
  const { scale, tools } = scoring;
  const semantic = scoring.method === 'embedding' ? scale.score(scoring.description.pair(a, b)) : null;
  let text: number | null = null;
  const params = scoring.parameters;
  if (params) {
    const sa = params.slot[a]!;
    const sb = params.slot[b]!;
    if (sa >= 0 && sb >= 0) text = scoring.parameterScale.score(params.scores.pair(sa, sb));
  }
  const parameters = parameterScore(tools[a]?.parameters ?? [], tools[b]?.parameters ?? [], text);
  return {
    semantic,
    parameters: parameters === null ? null : round4(parameters),
    description: round4(Math.min(1, Math.max(0, scoring.lexical.scores.pair(a, b)))),
  };
}

export type OverlapMatrix = {
  /** Tool ids of the rows and columns. */
  tools: string[];
  weights: OverlapWeights;
  matrix: number[][];
  dimensions: {
    /** The reported similarity, the score that flags (calibrated, adjusted for actions): what heatmaps are coloured by. */
    similarity: number[][];
    semantic: number[][] | null;
    parameters: (number | null)[][];
    description: number[][];
  };
};

/** The overlap matrices over `indices` (every tool, or the subset a heatmap shows). */
export function overlapMatrix(scoring: Scoring, indices: readonly number[], weights: OverlapWeights): OverlapMatrix {
  const m = indices.length;
  const square = <T>(fill: T) => Array.from({ length: m }, () => Array<T>(m).fill(fill));
  const matrix = square(1);
  const semantic = scoring.method === 'embedding' ? square(1) : null;
  const parameters = square<number | null>(null);
  const description = square(1);
  const similarity = square(1);
  indices.forEach((a, r) => {
    parameters[r]![r] = scoring.tools[a]?.parameters.length ? 1 : null;
    for (let c = r + 1; c < m; c++) {
      const b = indices[c]!;
      const dims = overlapDimensions(scoring, a, b);
      const overlap = combineOverlap(dims, weights);
      matrix[r]![c] = matrix[c]![r] = overlap;
      if (semantic) semantic[r]![c] = semantic[c]![r] = dims.semantic ?? 0;
      parameters[r]![c] = parameters[c]![r] = dims.parameters;
      description[r]![c] = description[c]![r] = dims.description;
      similarity[r]![c] = similarity[c]![r] = scoring.scale.score(scoring.description.pair(Math.min(a, b), Math.max(a, b)));
    }
  });
  return { tools: indices.map((i) => scoring.tools[i]?.id ?? ''), weights, matrix, dimensions: { similarity, semantic, parameters, description } };
}

export type OverlapPair = { toolA: string; toolB: string; overlap: number } & OverlapDimensions;

/** For large inputs: the overlap of the flagged pairs and of each tool with its nearest neighbours. */
export function overlapOfCandidates(scoring: Scoring, analysis: PairAnalysis, weights: OverlapWeights): OverlapPair[] {
  const seen = new Set<number>();
  const n = scoring.tools.length;
  const pairs: [number, number][] = [];
  const add = (x: number, y: number) => {
    const [a, b] = x < y ? [x, y] : [y, x];
    if (a === b || seen.has(a * n + b)) return;
    seen.add(a * n + b);
    pairs.push([a, b]);
  };
  for (const p of analysis.flagged) add(p.a, p.b);
  const { k, indices } = analysis.neighbourIndex;
  for (let i = 0; i < n; i++) for (let r = 0; r < k; r++) if (indices[i * k + r]! >= 0) add(i, indices[i * k + r]!);
  return pairs
    .map(([a, b]) => {
      const dims = overlapDimensions(scoring, a, b);
      return { toolA: scoring.tools[a]?.id ?? '', toolB: scoring.tools[b]?.id ?? '', overlap: combineOverlap(dims, weights), ...dims };
    })
    .sort((x, y) => y.overlap - x.overlap);
}
