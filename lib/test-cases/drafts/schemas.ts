import { z } from 'zod';
import { ModelConfigSchema } from '@/lib/providers/types';
import { DEFAULT_THRESHOLD, SIMILARITY_METHODS, WeightsSchema } from '@/lib/similarity/schemas';

/**
 * POST /api/similarity/test-case-drafts: the similarity inputs restricted to registered servers
 * (drafts become test cases, which name servers by id), the threshold that flags pairs, and an
 * optional model that writes the drafts (its key in a header).
 */
export const DraftsRequestSchema = z
  .object({
    serverIds: z.array(z.string().trim().min(1).max(100)).min(1).max(100),
    similarityThreshold: z.number().min(0).max(1).default(DEFAULT_THRESHOLD),
    method: z.enum(SIMILARITY_METHODS).default('embedding'),
    embeddingModel: z.string().trim().min(1).max(200).optional(),
    weights: WeightsSchema.optional(),
    /** At most this many flagged pairs without cases get drafts, most similar first. */
    maxPairs: z.number().int().min(1).max(100).default(25),
    llm: ModelConfigSchema.optional(),
  })
  .strict();
export type DraftsRequest = z.infer<typeof DraftsRequestSchema>;

export type DraftToolRef = { server: string; tool: string };

/** One proposed test case; POST it to /api/test-cases (name, query, serverIds, expectedServer/Tool/Parameters) to accept it. */
export type TestCaseDraft = {
  pair: { toolA: string; toolB: string; similarity: number };
  target: DraftToolRef;
  name: string;
  query: string;
  expectedParameters: Record<string, unknown>;
  /** The servers of both tools, so the case offers the model the pair it confuses. */
  serverIds: string[];
  rationale: string;
  source: 'rules' | 'llm';
};

export type DraftsResult = {
  drafts: TestCaseDraft[];
  flaggedPairs: number;
  /** Flagged pairs skipped because a test case already expects one of their tools. */
  pairsWithCases: number;
  threshold: number;
  draftedBy: string;
  errors: { source: string; message: string }[];
  warnings: string[];
};
