import 'server-only';
import { z } from 'zod';
import { SIMILARITY_METHODS, SimilarityRequestSchema } from '@/lib/similarity/schemas';
import { analyzeSimilarity } from '@/lib/similarity/service';
import { fitObject } from '../budget';
import { defineTool } from './types';

const TOP_PAIRS = 20;

export const analyzeSimilarityTool = defineTool({
  name: 'analyze_similarity',
  title: 'Find confusable tools on registered servers',
  description: () =>
    'Connects to registered MCP servers (ids from list_servers), lists their tools and scores how similar every pair ' +
    'of tool descriptions is: pairs at or above the threshold are flagged as likely to be confused by a model. ' +
    `Returns the method and embedding model used, counts, the ${TOP_PAIRS} most similar pairs (toolA, toolB, similarity, flagged; ids are server/tool), ` +
    'clusters of confusable tools, and servers that could not be reached. method: embedding (semantic, default) or description_overlap (lexical, fast).',
  inputSchema: z
    .object({
      serverIds: z.array(z.string().min(1).max(100)).min(1).max(100).describe('Registered server ids; together they need at least 2 tools'),
      threshold: z.number().min(0).max(1).default(0.85).describe('Similarity at or above which a pair is flagged (0..1, default 0.85)'),
      method: z.enum(SIMILARITY_METHODS).default('embedding'),
    })
    .strict(),
  run: async (args, ctx) => {
    const body = SimilarityRequestSchema.parse({ serverIds: args.serverIds, similarityThreshold: args.threshold, method: args.method });
    // No request headers: the caller's X-API-Key is for this endpoint, not for an embedding provider.
    const result = await analyzeSimilarity(body, { headers: new Headers(), signal: ctx.signal });
    const pairs = [...result.pairs].sort((a, b) => b.similarity - a.similarity).slice(0, TOP_PAIRS);
    return fitObject(
      {
        method: result.method,
        embeddingModel: result.embeddingModel,
        embeddingReason: result.embeddingReason,
        threshold: result.threshold,
        toolCount: result.stats.toolCount,
        pairCount: result.stats.pairCount,
        flaggedCount: result.stats.flaggedCount,
        pairs,
        clusters: result.clusters,
        errors: result.errors,
        warnings: result.warnings,
      },
      ctx,
      'raise the threshold or pass fewer serverIds; POST /api/similarity/analyze returns the full analysis',
    );
  },
});
