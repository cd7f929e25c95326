import 'server-only';
import { z } from 'zod';
import { deleteTestCases, listTestCaseIdsMatching, type TestCaseFilter } from '@/db/queries/test-cases';
import { ValidationError } from '../errors';
import { TagSchema, TestCaseFilterQuerySchema, MAX_TAGS_PER_CASE } from './schemas';
import { assertNoActiveRuns } from './service';

/** A bulk action touches at most this many cases (the batch's own limit on testCaseIds). */
export const MAX_SELECTION = 10_000;

/** The list's filters as a JSON object: the same keys as the query string (`tag` is an array). */
export const TestCaseFilterBodySchema = TestCaseFilterQuerySchema.strict();

/** Either explicit ids (one page's ticks) or a filter ("all N matching"), never both. */
export const TestCaseSelectionSchema = z
  .object({
    ids: z
      .array(z.string().min(1).max(100))
      .min(1, 'ids must name at least one test case')
      .max(MAX_SELECTION, `ids can name at most ${MAX_SELECTION} test cases`)
      .optional(),
    filter: TestCaseFilterBodySchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.ids === undefined) === (v.filter === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ids'], message: 'give either ids or filter' });
    }
  });
export type TestCaseSelection = z.infer<typeof TestCaseSelectionSchema>;

/** Run by tag: the batch's alternative to testCaseIds. */
export const TagSelectionSchema = z.array(TagSchema).min(1, 'tags must name at least one tag').max(MAX_TAGS_PER_CASE);

/** The ids a filter selects, in one query; 400 (naming `field`) when it matches none or more than MAX_SELECTION. */
export async function resolveFilter(filter: TestCaseFilter, field: string): Promise<string[]> {
  const { ids, total } = await listTestCaseIdsMatching(filter, MAX_SELECTION + 1);
  if (total === 0) throw new ValidationError(`No test case matches the ${field}`, [{ path: field, message: 'matches no test case' }], 'no_matching_test_cases');
  if (total > MAX_SELECTION) {
    throw new ValidationError(`The ${field} matches ${total} test cases; at most ${MAX_SELECTION} at once`, [{ path: field, message: `matches more than ${MAX_SELECTION} test cases` }], 'too_many_test_cases');
  }
  return ids;
}

/** Deletes the selected cases in one transaction (409 and nothing deleted while any of them has a run in progress). */
export async function bulkDeleteTestCases(selection: TestCaseSelection): Promise<{ deleted: number }> {
  const ids = selection.ids ? [...new Set(selection.ids)] : await resolveFilter(selection.filter ?? {}, 'filter');
  await assertNoActiveRuns(ids);
  return { deleted: await deleteTestCases(ids) };
}
