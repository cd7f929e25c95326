import { z } from 'zod';
import { FROM_RESULT_KEY, findFromResults } from '@/lib/eval/judge/sequence/from-result';
import { parseJsonPath } from '@/lib/eval/judge/sequence/json-path';
import { MAX_STEPS_DEFAULT, MAX_STEPS_LIMIT, type ExecutePolicy, type ExpectedCall } from '@/lib/eval/sequence/types';
import { findExpectedParameterProblems } from './expected-parameters';

/**
 * The sequence fields of a test case (issue 17; types in lib/eval/sequence/types.ts) and the
 * rules between them. Every rule that needs only the input is here, so a bad value is a 400
 * naming its field; rules that need the registry (servers and tools) are in sequence-tools.ts.
 */

export const MAX_EXPECTED_CALLS = 20;
export const MAX_CONTEXT_TURNS = 50;
export const MAX_TURN_LENGTH = 20_000;
export const MAX_LISTED_TOOLS = 50;

const ServerName = z.string().trim().min(1, 'server is required').max(100);
const ToolName = z.string().trim().min(1, 'tool is required').max(200);
export const ToolRefSchema = z.object({ server: ServerName, tool: ToolName }).strict();
const Arguments = z.record(z.string(), z.unknown());

const ContextToolCallSchema = z.object({ id: z.string().min(1).max(100), server: ServerName, tool: ToolName, arguments: Arguments }).strict();
const ContextTurnSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: z.string().min(1, 'a user turn needs content').max(MAX_TURN_LENGTH) }).strict(),
  z
    .object({ role: z.literal('assistant'), content: z.string().max(MAX_TURN_LENGTH).optional(), toolCalls: z.array(ContextToolCallSchema).min(1).max(MAX_EXPECTED_CALLS).optional() })
    .strict()
    .refine((t) => (t.content !== undefined && t.content.length > 0) || t.toolCalls !== undefined, 'an assistant turn needs content or toolCalls'),
  z.object({ role: z.literal('tool'), callId: z.string().min(1).max(100), content: z.string().max(MAX_TURN_LENGTH), isError: z.boolean().optional() }).strict(),
]);

/** Earlier turns: each tool turn answers an assistant tool call made before it, once. */
export const ContextSchema = z
  .array(ContextTurnSchema)
  .max(MAX_CONTEXT_TURNS, `context has at most ${MAX_CONTEXT_TURNS} turns`)
  .superRefine((turns, ctx) => {
    const callIds = new Set<string>();
    const answered = new Set<string>();
    turns.forEach((turn, i) => {
      if (turn.role === 'assistant') {
        (turn.toolCalls ?? []).forEach((c, j) => {
          if (callIds.has(c.id)) ctx.addIssue({ code: 'custom', path: [i, 'toolCalls', j, 'id'], message: `tool call id '${c.id}' is used twice` });
          callIds.add(c.id);
        });
      } else if (turn.role === 'tool') {
        if (!callIds.has(turn.callId)) {
          ctx.addIssue({ code: 'custom', path: [i, 'callId'], message: `callId '${turn.callId}' names no tool call of an earlier assistant turn` });
        } else if (answered.has(turn.callId)) {
          ctx.addIssue({ code: 'custom', path: [i, 'callId'], message: `tool call '${turn.callId}' already has a result` });
        }
        answered.add(turn.callId);
      }
    });
  });

/** $fromResult nodes stand in as $any for the matcher check; their own shape is checked apart. */
function withoutFromResults(value: unknown, depth = 0): unknown {
  if (depth > 40) return value;
  if (Array.isArray(value)) return value.map((v) => withoutFromResults(v, depth + 1));
  if (typeof value === 'object' && value !== null) {
    if (Object.hasOwn(value, FROM_RESULT_KEY)) return { $any: true };
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutFromResults(v, depth + 1)]));
  }
  return value;
}

function checkFromResult(node: unknown, own: number, total: number): { path: string[]; message: string } | null {
  const obj = node as Record<string, unknown>;
  if (Object.keys(obj).length !== 1) return { path: [], message: '$fromResult takes no other key beside it' };
  const ref = obj[FROM_RESULT_KEY];
  if (typeof ref !== 'object' || ref === null || Array.isArray(ref)) return { path: [FROM_RESULT_KEY], message: '$fromResult is {"call": <index>, "path": "$..."}' };
  const { call, path, ...rest } = ref as Record<string, unknown>;
  if (Object.keys(rest).length) return { path: [FROM_RESULT_KEY], message: `$fromResult takes only call and path, not ${Object.keys(rest).join(', ')}` };
  if (typeof call !== 'number' || !Number.isInteger(call) || call < 0) return { path: [FROM_RESULT_KEY, 'call'], message: '$fromResult.call must be the index (0, 1, ...) of an earlier expected call' };
  if (call >= total) return { path: [FROM_RESULT_KEY, 'call'], message: `$fromResult.call ${call} is past the expected calls (${total})` };
  if (call >= own) return { path: [FROM_RESULT_KEY, 'call'], message: `$fromResult.call ${call} must name an earlier expected call than this one (${own})` };
  if (typeof path !== 'string') return { path: [FROM_RESULT_KEY, 'path'], message: '$fromResult.path must be a JSONPath string such as "$.items[0].id"' };
  const parsed = parseJsonPath(path);
  if (!parsed.ok) return { path: [FROM_RESULT_KEY, 'path'], message: `$fromResult.path is not a supported JSONPath: ${parsed.error}` };
  return null;
}

const ExpectedCallSchema = z.object({ server: ServerName, tool: ToolName, arguments: Arguments.optional() }).strict();

export const ExpectedCallsSchema = z
  .array(ExpectedCallSchema)
  .max(MAX_EXPECTED_CALLS, `expectedCalls has at most ${MAX_EXPECTED_CALLS} calls`)
  .superRefine((calls, ctx) => {
    calls.forEach((c, i) => {
      if (!c.arguments) return;
      for (const p of findExpectedParameterProblems(withoutFromResults(c.arguments), '')) {
        ctx.addIssue({ code: 'custom', path: [i, 'arguments', ...p.path.split('.').filter(Boolean)], message: p.message });
      }
      for (const ref of findFromResults(c.arguments)) {
        const problem = checkFromResult(ref.value, i, calls.length);
        if (problem) ctx.addIssue({ code: 'custom', path: [i, 'arguments', ...ref.path, ...problem.path], message: problem.message });
      }
    });
  });

const ToolListSchema = z
  .array(ToolRefSchema)
  .max(MAX_LISTED_TOOLS)
  .superRefine((tools, ctx) => {
    const seen = new Set<string>();
    tools.forEach((t, i) => {
      const key = JSON.stringify([t.server, t.tool]);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i], message: `${t.server}/${t.tool} is listed twice` });
      seen.add(key);
    });
  });

export const ExecutePolicySchema = z.union([z.literal('none'), z.literal('read-only'), z.object({ allow: ToolListSchema }).strict()], {
  error: 'execute is "none", "read-only" or {"allow": [{"server", "tool"}]}',
});

const MockResultSchema = z
  .object({
    server: ServerName,
    tool: ToolName,
    match: Arguments.optional(),
    result: z.object({ text: z.string().max(MAX_TURN_LENGTH), isError: z.boolean().optional() }).strict(),
  })
  .strict();

export const sequenceFields = {
  context: ContextSchema.nullable(),
  expectedCalls: ExpectedCallsSchema.nullable(),
  callOrder: z.enum(['exact', 'any'], { error: 'callOrder is "exact" or "any"' }),
  forbiddenTools: ToolListSchema.nullable(),
  mode: z.enum(['selection', 'sequence'], { error: 'mode is "selection" or "sequence"' }),
  maxSteps: z
    .number({ error: 'maxSteps must be a whole number' })
    .int('maxSteps must be a whole number')
    .min(1, `maxSteps must be between 1 and ${MAX_STEPS_LIMIT}`)
    .max(MAX_STEPS_LIMIT, `maxSteps must be between 1 and ${MAX_STEPS_LIMIT}`),
  execute: ExecutePolicySchema,
  mockResults: z.array(MockResultSchema).max(MAX_LISTED_TOOLS).nullable(),
};

/** The sequence fields with their defaults, for create and import. */
export const sequenceFieldDefaults = {
  context: sequenceFields.context.default(null),
  expectedCalls: sequenceFields.expectedCalls.default(null),
  callOrder: sequenceFields.callOrder.default('exact'),
  forbiddenTools: sequenceFields.forbiddenTools.default(null),
  mode: sequenceFields.mode.default('selection'),
  maxSteps: sequenceFields.maxSteps.default(MAX_STEPS_DEFAULT),
  execute: sequenceFields.execute.default('none'),
  mockResults: sequenceFields.mockResults.default(null),
};

type SequenceInput = {
  expectedServer?: string | null;
  expectedTool?: string | null;
  expectedParameters?: Record<string, unknown> | null;
  expectedCalls?: ExpectedCall[] | null;
  forbiddenTools?: { server: string; tool: string }[] | null;
  mode?: 'selection' | 'sequence';
  maxSteps?: number;
  execute?: ExecutePolicy;
  mockResults?: readonly unknown[] | null;
};

/**
 * The fields only the agent loop reads, each with its default: a selection case gives none of
 * them other than its default (it judges one call and runs no tool), or it is a 400.
 */
const SEQUENCE_ONLY: { field: 'forbiddenTools' | 'maxSteps' | 'execute' | 'mockResults'; isDefault(v: SequenceInput): boolean }[] = [
  { field: 'forbiddenTools', isDefault: (v) => !v.forbiddenTools?.length },
  { field: 'maxSteps', isDefault: (v) => v.maxSteps === undefined || v.maxSteps === MAX_STEPS_DEFAULT },
  { field: 'execute', isDefault: (v) => v.execute === undefined || v.execute === 'none' },
  { field: 'mockResults', isDefault: (v) => !v.mockResults?.length },
];
export const SEQUENCE_ONLY_FIELDS = SEQUENCE_ONLY.map((f) => f.field);

/** Arguments compare as JSON; an empty object is no expectation, like null (the judge reads it so). */
const emptyAsNull = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0 ? null : (v ?? null));
const sameJson = (a: unknown, b: unknown) => JSON.stringify(emptyAsNull(a)) === JSON.stringify(emptyAsNull(b));

/**
 * Rules between fields: expectedServer/expectedTool/expectedParameters, when given beside
 * expectedCalls, must be its first call (they mirror it); selection mode judges one call, so
 * it takes at most one expected call and none of the loop's fields (its `context` is sent);
 * a forbidden tool cannot be an expected one.
 */
export function checkSequence(v: SequenceInput, ctx: z.RefinementCtx): void {
  const calls = v.expectedCalls;
  if (calls) {
    const first = calls[0];
    const pairGiven = (v.expectedServer ?? null) !== null || (v.expectedTool ?? null) !== null || emptyAsNull(v.expectedParameters) !== null;
    if (pairGiven && (!first || first.server !== v.expectedServer || first.tool !== v.expectedTool || !sameJson(first.arguments, v.expectedParameters))) {
      ctx.addIssue({
        code: 'custom',
        path: ['expectedCalls'],
        message: 'expectedServer, expectedTool and expectedParameters mirror expectedCalls[0]: give expectedCalls alone, or values equal to its first call',
      });
    }
    if ((v.mode ?? 'selection') === 'selection' && calls.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['expectedCalls'], message: `selection mode judges the first call only: set mode to "sequence" to expect ${calls.length} calls` });
    }
  }
  if ((v.mode ?? 'selection') === 'selection') {
    for (const { field, isDefault } of SEQUENCE_ONLY) {
      if (!isDefault(v)) ctx.addIssue({ code: 'custom', path: [field], message: `${field} needs mode "sequence": a selection case judges the model's first call and runs no tool` });
    }
  }
  const expected = calls ?? (v.expectedServer && v.expectedTool ? [{ server: v.expectedServer, tool: v.expectedTool }] : []);
  (v.forbiddenTools ?? []).forEach((f, i) => {
    if (expected.some((e) => e.server === f.server && e.tool === f.tool)) {
      ctx.addIssue({ code: 'custom', path: ['forbiddenTools', i], message: `${f.server}/${f.tool} is an expected call and cannot be forbidden` });
    }
  });
}
