import { z } from 'zod';
import { ModelConfigSchema } from '../providers/types';
import { requireOneSource, SIMILARITY_BODY_LIMIT, SOURCE_FIELDS } from '../similarity/schemas';

/** POST /api/quality/lint: the similarity analysis's inputs (exactly one source). */

export const LINT_BODY_LIMIT = SIMILARITY_BODY_LIMIT;

export const LintRequestSchema = z
  .object({
    ...SOURCE_FIELDS,
    /** Adds an LLM rubric score and a suggested description per tool, with the key in its header. */
    llm: ModelConfigSchema.optional(),
  })
  .strict()
  .superRefine(requireOneSource);
export type LintRequest = z.infer<typeof LintRequestSchema>;

export const LINT_FORMATS = ['json', 'sarif', 'md'] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];
