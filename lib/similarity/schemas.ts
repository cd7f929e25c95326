import { z } from 'zod';
import { ModelConfigSchema } from '../providers/types';
import { DEFAULT_THRESHOLD, DEFAULT_TOP_K, DEFAULT_WEIGHTS } from './defaults';

/** SPEC section 6 request body, shared by the four /api/similarity routes. */

export const SIMILARITY_METHODS = ['embedding', 'description_overlap'] as const;
export type SimilarityMethod = (typeof SIMILARITY_METHODS)[number];

export { DEFAULT_THRESHOLD, DEFAULT_TOP_K, DEFAULT_WEIGHTS } from './defaults';
/** The shared 2,797-tool file is about 800 KB; a body of this size holds several such lists. */
export const SIMILARITY_BODY_LIMIT = 5 * 1024 * 1024;
export const MAX_TOOLS = 10_000;
const MAX_DESCRIPTION = 20_000;

const ToolNameSchema = z.string().trim().min(1, 'tool name is required').max(256);
const ServerNameSchema = z.string().trim().min(1, 'server name is required').max(256);
const DescriptionSchema = z.string().max(MAX_DESCRIPTION).nullish();
const JsonSchemaObject = z.record(z.string(), z.unknown());

/** The shared data file's map `{param: "(type) description"}`. */
export const InformalParametersSchema = z.record(z.string().min(1).max(256), z.string().max(MAX_DESCRIPTION));

export const ParameterObjectSchema = z
  .object({
    name: z.string().trim().min(1).max(256),
    type: z.string().max(100).nullish(),
    description: z.string().max(MAX_DESCRIPTION).optional(),
    required: z.boolean().optional(),
  })
  .strict();

/** `parameters` is either the informal map or a list of parameter objects. */
const ParametersSchema = z.union([InformalParametersSchema, z.array(ParameterObjectSchema).max(500)]);

/**
 * A tool in any accepted shape: MCP (`inputSchema`), the shared data file (`parameter`), or
 * `parameters`. Unknown keys are ignored so listings copied from elsewhere still load.
 */
const ToolFieldsSchema = z.looseObject({
  name: ToolNameSchema,
  description: DescriptionSchema,
  inputSchema: JsonSchemaObject.optional(),
  parameters: ParametersSchema.optional(),
  parameter: InformalParametersSchema.nullish(),
});

function oneParameterSource(tool: { inputSchema?: unknown; parameters?: unknown; parameter?: unknown }, ctx: z.RefinementCtx): void {
  const given = (['inputSchema', 'parameters', 'parameter'] as const).filter((k) => tool[k] !== undefined && tool[k] !== null);
  if (given.length > 1) ctx.addIssue({ code: 'custom', path: [given[1] ?? ''], message: `give one of ${given.join(', ')}, not several` });
}

export const ServerToolSchema = ToolFieldsSchema.superRefine(oneParameterSource);
export type ServerToolInput = z.infer<typeof ServerToolSchema>;

export const ServerEntrySchema = z.looseObject({
  name: ServerNameSchema,
  description: z.string().max(MAX_DESCRIPTION).nullish(),
  url: z.string().max(2048).nullish(),
  tools: z.array(ServerToolSchema).max(MAX_TOOLS),
});
export type ServerEntryInput = z.infer<typeof ServerEntrySchema>;

export const ToolEntrySchema = ToolFieldsSchema.extend({ server: ServerNameSchema.optional() }).superRefine(oneParameterSource);
export type ToolEntryInput = z.infer<typeof ToolEntrySchema>;

const HttpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .url('url must be an absolute URL')
  .refine((u) => /^https?:$/.test(new URL(u).protocol), 'url must use http or https');

/** Request-scoped headers (credentials allowed: nothing about a similarity request is stored). */
const HeadersSchema = z.record(
  z.string().regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'invalid HTTP header name'),
  z.string().max(8192).regex(/^[^\r\n]*$/, 'header values cannot contain line breaks'),
);

export const UrlEntrySchema = z.union([
  HttpUrlSchema,
  z
    .object({
      url: HttpUrlSchema,
      transport: z.enum(['streamable-http', 'sse']).default('streamable-http'),
      headers: HeadersSchema.optional(),
      /** Names the server in tool ids; default: the name the server reports. */
      name: ServerNameSchema.optional(),
    })
    .strict(),
]);
export type UrlEntryInput = z.infer<typeof UrlEntrySchema>;

export const WeightsSchema = z
  .object({ semantic: z.number().min(0).max(1), parameters: z.number().min(0).max(1), description: z.number().min(0).max(1) })
  .partial()
  .strict();

const SOURCES = ['serverList', 'toolList', 'urlList', 'serverIds'] as const;
export type SimilaritySource = (typeof SOURCES)[number];

/** The four ways to name the tools to compare; a request gives exactly one (requireOneSource). */
export const SOURCE_FIELDS = {
  serverList: z.array(ServerEntrySchema).min(1).max(5000).optional(),
  toolList: z.array(ToolEntrySchema).min(1).max(MAX_TOOLS).optional(),
  urlList: z.array(UrlEntrySchema).min(1).max(50).optional(),
  serverIds: z.array(z.string().trim().min(1).max(100)).min(1).max(100).optional(),
};

export function requireOneSource(body: Partial<Record<SimilaritySource, unknown>>, ctx: z.RefinementCtx): void {
  const given = SOURCES.filter((k) => body[k] !== undefined);
  if (given.length !== 1) {
    ctx.addIssue({
      code: 'custom',
      path: given.length ? [given[1] ?? ''] : [],
      message: `give exactly one of ${SOURCES.join(', ')}${given.length ? ` (got ${given.join(', ')})` : ''}`,
    });
  }
}

export const SimilarityRequestSchema = z
  .object({
    ...SOURCE_FIELDS,
    embeddingModel: z.string().trim().min(1).max(200).optional(),
    similarityThreshold: z.number().min(0).max(1).default(DEFAULT_THRESHOLD),
    computeFullSimilarity: z.boolean().default(false),
    /** Default: false for analyze, true for the report (which is read by people). */
    includeRecommendations: z.boolean().optional(),
    method: z.enum(SIMILARITY_METHODS).default('embedding'),
    weights: WeightsSchema.optional(),
    topK: z.number().int().min(1).max(50).default(DEFAULT_TOP_K),
    /**
     * The shared data file itself repeats five server/tool ids: 'reject' (400 listing them)
     * is the safe default, 'number' keeps every tool and suffixes repeats with #2, #3...
     */
    duplicateIds: z.enum(['reject', 'number']).default('reject'),
    /** Writes revised descriptions with this model when its API key is sent in a header. */
    llm: ModelConfigSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    requireOneSource(body, ctx);
    if (body.weights) {
      const merged = { ...DEFAULT_WEIGHTS, ...body.weights };
      if (merged.semantic + merged.parameters + merged.description <= 0) {
        ctx.addIssue({ code: 'custom', path: ['weights'], message: 'weights must not all be 0' });
      }
    }
  });
export type SimilarityRequest = z.infer<typeof SimilarityRequestSchema>;
