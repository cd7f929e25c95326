// Response shapes of /api/similarity, taken from their source (type-only imports are erased from client bundles).
export type { AnalyzeResult, OverlapResult, SimilarityEnvelope } from '@/lib/similarity/results';
export type { SimilarityPair } from '@/lib/similarity/analyze';
export type { Cluster } from '@/lib/similarity/clusters';
export type { Recommendations, Revision } from '@/lib/similarity/recommend';
export type { Issue, JsonPatchOperation, Priority } from '@/lib/similarity/recommend/types';
export type { OverlapPair } from '@/lib/similarity/overlap';
export type { SimilarityMethod, SimilarityRequest } from '@/lib/similarity/schemas';

import type { AnalyzeResult, OverlapResult } from '@/lib/similarity/results';
import type { SimilarityRequest } from '@/lib/similarity/schemas';

/** The JSON body as the page sends it (zod fills the defaults server side). */
export type SimilarityBody = Partial<SimilarityRequest>;

/** One analysis as the page ran it: what was sent, and both answers. */
export type SimilarityOutcome = {
  body: SimilarityBody;
  headers: Record<string, string>;
  analysis: AnalyzeResult;
  overlap: OverlapResult;
};
