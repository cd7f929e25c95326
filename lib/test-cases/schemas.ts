import { z } from 'zod';
import { ARGUMENT_MATCHING_IDS } from '@/db/schema';
import { findExpectedParameterProblems } from './expected-parameters';
import { checkSequence, sequenceFieldDefaults, sequenceFields } from './sequence-schemas';

export const QUERY_MAX_LENGTH = 8000;

const ExpectedParametersSchema = z
  .record(z.string(), z.unknown())
  .refine((v) => !Array.isArray(v), 'expectedParameters must be a JSON object')
  .superRefine((v, ctx) => {
    for (const p of findExpectedParameterProblems(v, '')) {
      ctx.addIssue({ code: 'custom', path: p.path ? p.path.split('.').filter(Boolean) : [], message: p.message });
    }
  });

// SQLite's length() stops at NUL, so such text would break the CHECK constraints.
const noNul = (s: string) => !s.includes('\u0000');

/** A tag: 1..50 letters, digits, '_', '-', '.' or spaces ("smoke", "github-issues", "v1.2"). */
export const TAG_MAX_LENGTH = 50;
export const MAX_TAGS_PER_CASE = 20;
export const TagSchema = z
  .string()
  .trim()
  .min(1, 'a tag cannot be empty')
  .max(TAG_MAX_LENGTH, `a tag is at most ${TAG_MAX_LENGTH} characters`)
  .regex(/^[\w\-. ]+$/, "a tag may contain only letters, digits, '_', '-', '.' and spaces");
/** Repeats are dropped (first spelling kept), so ["smoke", "smoke"] is just ["smoke"]. */
export const TagsSchema = z
  .array(TagSchema)
  .max(MAX_TAGS_PER_CASE, `a test case has at most ${MAX_TAGS_PER_CASE} tags`)
  .transform((tags) => [...new Set(tags)]);

const fields = {
  name: z.string().trim().min(1, 'name is required').max(200).refine(noNul, 'name cannot contain NUL characters'),
  query: z
    .string()
    .max(QUERY_MAX_LENGTH, `query must be at most ${QUERY_MAX_LENGTH} characters`)
    .refine((q) => q.trim().length > 0, 'query is required')
    .refine(noNul, 'query cannot contain NUL characters'),
  serverIds: z
    .array(z.string().min(1).max(100))
    .min(1, 'a test case needs at least one server')
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, 'serverIds must not repeat'),
  expectedServer: z.string().trim().min(1).max(100).nullable(),
  expectedTool: z.string().trim().min(1).max(200).nullable(),
  expectedParameters: ExpectedParametersSchema.nullable(),
  /** How argument values are compared: 'strict' (default) or 'bfcl' (lib/eval/judge/arguments/profiles). */
  argumentMatching: z.enum(ARGUMENT_MATCHING_IDS),
  tags: TagsSchema,
};

type Expectation = { expectedServer?: string | null; expectedTool?: string | null; expectedParameters?: unknown };

/** `{}` expects nothing, as null does: a negative case may give it (files often do) and it is stored as null. */
export const isNoParameters = (v: unknown): boolean => v == null || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0);

/** Both null (a negative case: no tool should be called) or both set; parameters (other than `{}`) need a tool. */
function checkExpectation(v: Expectation, ctx: z.RefinementCtx): void {
  const server = v.expectedServer ?? null;
  const tool = v.expectedTool ?? null;
  if ((server === null) !== (tool === null)) {
    ctx.addIssue({
      code: 'custom',
      path: [server === null ? 'expectedServer' : 'expectedTool'],
      message: 'expectedServer and expectedTool are set together, or both null for a negative case',
    });
  }
  if (tool === null && !isNoParameters(v.expectedParameters)) {
    ctx.addIssue({ code: 'custom', path: ['expectedParameters'], message: 'a negative case (no expected tool) cannot expect parameters' });
  }
}

export const TestCaseFieldsSchema = z
  .object({
    ...fields,
    expectedServer: fields.expectedServer.default(null),
    expectedTool: fields.expectedTool.default(null),
    expectedParameters: fields.expectedParameters.default(null),
    argumentMatching: fields.argumentMatching.default('strict'),
    tags: fields.tags.default([]),
    ...sequenceFieldDefaults,
  })
  .strict();

export const TestCaseInputSchema = TestCaseFieldsSchema.superRefine((v, ctx) => {
  checkExpectation(v, ctx);
  checkSequence(v, ctx);
});
/** Fields with a default that code building an input may leave out (the API's defaults apply). */
type DefaultedKey = 'argumentMatching' | 'tags' | keyof typeof sequenceFields;
/** Parsed input; code that builds one may leave the defaulted fields out ('strict', no tags, a selection case). */
export type TestCaseInput = Omit<z.infer<typeof TestCaseInputSchema>, DefaultedKey> & Partial<Pick<z.infer<typeof TestCaseInputSchema>, DefaultedKey>>;

export const TestCasePatchSchema = z
  .object({
    name: fields.name,
    query: fields.query,
    serverIds: fields.serverIds,
    expectedServer: fields.expectedServer,
    expectedTool: fields.expectedTool,
    expectedParameters: fields.expectedParameters,
    argumentMatching: fields.argumentMatching,
    tags: fields.tags,
    ...sequenceFields,
  })
  .partial()
  .strict();
export type TestCasePatch = z.infer<typeof TestCasePatchSchema>;

/** An imported row names its servers (portable across installs) or gives their ids. */
export const TestCaseImportRowSchema = z
  .object({
    name: fields.name,
    query: fields.query,
    servers: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    serverIds: fields.serverIds.optional(),
    expectedServer: fields.expectedServer.default(null),
    expectedTool: fields.expectedTool.default(null),
    expectedParameters: fields.expectedParameters.default(null),
    argumentMatching: fields.argumentMatching.default('strict'),
    tags: fields.tags.default([]),
    ...sequenceFieldDefaults,
    // Accepted so that an export of the API's own objects imports back; ignored.
    id: z.string().optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.servers?.length && !v.serverIds?.length) {
      ctx.addIssue({ code: 'custom', path: ['servers'], message: 'servers (names) or serverIds is required' });
    }
    checkExpectation(v, ctx);
    checkSequence(v, ctx);
  });
export type TestCaseImportRow = z.infer<typeof TestCaseImportRowSchema>;

/** Filters shared by the list and the export of test cases. */
export const TestCaseFilterQuerySchema = z.object({
  search: z.string().max(200).optional(),
  serverId: z.string().max(100).optional(),
  serverName: z.string().max(100).optional(),
  expectedTool: z.string().max(200).optional(),
  kind: z.enum(['positive', 'negative']).optional(),
  /** Repeatable (`?tag=a&tag=b`); routes gather every value with testCaseQueryParams. */
  tag: z.array(TagSchema).max(MAX_TAGS_PER_CASE).optional(),
  /** With several tags: 'all' (default) keeps cases carrying every tag, 'any' cases carrying at least one. */
  tagMatch: z.enum(['all', 'any']).optional(),
});

/** The query string as an object for parseQuery, with `tag` gathered from every `?tag=` (other keys: last value). */
export function testCaseQueryParams(url: URL): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams.entries());
  const tags = url.searchParams.getAll('tag');
  if (tags.length) params.tag = tags;
  return params;
}
