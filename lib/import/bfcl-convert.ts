import { z } from 'zod';

/**
 * BFCL (Berkeley Function Calling Leaderboard) entries -> the harness's tools and expected
 * parameters. Pure: no database. The rules follow BFCL's AST checker
 * (bfcl_eval/eval_checker/ast_eval/ast_checker.py): a ground-truth parameter lists its
 * acceptable values, `""` among them means it may be left out, and a parameter the ground
 * truth does not list must not be given.
 */

const MessageSchema = z.object({ role: z.string(), content: z.string() }).loose();
const BfclFunctionSchema = z
  .object({
    name: z.string().min(1),
    description: z.string().default(''),
    parameters: z.record(z.string(), z.unknown()).default({ type: 'dict', properties: {} }),
  })
  .loose();
export type BfclFunction = z.infer<typeof BfclFunctionSchema>;

/** A BFCL question object: `question` is a list of turns, each a list of messages. */
export const BfclEntrySchema = z
  .object({
    id: z.string().min(1).max(200),
    question: z.array(z.array(MessageSchema)),
    function: z.array(BfclFunctionSchema).min(1),
  })
  .loose();
export type BfclEntry = z.infer<typeof BfclEntrySchema>;

/** A possible_answer object: one `{function name: {param: [acceptable values]}}` per expected call. */
export const BfclAnswerSchema = z
  .object({
    id: z.string().min(1),
    ground_truth: z.array(z.record(z.string(), z.record(z.string(), z.array(z.unknown())))),
  })
  .loose();
export type BfclAnswer = z.infer<typeof BfclAnswerSchema>;

export type McpToolShape = { name: string; description: string; inputSchema: Record<string, unknown> };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** BFCL's Python type names -> JSON Schema types; `any` drops the type. */
const TYPE_MAP: Record<string, string | null> = {
  dict: 'object',
  float: 'number',
  tuple: 'array',
  any: null,
  integer: 'integer',
  string: 'string',
  boolean: 'boolean',
  array: 'array',
  object: 'object',
  number: 'number',
};

/** Keys BFCL adds that are not JSON Schema (`optional: true` beside a default). */
const NON_SCHEMA_KEYS = new Set(['optional']);

export function toJsonSchema(schema: unknown): unknown {
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (NON_SCHEMA_KEYS.has(key)) continue;
    if (key === 'type' && typeof value === 'string') {
      const mapped = Object.hasOwn(TYPE_MAP, value) ? TYPE_MAP[value] : null;
      if (mapped) out.type = mapped;
    } else if (key === 'properties' && isRecord(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, toJsonSchema(s)]));
    } else if (key === 'items') out.items = toJsonSchema(value);
    else out[key] = value;
  }
  return out;
}

export function toMcpTool(fn: BfclFunction): McpToolShape {
  const inputSchema = toJsonSchema(fn.parameters) as Record<string, unknown>;
  // MCP tool schemas are objects; BFCL writes "dict", which toJsonSchema already mapped.
  return { name: fn.name, description: fn.description, inputSchema: { ...inputSchema, type: 'object' } };
}

/** The user's words: the user messages of the single turn (system prompts are the harness's job). */
export function userQuery(entry: BfclEntry): { query: string } | { reason: string } {
  if (entry.question.length !== 1) return { reason: `multi-turn entries (${entry.question.length} turns) are not supported` };
  const text = (entry.question[0] ?? [])
    .filter((m) => m.role === 'user')
    .map((m) => m.content)
    .join('\n')
    .trim();
  return text ? { query: text } : { reason: 'the entry has no user message' };
}

const OPTIONAL = '';

function paramSchemaOf(schema: unknown, key: string): Record<string, unknown> | null {
  if (!isRecord(schema) || !isRecord(schema.properties)) return null;
  const s = schema.properties[key];
  return isRecord(s) ? s : null;
}

/** One acceptable value: a dict parameter lists acceptable values per key again (dict_checker), so recurse. */
function toExpectedValue(value: unknown, schema: Record<string, unknown> | null): unknown {
  const type = schema?.type;
  if ((type === 'dict' || type === 'object') && isRecord(value) && Object.values(value).every(Array.isArray)) {
    return toExpectedObject(value as Record<string, unknown[]>, schema);
  }
  if ((type === 'array' || type === 'tuple') && Array.isArray(value) && isRecord(schema?.items)) {
    const items = schema.items as Record<string, unknown>;
    if (items.type === 'dict' || items.type === 'object') return value.map((v) => toExpectedValue(v, items));
  }
  return value;
}

/** A list of acceptable values -> a plain value, `$oneOf`, or `$absent` (BFCL's `""`). */
function toExpectation(values: unknown[], schema: Record<string, unknown> | null): unknown {
  const optional = values.includes(OPTIONAL);
  const accepted = values.filter((v) => v !== OPTIONAL).map((v) => toExpectedValue(v, schema));
  if (accepted.length === 0) return { $absent: true };
  const options = optional ? [...accepted, { $absent: true }] : accepted;
  return options.length === 1 ? options[0] : { $oneOf: options };
}

function toExpectedObject(answer: Record<string, unknown[]>, schema: Record<string, unknown> | null): Record<string, unknown> {
  const expected: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(answer)) expected[key] = toExpectation(values, paramSchemaOf(schema, key));
  return expected;
}

/**
 * Expected parameters of one ground-truth call. Declared parameters the answer leaves out
 * are expected absent: BFCL rejects them as unexpected.
 */
export function toExpectedParameters(answer: Record<string, unknown[]>, fn: BfclFunction): Record<string, unknown> {
  const expected = toExpectedObject(answer, fn.parameters);
  const declared = isRecord(fn.parameters.properties) ? Object.keys(fn.parameters.properties) : [];
  for (const key of declared) if (!Object.hasOwn(expected, key)) expected[key] = { $absent: true };
  return expected;
}

/** One expected call of a multi-call entry: its function and expected parameters. */
export type ConvertedCall = { tool: string; parameters: Record<string, unknown> };

/**
 * A converted entry. `multi` is BFCL's parallel and parallel_multiple categories (two or more
 * ground-truth calls): BFCL's parallel checker wants every expected call, in any order, in
 * the model's one answer, and no other call. The importers map it to a sequence case with
 * callOrder "any", maxSteps 1 and nothing executed (see multiCallCase).
 */
export type ConvertedCase =
  | { kind: 'positive'; query: string; tools: McpToolShape[]; expectedTool: string; expectedParameters: Record<string, unknown> }
  | { kind: 'multi'; query: string; tools: McpToolShape[]; calls: ConvertedCall[] }
  | { kind: 'negative'; query: string; tools: McpToolShape[] };

/**
 * The sequence fields of a multi-call entry's test case, on the tool set named `server`:
 * one model turn (maxSteps 1) whose calls are all judged, in any order, none executed
 * (BFCL scores the calls, not their results).
 */
export function multiCallCase(server: string, calls: ConvertedCall[]) {
  return {
    mode: 'sequence' as const,
    callOrder: 'any' as const,
    maxSteps: 1,
    execute: 'none' as const,
    expectedCalls: calls.map((c) => ({ server, tool: c.tool, arguments: c.parameters })),
  };
}

/** BFCL's irrelevance categories expect no call at all. */
export function isIrrelevanceEntry(id: string): boolean {
  return /(^|_)irrelevance(_|$)/.test(id);
}

/** One entry (and its answer, if any) as a test case, or why it cannot be one. */
export function convertBfclEntry(entry: BfclEntry, answer: BfclAnswer | undefined): ConvertedCase | { reason: string } {
  const asked = userQuery(entry);
  if ('reason' in asked) return asked;
  const tools = entry.function.map(toMcpTool);
  const names = new Set(tools.map((t) => t.name));
  if (names.size !== tools.length) return { reason: 'the entry declares two functions with the same name' };
  if (!answer) {
    return isIrrelevanceEntry(entry.id) ? { kind: 'negative', query: asked.query, tools } : { reason: 'no possible answer with this id' };
  }
  if (answer.ground_truth.length === 0) return { reason: 'the possible answer lists no call' };
  const calls: ConvertedCall[] = [];
  for (const [i, raw] of answer.ground_truth.entries()) {
    const call = raw as Record<string, Record<string, unknown[]>>;
    const [name, ...more] = Object.keys(call);
    const where = answer.ground_truth.length > 1 ? ` (ground_truth[${i}])` : '';
    if (!name || more.length) return { reason: `a ground-truth call must name exactly one function${where}` };
    const fn = entry.function.find((f) => f.name === name);
    if (!fn) return { reason: `the ground truth calls ${name}, which the entry does not declare${where}` };
    calls.push({ tool: name, parameters: toExpectedParameters(call[name] ?? {}, fn) });
  }
  const [only] = calls;
  if (calls.length === 1 && only) return { kind: 'positive', query: asked.query, tools, expectedTool: only.tool, expectedParameters: only.parameters };
  return { kind: 'multi', query: asked.query, tools, calls };
}
