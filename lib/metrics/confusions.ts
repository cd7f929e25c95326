import 'server-only';
import { readMetricsSnapshot } from '@/db/queries/metrics';
import { selectConfusionCells, selectSnapshotTool, type ConfusionCell, type SnapshotTool } from '@/db/queries/metrics-confusions';
import { resolveEmbeddingModel } from '@/lib/embeddings/registry';
import { log } from '@/lib/log';
import { defaultEmbeddingModelRequest } from '@/lib/settings/embedding-model';
import { isOpenAiModel } from '@/lib/similarity/defaults';
import { embeddingBackend, type EmbeddingBackend } from '@/lib/similarity/embedding-backend';
import { buildScoring } from '@/lib/similarity/scoring';
import type { SimilarityTool } from '@/lib/similarity/types';
import { excludeExperimentBatches } from './experiment-scope';
import type { MetricsFilters } from './filters';
import { toScope } from './summary';

/** A tool of a confusion; null stands for "none" (no tool called, or none expected). */
export type ConfusionTool = { server: string; tool: string } | null;

export type Confusion = {
  expected: ConfusionTool;
  selected: ConfusionTool;
  /** Evaluated runs that expected `expected` and called `selected`. */
  count: number;
  /**
   * The calibrated similarity of the two tools' descriptions as the latest such run showed
   * them (its tool snapshot), by the analysis' default offline model; null when a side is
   * none, a tool is missing from that snapshot, or no model could load.
   */
  similarity: number | null;
};

export type ConfusionList = {
  items: Confusion[];
  /** The model behind `similarity`, or null when none was needed or none could load. */
  embeddingModel: string | null;
  embeddingReason: string;
};

type PairTexts = { expected: SnapshotTool; selected: SnapshotTool };

const toTool = (server: string | null, tool: string | null): ConfusionTool => (tool === null ? null : { server: server ?? '', tool });

async function snapshotPair(cell: ConfusionCell): Promise<PairTexts | null> {
  if (cell.expectedTool === null || cell.selectedTool === null) return null;
  const expected = await selectSnapshotTool(cell.latestRunId, cell.expectedServer ?? '', cell.expectedTool);
  const selected = await selectSnapshotTool(cell.latestRunId, cell.selectedServer ?? '', cell.selectedTool);
  return expected && selected ? { expected, selected } : null;
}

/**
 * No key travels with a metrics request, so an OpenAI model chosen in Settings gives way to
 * the automatic choice (the transformer, else the word vectors that ship with the install).
 */
async function offlineModelRequest(): Promise<string | undefined> {
  const chosen = await defaultEmbeddingModelRequest();
  return chosen && !isOpenAiModel(chosen) ? chosen : undefined;
}

const offlineBackend: EmbeddingBackend = { ...embeddingBackend, resolve: (requested) => resolveEmbeddingModel(requested, {}) };

type Scored = { scores: (number | null)[]; embeddingModel: string | null; embeddingReason: string };

/**
 * Scores each pair as the similarity analysis scores it (name + description embedding,
 * calibrated). Each distinct tool text is embedded once, and the embedding cache keeps the
 * vectors per (model, text), so a repeated request embeds nothing.
 */
async function scorePairs(pairs: (PairTexts | null)[]): Promise<Scored> {
  if (!pairs.some(Boolean)) return { scores: pairs.map(() => null), embeddingModel: null, embeddingReason: 'no confused pair of two tools to compare' };
  const tools: SimilarityTool[] = [];
  const slot = new Map<string, number>();
  const indexOf = (t: SnapshotTool): number => {
    const key = JSON.stringify([t.server, t.name, t.description]);
    let i = slot.get(key);
    if (i === undefined) {
      i = tools.length;
      slot.set(key, i);
      tools.push({ id: String(i), server: t.server, name: t.name, description: t.description, parameters: [] });
    }
    return i;
  };
  const indexed = pairs.map((p) => (p ? ([indexOf(p.expected), indexOf(p.selected)] as const) : null));
  try {
    const model = await offlineModelRequest();
    const scoring = await buildScoring(
      tools,
      { method: 'embedding', computeFull: false, withParameters: false, ...(model ? { embeddingModel: model } : {}) },
      offlineBackend,
    );
    const scores = indexed.map((ij) => (ij ? scoring.scale.score(scoring.description.pair(Math.min(...ij), Math.max(...ij))) : null));
    return { scores, embeddingModel: scoring.embeddingModel, embeddingReason: scoring.embeddingReason };
  } catch (err) {
    // The counts stand on their own: a model that cannot load leaves the scores empty, not the page.
    const reason = err instanceof Error ? err.message : String(err);
    log.warn('confusion similarity unavailable', { error: reason });
    return { scores: pairs.map(() => null), embeddingModel: null, embeddingReason: `similarity unavailable: ${reason}` };
  }
}

/**
 * GET /api/metrics/confusions: the off-diagonal cells of the confusion matrix of the runs
 * the metrics filters select, most frequent first, each with its pair's similarity score.
 * Misses to none and calls where none was expected are listed too, with null on that side. Experiment variants'
 * batches are left out as in the summary (./experiment-scope).
 */
export async function listConfusions(filters: MetricsFilters = {}): Promise<ConfusionList> {
  const { cells, pairs } = await readMetricsSnapshot(async () => {
    const found = await selectConfusionCells(await excludeExperimentBatches(filters, toScope(filters)));
    const texts: (PairTexts | null)[] = [];
    for (const cell of found) texts.push(await snapshotPair(cell));
    return { cells: found, pairs: texts };
  });
  const scored = await scorePairs(pairs);
  return {
    items: cells.map((c, i) => ({
      expected: toTool(c.expectedServer, c.expectedTool),
      selected: toTool(c.selectedServer, c.selectedTool),
      count: c.count,
      similarity: scored.scores[i] ?? null,
    })),
    embeddingModel: scored.embeddingModel,
    embeddingReason: scored.embeddingReason,
  };
}
