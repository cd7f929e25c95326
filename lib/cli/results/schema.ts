import { z } from 'zod';

/**
 * results.json, version 1: what `mcp-eval run` writes and what `compare` and the regression
 * gate read as a baseline. Additive changes keep the version; anything else bumps it.
 * schemas/results.schema.json is generated from this schema.
 */
export const RESULTS_SCHEMA_VERSION = 1;

const Rate = z.number().min(0).max(1).nullable();

export const MetricSetSchema = z
  .object({ tp: z.number().int().min(0), fp: z.number().int().min(0), tn: z.number().int().min(0), fn: z.number().int().min(0), precision: Rate, recall: Rate, f1: Rate, accuracy: Rate })
  .strict();
export type MetricSet = z.infer<typeof MetricSetSchema>;

export const CaseResultSchema = z
  .object({
    id: z.string().describe('The suite case id (stable across runs)'),
    name: z.string(),
    model: z.string().describe('provider/model'),
    status: z.enum(['completed', 'failed']),
    classification: z.enum(['TP', 'FP', 'TN', 'FN']).nullable(),
    expected: z.string().nullable().describe('server/tool, null for a negative case'),
    selected: z.string().nullable(),
    confidence: z.number().nullable(),
    argumentScore: z.number().nullable().describe('Share of expected parameters matched (null when the tool was wrong or none was expected)'),
    argumentMatching: z.enum(['strict', 'bfcl']),
    failureReasons: z.array(z.string()),
    samples: z.object({ count: z.number().int().min(1), agreement: z.number().min(0).max(1).nullable() }).strict(),
    error: z.string().nullable().describe('Why the run failed (infrastructure), never a model mistake'),
  })
  .strict();
export type CaseResult = z.infer<typeof CaseResultSchema>;

export const GateResultSchema = z
  .object({
    id: z.string().describe('e.g. f1, tool:todo/create_todo:recall, regression:f1'),
    metric: z.enum(['f1', 'precision', 'recall', 'accuracy']),
    kind: z.enum(['minimum', 'regression']),
    threshold: z.number(),
    actual: z.number().nullable(),
    status: z.enum(['passed', 'failed', 'too_few_cases']),
    message: z.string(),
  })
  .strict();
export type GateResult = z.infer<typeof GateResultSchema>;

const FlipSchema = z.object({ caseId: z.string(), model: z.string(), baseline: z.string(), current: z.string() }).strict();

export const RegressionSchema = z
  .object({
    baseline: z.string().describe('The baseline file as given'),
    units: z.number().int(),
    metrics: z.record(
      z.string(),
      z.object({ baseline: z.number().nullable(), current: z.number().nullable(), delta: z.number().nullable(), interval: z.tuple([z.number(), z.number()]).nullable(), pValue: z.number().nullable(), outcome: z.string(), method: z.string() }).strict(),
    ),
    regressed: z.array(FlipSchema),
    fixed: z.array(FlipSchema),
    flaky: z.array(z.object({ caseId: z.string(), model: z.string(), reason: z.string() }).strict()),
    unpaired: z.object({ baseline: z.number().int(), current: z.number().int() }).strict(),
  })
  .strict();
export type Regression = z.infer<typeof RegressionSchema>;

export const ResultsSchema = z
  .object({
    $schema: z.string().optional(),
    schemaVersion: z.literal(RESULTS_SCHEMA_VERSION),
    suite: z.string(),
    startedAt: z.string(),
    finishedAt: z.string(),
    models: z.array(z.string()),
    cases: z.array(CaseResultSchema),
    metrics: z.object({ overall: MetricSetSchema, perModel: z.record(z.string(), MetricSetSchema), perTool: z.record(z.string(), MetricSetSchema) }).strict(),
    gates: z.array(GateResultSchema),
    regression: RegressionSchema.nullable(),
  })
  .strict();
export type Results = z.infer<typeof ResultsSchema>;
