import type { EmbeddingBackend } from './embedding-backend';
import type { SimilarityMethod } from './schemas';
import { calibratedScale, identityScale, type ScoreScale } from './score-scale';
import { actionAdjustedScores } from './action-adjust';
import { prepareTools } from './prepare';
import { withObjectVectors } from './object-vectors';
import type { ToolAction } from '@/lib/text/actions';
import type { ServerBoilerplate } from '@/lib/text/boilerplate';
import { TFIDF_CALIBRATION } from '@/lib/embeddings/calibration-data';
import { calibrate, uncalibrate } from '@/lib/embeddings/calibration';
import { compileCalibration } from './compiled-calibration';
import type { KernelInput } from './kernel/pool';
import type { Calibration, EmbeddingChoice } from '@/lib/embeddings/types';
import { descriptionText, fullText, lexicalText, parameterText } from './texts';
import { mixNameVector, nameText } from '@/lib/embeddings/tool-vectors';
import { buildTfIdfIndex, tfIdfScores, type TfIdfIndex } from './tfidf-matrix';
import type { SimilarityTool } from './types';
import { denseCosine, normalizeRows, packVectors, type PackedVectors, type PairScores } from './vector';

/**
 * Everything the analysis, the overlap matrix, the recommendations and the reports read:
 * the raw pair scores per text and the scale that turns them into reported scores. Built
 * once per request; nothing in it is persisted (the embedding layer keeps its own cache).
 */
export type Scoring = {
  /** The tools as given (shown, patched); what was compared is in `compared`. */
  tools: SimilarityTool[];
  /** The same tools with each server's boilerplate cut from the descriptions (prepare.ts). */
  compared: SimilarityTool[];
  /** Each tool's action and object, which adjust the description scores (action-adjust.ts). */
  actions: ToolAction[];
  /** Spans a server repeats in most descriptions, discounted from every comparison. */
  boilerplate: ServerBoilerplate[];
  method: SimilarityMethod;
  /** null for description_overlap, which embeds nothing. */
  embeddingModel: string | null;
  /** Why this model (or none) was used, e.g. the fallback from the transformer model. */
  embeddingReason: string;
  scale: ScoreScale;
  /** The scale of parameter-text scores (the overlap matrix): calibrated for embeddings, raw for TF-IDF. */
  parameterScale: ScoreScale;
  /** The method's description-only scores (see texts.ts for the text): `similarity`, and the semantic dimension. */
  description: PairScores;
  /**
   * What `description` is computed from, when it is a dense cosine (embeddings on the standard
   * calibration): the kernel's worker threads recompute it from these (lib/similarity/kernel).
   */
  dense?: KernelInput | null;
  /** The same with parameters, when `computeFullSimilarity`. */
  full: PairScores | null;
  /** TF-IDF on name + description: the description dimension, and the terms behind an overlap (built on first use). */
  readonly lexical: { index: TfIdfIndex; scores: PairScores };
  /** Parameter texts of the tools that have parameters; `slot[i]` is tool i's row or -1. */
  parameters: { scores: PairScores; slot: Int32Array } | null;
  timings: { resolveMs: number; embedMs: number; lexicalMs: number };
  embeddedTexts: number;
};

export type ScoringOptions = {
  method: SimilarityMethod;
  embeddingModel?: string;
  computeFull: boolean;
  /** The overlap matrix needs parameter-text scores; the plain analysis does not. */
  withParameters: boolean;
  apiKey?: string;
  signal?: AbortSignal;
  /** Both on unless turned off; off only to measure what each contributes (tests/similarity-dev.test.ts). */
  features?: { boilerplate: boolean; actions: boolean };
};

const since = (start: number) => Math.round(performance.now() - start);

function parameterSlots(tools: SimilarityTool[]): { slot: Int32Array; texts: string[] } {
  const slot = new Int32Array(tools.length).fill(-1);
  const texts: string[] = [];
  tools.forEach((tool, i) => {
    if (tool.parameters.length === 0) return;
    slot[i] = texts.length;
    texts.push(parameterText(tool));
  });
  return { slot, texts };
}

function lexicalScores(texts: string[]): { index: TfIdfIndex; scores: PairScores } {
  const index = buildTfIdfIndex(texts);
  return { index, scores: tfIdfScores(index) };
}

/**
 * Description scores adjusted for actions, on the method's own calibration (see action-adjust.ts).
 * Built on first use: when the kernel's workers scan the pairs, this thread may never read them,
 * and the indexes take a slice of the request thread (about 0.2 s at 20,000 tools).
 */
function adjusted(scores: PairScores, actions: ToolAction[], calibration: Calibration, calibrateWith: EmbeddingBackend['calibrate']): PairScores {
  let built: PairScores | null = null;
  const get = () => {
    if (!built) {
      // The standard calibration compiled: the same bits (compiled-calibration.ts), called per adjusted pair.
      const { toScore, fromScore } =
        calibrateWith === calibrate ? compileCalibration(calibration) : { toScore: (raw: number) => calibrateWith(raw, calibration), fromScore: (score: number) => uncalibrate(score, calibration) };
      built = actionAdjustedScores(scores, actions, toScore, fromScore);
    }
    return built;
  };
  return { count: scores.count, fillUpper: (rowStart, rowEnd, out) => get().fillUpper(rowStart, rowEnd, out), pair: (i, j) => get().pair(i, j) };
}

/**
 * The tools' texts embedded in one call and packed: descriptions and full texts mixed with the
 * name's vector (tool-vectors.ts), parameter texts alone. In a function of its own so that no
 * closure of the scoring keeps the per-text vectors (200,000 arrays at 100,000 tools, about
 * 120 MB) alive for the whole request. The description vectors are packed in shared memory:
 * the kernel's workers read them there, without a copy (kernel/pool.ts).
 */
async function embedTools(
  backend: EmbeddingBackend,
  provider: EmbeddingChoice['provider'],
  tools: readonly SimilarityTool[],
  parameterTexts: readonly string[],
  options: ScoringOptions,
): Promise<{ description: PackedVectors; full: PackedVectors | null; parameters: PackedVectors | null; texts: number }> {
  const n = tools.length;
  const fulls = options.computeFull ? tools.map((t) => fullText(t)) : [];
  // Names last, so the slices below keep their positions; see tool-vectors.ts for the mix.
  const texts = [...tools.map(descriptionText), ...fulls, ...parameterTexts, ...tools.map(nameText)];
  const vectors = await backend.embed(provider, texts, {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  const names = texts.length - n;
  const withNames = (from: number, shared: boolean) => packVectors(vectors.slice(from, from + n), { shared, map: (v, i) => mixNameVector(vectors[names + i]!, v) });
  // The layer promises unit vectors; normalising again is cheap insurance for the dot products.
  const parameters = parameterTexts.length > 0 ? normalizeRows(packVectors(vectors.slice(n + fulls.length, names))) : null;
  return { description: withNames(0, true), full: options.computeFull ? withNames(n, false) : null, parameters, texts: texts.length };
}

export async function buildScoring(given: SimilarityTool[], options: ScoringOptions, backend: EmbeddingBackend): Promise<Scoring> {
  const features = options.features ?? { boilerplate: true, actions: true };
  const prepared = await prepareTools(given, features);
  const tools = prepared.compared;
  const shared = { tools: given, compared: tools, actions: prepared.actions, boilerplate: prepared.boilerplate };
  const params = options.withParameters ? parameterSlots(tools) : null;
  const timings = { resolveMs: 0, embedMs: 0, lexicalMs: 0 };
  // The plain embedding analysis never reads TF-IDF; the overlap matrix and the recommendations do.
  let lexical: Scoring['lexical'] | null = null;
  const lazyLexical = () => {
    if (!lexical) {
      const t = performance.now();
      lexical = lexicalScores(tools.map(lexicalText));
      timings.lexicalMs += since(t);
    }
    return lexical;
  };

  if (options.method === 'description_overlap') {
    const started = performance.now();
    const description = lazyLexical().scores;
    const full = options.computeFull ? lexicalScores(tools.map((t) => fullText(t, lexicalText))).scores : null;
    const parameters = params ? { scores: lexicalScores(params.texts).scores, slot: params.slot } : null;
    timings.lexicalMs = since(started);
    return {
      ...shared,
      method: 'description_overlap',
      embeddingModel: null,
      embeddingReason: 'description_overlap compares TF-IDF term weights; no embedding model is used',
      // TF-IDF is this method's own: its calibration never goes through the embedding backend.
      scale: calibratedScale(TFIDF_CALIBRATION, calibrate),
      parameterScale: identityScale,
      description: adjusted(description, prepared.actions, TFIDF_CALIBRATION, calibrate),
      full: full ? adjusted(full, prepared.actions, TFIDF_CALIBRATION, calibrate) : null,
      get lexical() {
        return lazyLexical();
      },
      parameters,
      timings,
      embeddedTexts: 0,
    };
  }

  let started = performance.now();
  const choice = await backend.resolve(options.embeddingModel, { ...(options.apiKey ? { apiKey: options.apiKey } : {}) });
  timings.resolveMs = since(started);
  // Objects compared by word meaning when the model knows words (object-vectors.ts, action-adjust.ts).
  const phraseVectors = choice.provider.phraseVectors;
  const actions = phraseVectors && features.actions ? await withObjectVectors(prepared.actions, (phrases) => phraseVectors.call(choice.provider, phrases)) : prepared.actions;
  started = performance.now();
  const embedded = await embedTools(backend, choice.provider, tools, params?.texts ?? [], options);
  timings.embedMs = since(started);
  const calibration = choice.provider.calibration;
  const scale = calibratedScale(calibration, backend.calibrate);
  return {
    ...shared,
    actions,
    method: 'embedding',
    embeddingModel: choice.provider.model,
    embeddingReason: choice.reason,
    scale,
    parameterScale: scale,
    description: adjusted(denseCosine(embedded.description), actions, calibration, backend.calibrate),
    // The workers apply the adjustment on the standard calibration; a backend with its own keeps to this thread.
    dense: backend.calibrate === calibrate ? { vectors: embedded.description, actions, calibration } : null,
    full: embedded.full ? adjusted(denseCosine(embedded.full), actions, calibration, backend.calibrate) : null,
    get lexical() {
      return lazyLexical();
    },
    parameters: params && embedded.parameters ? { scores: denseCosine(embedded.parameters), slot: params.slot } : null,
    timings,
    embeddedTexts: embedded.texts,
  };
}
