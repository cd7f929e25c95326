import { z } from 'zod';
import { ConcurrencySchema, RunNameSchema, TestCaseIdsSchema } from '../eval/api/schemas';
import { ModelConfigSchema } from '../providers/types';
import { ToolAnnotationsSchema } from '../servers/static-tools/tool';

/** The baseline variant's reserved name: the tools as the servers list them. */
export const ORIGINAL_VARIANT = 'original';

/** MCP tool names (the spec's recommended character set). */
const TOOL_NAME = /^[A-Za-z0-9._-]{1,128}$/;

const JsonObject = z.record(z.string(), z.unknown());

export const ToolChangeSchema = z
  .object({
    server: z.string().trim().min(1).max(100),
    tool: z.string().min(1).max(128),
    description: z.string().max(10_000).optional(),
    name: z.string().regex(TOOL_NAME, 'name must be 1-128 letters, digits, ".", "_" or "-"').optional(),
    inputSchema: JsonObject.optional(),
    /** MCP's annotations, checked as a static server's are (apply writes them there); models are never shown them. */
    annotations: ToolAnnotationsSchema.optional(),
  })
  .strict()
  .refine((c) => c.description !== undefined || c.name !== undefined || c.inputSchema !== undefined || c.annotations !== undefined, {
    message: 'a change needs at least one of description, name, inputSchema or annotations',
  });
export type ToolChange = z.infer<typeof ToolChangeSchema>;

export const VariantSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .refine((n) => n.toLowerCase() !== ORIGINAL_VARIANT, `"${ORIGINAL_VARIANT}" is the baseline's name`),
    changes: z
      .array(ToolChangeSchema)
      .min(1, 'a variant needs at least one change')
      .max(200)
      .superRefine((changes, ctx) => {
        // The runner shows a model each tool's name, description and input schema only
        // (lib/eval/run/runner.ts): annotations alone would run the baseline again under a new name.
        if (changes.every((c) => c.description === undefined && c.name === undefined && c.inputSchema === undefined)) {
          ctx.addIssue({
            code: 'custom',
            message: 'this variant changes only annotations, which models are never shown (they see a tool\'s name, description and input schema): it would equal "original"; change a description, name or inputSchema too',
          });
        }
        const seen = new Set<string>();
        changes.forEach((c, i) => {
          const key = JSON.stringify([c.server, c.tool]);
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'tool'], message: `tool "${c.tool}" of server "${c.server}" is changed twice` });
          seen.add(key);
        });
      }),
  })
  .strict();

/** Model configs compared field by field: the pairing unit is (case, model), so a model may appear once. */
function modelKey(m: z.infer<typeof ModelConfigSchema>): string {
  return JSON.stringify([m.provider, m.model, m.baseUrl ?? null, m.systemPrompt ?? null, m.temperature, m.timeout, m.maxRetries]);
}

export const ExperimentInputSchema = z
  .object({
    name: RunNameSchema.optional(),
    /** Default: every test case whose servers include one holding a changed tool. */
    testCaseIds: TestCaseIdsSchema.optional(),
    models: z
      .array(ModelConfigSchema)
      .min(1, 'at least one model config')
      .max(5)
      .refine((ms) => new Set(ms.map(modelKey)).size === ms.length, 'models must not repeat (each is one side of the pairing)'),
    samples: z.number().int().min(1).max(10).default(1),
    concurrency: ConcurrencySchema,
    variants: z
      .array(VariantSchema)
      .min(1, 'at least one variant besides the original')
      .max(5)
      .refine((vs) => new Set(vs.map((v) => v.name.toLowerCase())).size === vs.length, 'variant names must be unique'),
  })
  .strict();
export type ExperimentInput = z.infer<typeof ExperimentInputSchema>;

export const ExportQuerySchema = z.object({ format: z.enum(['patch', 'tools']).default('patch') }).strict();
export type ExportFormat = z.infer<typeof ExportQuerySchema>['format'];

export const ApplyInputSchema = z.object({ serverId: z.string().min(1).max(100).optional() }).strict();
