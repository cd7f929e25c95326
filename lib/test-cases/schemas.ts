import { z } from 'zod';
import { ARGUMENT_MATCHING_IDS } from '@/db/schema';
import { findExpectedParameterProblems } from './expected-parameters';

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
};

type Expectation = { expectedServer?: string | null; expectedTool?: string | null; expectedParameters?: unknown };

/** Both null (a negative case: no tool should be called) or both set; parameters need a tool. */
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
  if (tool === null && v.expectedParameters != null) {
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
  })
  .strict();

export const TestCaseInputSchema = TestCaseFieldsSchema.superRefine(checkExpectation);
/** Parsed input; code that builds one may leave argumentMatching out, which means 'strict' as in the API. */
export type TestCaseInput = Omit<z.infer<typeof TestCaseInputSchema>, 'argumentMatching'> & Partial<Pick<z.infer<typeof TestCaseInputSchema>, 'argumentMatching'>>;

export const TestCasePatchSchema = z
  .object({
    name: fields.name,
    query: fields.query,
    serverIds: fields.serverIds,
    expectedServer: fields.expectedServer,
    expectedTool: fields.expectedTool,
    expectedParameters: fields.expectedParameters,
    argumentMatching: fields.argumentMatching,
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
  });
export type TestCaseImportRow = z.infer<typeof TestCaseImportRowSchema>;

/** Filters shared by the list and the export of test cases. */
export const TestCaseFilterQuerySchema = z.object({
  search: z.string().max(200).optional(),
  serverId: z.string().max(100).optional(),
  serverName: z.string().max(100).optional(),
  expectedTool: z.string().max(200).optional(),
  kind: z.enum(['positive', 'negative']).optional(),
});
