import { z } from 'zod';
import { ModelConfigSchema } from '../../providers/types';
import { MAX_CONCURRENCY, MAX_SAMPLES } from '../../eval/api/limits';
import { checkSequence, sequenceFields } from '../../test-cases/sequence-schemas';

/**
 * A suite file (YAML or JSON): the servers to evaluate against, the test cases, the models
 * and the gates a CI job enforces. schemas/suite.schema.json is generated from this schema
 * (tests/cli-schemas.test.ts checks they agree), so editors complete it through `$schema`.
 */

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A static tool set held in the suite (or in a tools file next to it): runs offline. */
const StaticServerSchema = z
  .object({
    transport: z.literal('static'),
    tools: z.array(z.record(z.string(), z.unknown())).optional().describe('Tools in any supported format (MCP, OpenAI, Anthropic)'),
    toolsFile: z.string().min(1).optional().describe('A JSON file of tools, relative to the suite file'),
  })
  .strict()
  .refine((s) => (s.tools === undefined) !== (s.toolsFile === undefined), { message: 'a static server takes exactly one of tools or toolsFile', path: ['tools'] });

/** An mcp.json-style entry; ${NAME} in url, env, headers and args is read from the environment. */
const LiveServerSchema = z
  .object({
    type: z.enum(['stdio', 'http', 'streamable-http', 'sse']).optional(),
    transport: z.enum(['stdio', 'http', 'streamable-http', 'sse']).optional(),
    url: z.string().min(1).optional(),
    command: z.string().min(1).optional(),
    args: z.array(z.string()).optional(),
    env: z.record(z.string().regex(ENV_NAME), z.string()).optional(),
    headers: z.record(z.string(), z.string()).optional(),
  })
  .strict()
  .refine((s) => (s.url === undefined) !== (s.command === undefined), { message: 'a server takes url (HTTP) or command (stdio), not both or neither', path: ['url'] });

export const SuiteServerSchema = z.union([StaticServerSchema, LiveServerSchema]);
export type SuiteServer = z.infer<typeof SuiteServerSchema>;

export const ArgumentMatchingSchema = z.enum(['strict', 'bfcl']);

const InlineCaseSchema = z
  .object({
    id: z.string().min(1).max(200).optional().describe('Stable id across runs (the baseline key); default: the name'),
    name: z.string().min(1).max(200),
    query: z.string().min(1),
    servers: z.array(z.string().min(1)).min(1).describe('Server names of this suite'),
    expectedServer: z.string().min(1).nullable().default(null),
    expectedTool: z.string().min(1).nullable().default(null),
    expectedParameters: z.record(z.string(), z.unknown()).nullable().default(null),
    argumentMatching: ArgumentMatchingSchema.optional(),
    // Sequence cases (issue 17); the rules between them are checked below, as the API does.
    mode: sequenceFields.mode.optional().describe('"sequence" runs an agent loop and judges every call; default "selection" (the first call)'),
    expectedCalls: sequenceFields.expectedCalls.optional().describe('Expected calls [{server, tool, arguments?}]; arguments may use {"$fromResult": {"call": i, "path": "$.x"}}'),
    callOrder: sequenceFields.callOrder.optional().describe('"exact" (default) or "any"'),
    context: sequenceFields.context.optional().describe('Earlier turns sent before the query'),
    forbiddenTools: sequenceFields.forbiddenTools.optional().describe('Tools [{server, tool}] that must not be called'),
    maxSteps: sequenceFields.maxSteps.optional().describe('Model turns of the loop, 1..20; default 5'),
    execute: sequenceFields.execute.optional().describe('Which calls run for real: "none" (default), "read-only" or {"allow": [{server, tool}]}'),
    mockResults: sequenceFields.mockResults.optional().describe('Scripted results [{server, tool, match?, result: {text, isError?}}] for calls that do not run'),
  })
  .strict()
  // The API's rules between fields (the pair mirrors expectedCalls[0], a selection case takes none
  // of the loop's fields, a forbidden tool is not an expected one), through the same check, so a
  // suite the API would refuse is refused here with its file, line and field (exit 2).
  .superRefine((c, ctx) => checkSequence(c, ctx));

const CaseFileSchema = z.object({ file: z.string().min(1).describe('An exported test case file (JSON, JSONL or CSV), relative to the suite file') }).strict();

export const SuiteCaseSchema = z.union([CaseFileSchema, InlineCaseSchema]);
export type InlineCase = z.infer<typeof InlineCaseSchema>;

const Threshold = z.number().min(0).max(1);
export const MetricThresholdsSchema = z
  .object({ f1: Threshold.optional(), precision: Threshold.optional(), recall: Threshold.optional(), accuracy: Threshold.optional() })
  .strict();
export type MetricThresholds = z.infer<typeof MetricThresholdsSchema>;

export const GatesSchema = z
  .object({
    ...MetricThresholdsSchema.shape,
    perTool: z.record(z.string().regex(/^[^/]+\/.+$/, 'keys are server/tool'), MetricThresholdsSchema).optional(),
    baseline: z.string().min(1).optional().describe('A results.json of an earlier run, relative to the suite file'),
    maxRegression: MetricThresholdsSchema.optional().describe('The largest significant drop allowed per metric (0.05 = five points)'),
  })
  .strict();
export type Gates = z.infer<typeof GatesSchema>;

export const SuiteSchema = z
  .object({
    $schema: z.string().optional(),
    name: z.string().min(1).max(200).optional(),
    servers: z.record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 _.-]*$/, 'server names may contain letters, digits, spaces, "_", "." and "-"'), SuiteServerSchema),
    testCases: z.array(SuiteCaseSchema).min(1, 'a suite needs at least one test case'),
    models: z.array(ModelConfigSchema).min(1, 'a suite needs at least one model'),
    samples: z.number().int().min(1).max(MAX_SAMPLES).default(1),
    concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).default(4),
    argumentMatching: ArgumentMatchingSchema.default('strict').describe('Default argument matching of the cases'),
    gates: GatesSchema.default({}),
  })
  .strict();
export type Suite = z.infer<typeof SuiteSchema>;
