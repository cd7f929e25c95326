import type { PairAnalysis, SimilarityPair, ToolNeighbours } from './analyze';
import type { Cluster } from './clusters';
import type { SourceError } from './extract/draft';
import type { OverlapMatrix, OverlapPair, OverlapWeights } from './overlap';
import type { Recommendations } from './recommend';
import type { SimilarityMethod, SimilarityRequest } from './schemas';
import type { Scoring } from './scoring';
import type { ServerBoilerplate } from '@/lib/text/boilerplate';

/** Response shapes of the /api/similarity endpoints (SPEC section 10: pairs, ids, embeddingModel). */

export type ToolSummary = { id: string; server: string; name: string };

export type SimilarityEnvelope = {
  method: SimilarityMethod;
  /** The model that embedded the texts; null for description_overlap. */
  embeddingModel: string | null;
  /** Why that model, e.g. the fallback from the transformer model and its cause. */
  embeddingReason: string;
  threshold: number;
  /** 'all': every pair is listed; 'sparse' (large inputs): flagged pairs and top-k neighbours. */
  mode: 'all' | 'sparse';
  tools: ToolSummary[];
  /** Live servers (urlList, serverIds) that could not be listed; the others were analysed. */
  errors: SourceError[];
  warnings: string[];
  /** Spans a server repeats in at least half (and 3) of its descriptions; cut from what every method compares. */
  boilerplate: ServerBoilerplate[];
  stats: {
    toolCount: number;
    pairCount: number;
    listedPairCount: number;
    flaggedCount: number;
    clusterCount: number;
    embeddedTexts: number;
    timings: Record<string, number>;
  };
};

export type AnalyzeResult = SimilarityEnvelope & {
  pairs: SimilarityPair[];
  neighbours: ToolNeighbours[];
  clusters: Cluster[];
  recommendations?: Recommendations;
};

export type OverlapResult = SimilarityEnvelope & { weights: OverlapWeights } & (
    | { matrix: number[][]; dimensions: OverlapMatrix['dimensions']; pairs?: never }
    | { pairs: OverlapPair[]; matrix?: never; dimensions?: never }
  );

export type RecommendationsResult = SimilarityEnvelope & { pairs: SimilarityPair[]; clusters: Cluster[]; recommendations: Recommendations };

/** What report renderers get: the analysis, everything computed on it, and the scores for streaming. */
export type SimilarityRun = { body: SimilarityRequest; result: AnalyzeResult; scoring: Scoring; analysis: PairAnalysis; weights: OverlapWeights };
