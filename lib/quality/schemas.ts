import { z } from 'zod';
import { ModelConfigSchema } from '../providers/types';
import { ServerEntrySchema, SIMILARITY_BODY_LIMIT, ToolEntrySchema, UrlEntrySchema, MAX_TOOLS } from '../similarity/schemas';

/** POST /api/quality/lint: the similarity analysis's inputs (exactly one source). */

export const LINT_BODY_LIMIT = SIMILARITY_BODY_LIMIT;
const SOURCES = ['serverList', 'toolList', 'urlList', 'serverIds'] as const;

export const LintRequestSchema = z
  .object({
    serverList: z.array(ServerEntrySchema).min(1).max(5000).optional(),
    toolList: z.array(ToolEntrySchema).min(1).max(MAX_TOOLS).optional(),
    urlList: z.array(UrlEntrySchema).min(1).max(50).optional(),
    serverIds: z.array(z.string().trim().min(1).max(100)).min(1).max(100).optional(),
    /** Adds an LLM rubric score and a suggested description per tool, with the key in its header. */
    llm: ModelConfigSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const given = SOURCES.filter((k) => body[k] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: given.length ? [given[1] ?? ''] : [],
        message: `give exactly one of ${SOURCES.join(', ')}${given.length ? ` (got ${given.join(', ')})` : ''}`,
      });
    }
  });
export type LintRequest = z.infer<typeof LintRequestSchema>;

export const LINT_FORMATS = ['json', 'sarif', 'md'] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];
