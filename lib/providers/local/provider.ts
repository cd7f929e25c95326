import { yieldToEventLoop } from '@/lib/event-loop';
import { loadWordVectorProvider, WORD_VECTOR_MODEL } from '@/lib/embeddings/word-vectors';
import { defineProvider } from '../define';
import { ProviderError, type ExposedTool, type ProviderTarget, type SelectionRequest } from '../types';
import { decideTool, LOCAL_SCORE_THRESHOLD, type LocalDecision } from './decide';
import { extractArguments } from './extract-arguments';
import { createHybridScorer } from './hybrid';
import type { LocalModel } from './models';
import type { ScoredTool, ToolScorer } from './scorer';
import { tfIdfScorer } from './tfidf';

/**
 * The offline baseline: not an LLM but a retrieval router that ranks the tools against the
 * query and calls the best one if it clears a threshold. It needs no key and no network, so
 * the whole app works offline, and it gives LLM results a floor to compare against. Its
 * `model` picks the ranking (LOCAL_MODELS): `hybrid`, TF-IDF with the offline word vectors of
 * the embedding layer, or `lexical`, TF-IDF alone.
 */

const TOP_SCORES_IN_RAW = 5;
const NO_USAGE = { inputTokens: 0, outputTokens: 0 };

/** What the run's raw response records, so the choice can be explained afterwards. */
export type LocalRaw = {
  scorer: string;
  threshold: number;
  selected: string | null;
  confidence: number;
  reasoning: string;
  top: ScoredTool[];
};

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new ProviderError('The request to the local router was aborted', 'aborted');
}

async function rankTools(scorer: ToolScorer, req: SelectionRequest): Promise<{ decision: LocalDecision; raw: LocalRaw }> {
  // Ranking is CPU work with no I/O to wait on: let requests in first, as a network call would.
  await yieldToEventLoop();
  throwIfAborted(req.signal);
  const scores = await scorer.score(req.query, req.tools);
  const decision = decideTool(scores, LOCAL_SCORE_THRESHOLD);
  const raw: LocalRaw = {
    scorer: scorer.id,
    threshold: LOCAL_SCORE_THRESHOLD,
    selected: decision.selected?.name ?? null,
    confidence: decision.confidence,
    reasoning: decision.reasoning,
    top: scores.slice(0, TOP_SCORES_IN_RAW).map((s) => ({ name: s.name, score: Number(s.score.toFixed(4)) })),
  };
  return { decision, raw };
}

function findTool(tools: ExposedTool[], name: string): ExposedTool | undefined {
  return tools.find((t) => t.exposedName === name);
}

/** Builds the local provider around one scorer per local model. */
export function defineLocalProvider(scorers: Record<LocalModel, ToolScorer>) {
  const scorerFor = (req: Pick<SelectionRequest, 'model'>) => (req.model.model === 'lexical' ? scorers.lexical : scorers.hybrid);
  // No complete(): a retrieval router writes no text (its row says capabilities.textCompletion: false).
  return defineProvider('local', {
    // The hybrid router's word vectors load (or convert, once) while the run lists its tools.
    warmUp: async (target: ProviderTarget) => {
      await scorerFor(target).warmUp?.();
    },
    async selectTool(req: SelectionRequest) {
      const { decision, raw } = await rankTools(scorerFor(req), req);
      const tool = decision.selected ? findTool(req.tools, decision.selected.name) : undefined;
      const toolCalls = tool ? [{ name: tool.exposedName, arguments: extractArguments(req.query, tool.inputSchema) }] : [];
      return { toolCalls, text: null, raw, usage: NO_USAGE };
    },
    // Deterministic, so re-ranking gives the same decision selectTool made.
    async assessConfidence(req: SelectionRequest) {
      const { decision, raw } = await rankTools(scorerFor(req), req);
      return { confidence: decision.confidence, reasoning: decision.reasoning, usage: NO_USAGE, raw };
    },
  });
}

export const localProvider = defineLocalProvider({
  // The word vectors load (converting once, about 3 s) on the first hybrid run of the process.
  hybrid: createHybridScorer(WORD_VECTOR_MODEL, () => loadWordVectorProvider()),
  lexical: tfIdfScorer,
});
