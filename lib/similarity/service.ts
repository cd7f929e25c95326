import 'server-only';
import { ValidationError } from '../errors';
import { yieldToEventLoop } from '../event-loop';
import { assertKeysPresent, keyFor, readApiKeys } from '../providers/api-keys';
import { analyzePairs, LARGE_INPUT, MAX_ALL_PAIRS_TOOLS, MAX_LISTED_PAIRS, type PairAnalysis } from './analyze';
import { embeddingBackend, type EmbeddingBackend } from './embedding-backend';
import { loadSimilarityTools } from './input';
import { overlapMatrix, overlapOfCandidates, resolveWeights } from './overlap';
import { recommend, type DescriptionReviser } from './recommend';
import { buildReportData } from './report/data';
import { getReportFormat } from './report/registry';
import type { CsvTable } from './report/types';
import { createLlmReviser } from './recommend/llm-revise';
import type { AnalyzeResult, OverlapResult, RecommendationsResult, SimilarityEnvelope, SimilarityRun } from './results';
import type { SimilarityRequest } from './schemas';
import { buildScoring } from './scoring';

/**
 * The four similarity endpoints over one pipeline: load tools, score pairs, analyse; then
 * the overlap matrix and the recommendations on top when asked. Stateless: nothing here is
 * stored (the embedding layer caches vectors on its own).
 */

export type SimilarityCallContext = { headers: Headers; signal?: AbortSignal; backend?: EmbeddingBackend };

type Timings = Record<string, number>;

const since = (start: number) => Math.round(performance.now() - start);

/** Checked before any MCP or model call: a missing key or a provider that cannot write text fails fast. */
function prepareReviser(body: SimilarityRequest, headers: Headers, recommending: boolean): DescriptionReviser | undefined {
  if (!recommending || !body.llm) return undefined;
  if (body.llm.provider === 'local') {
    throw new ValidationError("llm.provider 'local' cannot write descriptions: choose openai, anthropic or openai-compatible", undefined, 'invalid_llm');
  }
  const keys = readApiKeys(headers);
  assertKeysPresent([body.llm], keys);
  return createLlmReviser(body.llm, keyFor(body.llm.provider, keys));
}

function warningsFor(body: SimilarityRequest, toolCount: number, analysis: PairAnalysis): string[] {
  const warnings: string[] = [];
  if (body.method === 'description_overlap' && body.embeddingModel) warnings.push('embeddingModel is ignored: description_overlap uses no embedding model');
  if (analysis.mode === 'sparse') {
    warnings.push(
      `${toolCount} tools (over ${LARGE_INPUT}): pairs lists the flagged pairs only, with the top ${analysis.neighbourIndex.k} neighbours of each tool; ` +
        (toolCount <= MAX_ALL_PAIRS_TOOLS ? 'send computeFullSimilarity: true for every pair, ' : '') +
        'or download every pair as CSV from /api/similarity/report?format=csv',
    );
  }
  if (analysis.truncated) warnings.push(`${analysis.flagged.length} pairs are flagged; the ${MAX_LISTED_PAIRS} strongest are listed (raise similarityThreshold to see fewer)`);
  return warnings;
}

async function runPipeline(body: SimilarityRequest, ctx: SimilarityCallContext, withParameters: boolean) {
  const started = performance.now();
  const timings: Timings = {};
  let t = performance.now();
  const loaded = await loadSimilarityTools(body, ctx.signal);
  timings.loadMs = since(t);
  // Parsing and loading thousands of tools took a slice already: let requests in.
  await yieldToEventLoop();
  const keys = readApiKeys(ctx.headers);
  // Embeddings are OpenAI's when a key is needed at all: its own header first.
  const apiKey = keys.openai ?? keys.default;
  const scoring = await buildScoring(
    loaded.tools,
    {
      method: body.method,
      ...(body.embeddingModel ? { embeddingModel: body.embeddingModel } : {}),
      computeFull: body.computeFullSimilarity,
      withParameters,
      ...(apiKey ? { apiKey } : {}),
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    },
    ctx.backend ?? embeddingBackend,
  );
  // The end of the embedding and the scoring set-up ran as one piece (tens of ms at 20,000 tools): let requests in.
  await yieldToEventLoop();
  t = performance.now();
  const analysis = await analyzePairs(scoring, {
    threshold: body.similarityThreshold,
    topK: body.topK,
    computeFull: body.computeFullSimilarity,
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  timings.analyzeMs = since(t);
  // The part of analyzeMs the worker threads spent scanning pairs (the request thread was free meanwhile).
  if (analysis.kernel) {
    timings.kernelMs = analysis.kernel.wallMs;
    // Per worker, the slowest: cosines (matrix product) and the adjustment + top-k scan.
    timings.kernelProductMs = analysis.kernel.rawMs;
    timings.kernelScanMs = analysis.kernel.scanMs;
  }
  return { loaded, scoring, analysis, timings, started };
}

function envelope(body: SimilarityRequest, run: Awaited<ReturnType<typeof runPipeline>>): SimilarityEnvelope {
  const { loaded, scoring, analysis, timings, started } = run;
  return {
    method: scoring.method,
    embeddingModel: scoring.embeddingModel,
    embeddingReason: scoring.embeddingReason,
    threshold: body.similarityThreshold,
    mode: analysis.mode,
    tools: scoring.tools.map((t) => ({ id: t.id, server: t.server, name: t.name })),
    errors: loaded.errors,
    warnings: [...loaded.warnings, ...warningsFor(body, scoring.tools.length, analysis)],
    boilerplate: scoring.boilerplate,
    stats: {
      toolCount: scoring.tools.length,
      pairCount: analysis.pairCount,
      listedPairCount: analysis.pairs.length,
      flaggedCount: analysis.flagged.length,
      clusterCount: analysis.clusters.length,
      embeddedTexts: scoring.embeddedTexts,
      // Read now: TF-IDF is built lazily, after the pipeline, when the overlap or recommendations need it.
      timings: { loadMs: timings.loadMs ?? 0, ...scoring.timings, ...timings, totalMs: since(started) },
    },
  };
}

async function timed<T>(timings: Timings, key: string, fn: () => Promise<T>): Promise<T> {
  const t = performance.now();
  const value = await fn();
  timings[key] = since(t);
  return value;
}

/** POST /api/similarity/analyze */
export async function analyzeSimilarity(body: SimilarityRequest, ctx: SimilarityCallContext): Promise<AnalyzeResult> {
  return (await runSimilarity(body, ctx, { recommending: body.includeRecommendations ?? false, withOverlap: false })).result;
}

/**
 * The analysis plus what reports show. `withOverlap` also scores parameter texts (the
 * overlap matrix needs them); `recommending` defaults differ per endpoint.
 */
export async function runSimilarity(body: SimilarityRequest, ctx: SimilarityCallContext, options: { recommending: boolean; withOverlap: boolean }): Promise<SimilarityRun> {
  const { recommending } = options;
  const reviser = prepareReviser(body, ctx.headers, recommending);
  const run = await runPipeline(body, ctx, options.withOverlap);
  const recommendations = recommending
    ? await timed(run.timings, 'recommendMs', () => recommend(run.scoring, run.analysis, { ...(reviser ? { reviser } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}) }))
    : undefined;
  const result: AnalyzeResult = {
    ...envelope(body, run),
    pairs: run.analysis.pairs,
    neighbours: run.analysis.neighbours,
    clusters: run.analysis.clusters,
    ...(recommendations ? { recommendations } : {}),
  };
  return { body, result, scoring: run.scoring, analysis: run.analysis, weights: resolveWeights(body.weights) };
}

/** POST /api/similarity/overlap-matrix */
export async function similarityOverlap(body: SimilarityRequest, ctx: SimilarityCallContext): Promise<OverlapResult> {
  const run = await runPipeline(body, ctx, true);
  const weights = resolveWeights(body.weights);
  const t = performance.now();
  if (run.analysis.mode === 'all') {
    const all = overlapMatrix(run.scoring, run.scoring.tools.map((_, i) => i), weights);
    run.timings.overlapMs = since(t);
    return { ...envelope(body, run), weights, matrix: all.matrix, dimensions: all.dimensions };
  }
  const pairs = overlapOfCandidates(run.scoring, run.analysis, weights);
  run.timings.overlapMs = since(t);
  return { ...envelope(body, run), weights, pairs };
}

/** POST /api/similarity/recommendations */
export async function similarityRecommendations(body: SimilarityRequest, ctx: SimilarityCallContext): Promise<RecommendationsResult> {
  const { result } = await runSimilarity(body, ctx, { recommending: true, withOverlap: false });
  const { recommendations, neighbours: _neighbours, pairs, ...rest } = result;
  return { ...rest, pairs: pairs.filter((p) => p.flagged), recommendations: recommendations ?? { issues: [], revisions: [], pairsConsidered: 0, truncated: false, revisedBy: 'rules', notes: [] } };
}

/**
 * The action-adjusted scores build their indexes on first read (scoring.ts), which a report
 * does: build each here in a turn of its own, not inside the streamed report's first slice.
 */
async function buildScoreIndexes(scoring: SimilarityRun['scoring']): Promise<void> {
  for (const scores of [scoring.description, scoring.full]) {
    if (!scores || scores.count < 2) continue;
    scores.pair(0, 1);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

export type ReportFile = { body: string | ReadableStream<Uint8Array>; contentType: string; fileName: string };

/** POST /api/similarity/report: recommendations are included unless the body says otherwise (a report is read by people). */
export async function similarityReport(
  body: SimilarityRequest,
  ctx: SimilarityCallContext,
  formatId: string,
  table: CsvTable,
  /** Shown the analysis the report renders (the CLI's --fail-on-flagged reads its pairs instead of analysing twice). */
  onResult?: (result: AnalyzeResult) => void,
): Promise<ReportFile> {
  const format = getReportFormat(formatId);
  const run = await runSimilarity(body, ctx, { recommending: body.includeRecommendations ?? true, withOverlap: true });
  onResult?.(run.result);
  await buildScoreIndexes(run.scoring);
  const data = buildReportData(run, table);
  const stamp = data.generatedAt.replace(/[:.]/g, '-');
  const suffix = format.id === 'csv' ? `-${table}` : '';
  return { body: format.render(data, { table }), contentType: format.contentType, fileName: `similarity-report-${stamp}${suffix}.${format.fileExtension}` };
}
