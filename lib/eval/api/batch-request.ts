import 'server-only';
import { z } from 'zod';
import { resolveFilter, TagSelectionSchema, TestCaseFilterBodySchema } from '../../test-cases/selection';
import { BatchInputSchema, type BatchInput } from './schemas';

/**
 * POST /api/batches: which cases to run is testCaseIds, tags (run by tag) or filter (the
 * list's filters, "all N matching"), at most one of them; none means every case.
 */
export const BatchRequestSchema = BatchInputSchema.extend({
  tags: TagSelectionSchema.optional(),
  /** With several tags: 'all' (default) runs cases carrying every tag, 'any' those carrying at least one. */
  tagMatch: z.enum(['all', 'any']).optional(),
  filter: TestCaseFilterBodySchema.optional(),
}).superRefine((v, ctx) => {
  const given = (['testCaseIds', 'tags', 'filter'] as const).filter((k) => v[k] !== undefined);
  if (given.length > 1) ctx.addIssue({ code: 'custom', path: [given[1] as string], message: `give one of testCaseIds, tags or filter (got ${given.join(' and ')})` });
  if (v.tagMatch !== undefined && v.tags === undefined) ctx.addIssue({ code: 'custom', path: ['tagMatch'], message: 'tagMatch goes with tags' });
});
export type BatchRequest = z.infer<typeof BatchRequestSchema>;

/** Resolves tags or a filter to the matching case ids in one query (400 naming the field when none match). */
export async function toBatchInput(request: BatchRequest): Promise<BatchInput> {
  const { tags, tagMatch, filter, ...input } = request;
  if (tags) return { ...input, testCaseIds: await resolveFilter({ tag: tags, tagMatch }, 'tags') };
  if (filter) return { ...input, testCaseIds: await resolveFilter(filter, 'filter') };
  return input;
}
