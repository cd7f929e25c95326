import { getEnv } from '@/lib/env';
import { createYielder } from '@/lib/event-loop';
import { findClustersCooperatively, type Cluster } from './clusters';
import { sortFlagged, type FlaggedList, type IndexedPair } from './flagged-pairs';
import type { Scoring } from './scoring';
import { scanNeighboursInWorkers, type KernelResult } from './kernel/pool';
import type { KernelEngine } from './kernel/protocol';
import { matrixScores, scanNeighboursCooperatively, symmetricMatrixCooperatively, type PairList, type PairScores } from './vector';

/** Above this many tools a response lists flagged pairs and top-k neighbours, not all n^2 pairs. */
export const LARGE_INPUT = 200;
/** Up to this many tools `computeFullSimilarity` still lists every pair (about 500k); beyond, the CSV report streams them. */
export const MAX_ALL_PAIRS_TOOLS = 1000;
/** A very low threshold on thousands of tools flags millions of pairs: the response keeps the strongest. */
export const MAX_LISTED_PAIRS = 50_000;

export type SimilarityPair = { toolA: string; toolB: string; similarity: number; fullSimilarity?: number; flagged: boolean };
export type Neighbour = { tool: string; similarity: number };
export type ToolNeighbours = { tool: string; neighbours: Neighbour[] };

export type { FlaggedList, IndexedPair } from './flagged-pairs';

export type PairAnalysis = {
  /** 'all': every pair is listed; 'sparse': flagged pairs only, plus the neighbours. */
  mode: 'all' | 'sparse';
  threshold: number;
  pairs: SimilarityPair[];
  neighbours: ToolNeighbours[];
  clusters: Cluster[];
  /** Every flagged pair, strongest first (may exceed the pairs listed). */
  flagged: FlaggedList;
  /** The k nearest other tools of each tool, by index (for the overlap and the heatmap). */
  neighbourIndex: { k: number; indices: Int32Array };
  /** Reported scores of every pair (row-major n x n) in 'all' mode. */
  matrix: Float32Array | null;
  pairCount: number;
  truncated: boolean;
  /** How the worker threads scanned the pairs, or null when this thread did. */
  kernel: KernelResult['stats'] | null;
};

/** From this many tools a sparse analysis scores pairs in the kernel's worker threads (below, this thread is quicker than a hand-off). */
export const KERNEL_MIN_TOOLS = 1000;

/**
 * Where the pair scan runs: 'auto' (the workers for sparse analyses from KERNEL_MIN_TOOLS
 * tools on, when the scores are dense cosines), 'worker' (whenever they can) or 'inline'
 * (this thread, cooperatively). SIMILARITY_KERNEL=inline|worker sets the default.
 */
export type KernelChoice = 'auto' | 'worker' | 'inline';

export type AnalysisOptions = {
  threshold: number;
  topK: number;
  computeFull: boolean;
  /** Cancels the workers' scan (the request went away). */
  signal?: AbortSignal;
  kernel?: KernelChoice;
  engine?: KernelEngine;
  timeoutMs?: number;
};

function usesKernel(scoring: Scoring, mode: 'all' | 'sparse', options: AnalysisOptions): boolean {
  const choice = options.kernel ?? getEnv().similarityKernel;
  if (choice === 'inline' || mode !== 'sparse' || !scoring.dense) return false;
  return choice === 'worker' || scoring.tools.length >= KERNEL_MIN_TOOLS;
}

export function analysisMode(toolCount: number, computeFull: boolean): 'all' | 'sparse' {
  return toolCount <= LARGE_INPUT || (computeFull && toolCount <= MAX_ALL_PAIRS_TOOLS) ? 'all' : 'sparse';
}

function byStrength(x: IndexedPair, y: IndexedPair): number {
  return y.similarity - x.similarity || x.a - y.a || x.b - y.b;
}

/**
 * Runs on the request thread, so the O(n^2) parts yield to the event loop every few ms
 * (2,797 tools held every request for ~400 ms); the result is the same as in one go.
 */
export async function analyzePairs(scoring: Scoring, options: AnalysisOptions): Promise<PairAnalysis> {
  const pause = createYielder();
  const { tools, scale } = scoring;
  const n = tools.length;
  const ids = tools.map((t) => t.id);
  const mode = analysisMode(n, options.computeFull);

  // 'all' mode keeps the raw matrix and scans it; 'sparse' scans blocks and keeps only what is reported,
  // in the kernel's worker threads when it is large (the request thread only waits).
  const raw = mode === 'all' ? await symmetricMatrixCooperatively(scoring.description, undefined, pause) : null;
  const source: PairScores = raw ? matrixScores(raw, n) : scoring.description;
  const cut = scale.rawCutFor(options.threshold);
  let kernel: KernelResult['stats'] | null = null;
  let scan: { neighbours: KernelResult['neighbours']; candidates: PairList | PairList[] };
  if (scoring.dense && usesKernel(scoring, mode, options)) {
    // No local holds the result: its chunks must be collectable once scan.candidates lets go.
    scan = await scanNeighboursInWorkers(scoring.dense, options.topK, cut, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.engine ? { engine: options.engine } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    }).then((result) => {
      kernel = result.stats;
      // The workers' chunks as they are (result.candidates would copy them into one list).
      return { neighbours: result.neighbours, candidates: result.candidateLists };
    });
  } else scan = await scanNeighboursCooperatively(source, options.topK, cut, pause);
  const { neighbours } = scan;

  const flagged = await sortFlagged(scan.candidates, n, scale.score, options.threshold, pause);
  // Unreferenced from here: the candidates (234 MB at 100,000 tools) can go before the rest is built.
  scan.candidates = [];
  await pause();

  const fullRaw = mode === 'all' && scoring.full ? await symmetricMatrixCooperatively(scoring.full, undefined, pause) : null;
  const fullOf = (a: number, b: number): number | undefined => {
    if (!scoring.full) return undefined;
    return scale.score(fullRaw ? fullRaw[a * n + b]! : scoring.full.pair(a, b));
  };
  const toPair = (a: number, b: number, similarity: number, isFlagged: boolean): SimilarityPair => {
    const full = fullOf(a, b);
    return { toolA: ids[a] ?? '', toolB: ids[b] ?? '', similarity, ...(full === undefined ? {} : { fullSimilarity: full }), flagged: isFlagged };
  };

  let matrix: Float32Array | null = null;
  let pairs: SimilarityPair[];
  if (raw) {
    matrix = new Float32Array(n * n);
    const all: IndexedPair[] = [];
    for (let a = 0; a < n; a++) {
      matrix[a * n + a] = 1;
      for (let b = a + 1; b < n; b++) {
        const similarity = scale.score(raw[a * n + b]!);
        matrix[a * n + b] = similarity;
        matrix[b * n + a] = similarity;
        all.push({ a, b, similarity });
      }
      await pause();
    }
    pairs = all.sort(byStrength).map((p) => toPair(p.a, p.b, p.similarity, p.similarity >= options.threshold));
  } else {
    // Up to 50,000 pair objects: a slice at a time (one go held the request thread for tens of ms).
    pairs = [];
    const listed = Math.min(flagged.length, MAX_LISTED_PAIRS);
    for (let at = 0; at < listed; at += 4096) {
      for (const p of flagged.slice(at, Math.min(listed, at + 4096))) pairs.push(toPair(p.a, p.b, p.similarity, true));
      await pause();
    }
  }
  await pause();

  // Best first as shown: equal reported scores in tool order, not in the order of float noise
  // below the fourth decimal (which differs between this thread's kernel and the workers').
  const toolNeighbours: ToolNeighbours[] = [];
  for (let i = 0; i < n; i++) {
    const id = ids[i] ?? '';
    const list: { j: number; similarity: number }[] = [];
    for (let r = 0; r < neighbours.k; r++) {
      const j = neighbours.indices[i * neighbours.k + r]!;
      if (j >= 0) list.push({ j, similarity: scale.score(neighbours.values[i * neighbours.k + r]!) });
    }
    list.sort((x, y) => y.similarity - x.similarity || x.j - y.j);
    toolNeighbours.push({ tool: id, neighbours: list.map((x): Neighbour => ({ tool: ids[x.j] ?? '', similarity: x.similarity })) });
    if ((i & 1023) === 0) await pause();
  }
  const clusters = await findClustersCooperatively(n, flagged, ids, pause);
  await pause();

  return {
    mode,
    threshold: options.threshold,
    pairs,
    neighbours: toolNeighbours,
    clusters,
    flagged,
    neighbourIndex: { k: neighbours.k, indices: neighbours.indices },
    matrix,
    pairCount: (n * (n - 1)) / 2,
    truncated: mode === 'sparse' && flagged.length > MAX_LISTED_PAIRS,
    kernel,
  };
}
