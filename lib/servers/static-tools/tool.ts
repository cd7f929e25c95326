import { z } from 'zod';
import { validateAgainstSchema } from '../../validation/json-schema';

/**
 * One tool of a static server, in MCP's shape (what tools/list returns). Plain data shared by
 * the API and the browser's tool editor; the list rules (unique names, valid schemas) are in
 * validate.ts.
 */

export const TOOL_NAME_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;
export const MAX_STATIC_TOOLS = 1000;
export const MAX_DESCRIPTION_LENGTH = 10_000;

export const ToolAnnotationsSchema = z
  .object({
    title: z.string().max(200).optional(),
    readOnlyHint: z.boolean().optional(),
    destructiveHint: z.boolean().optional(),
    idempotentHint: z.boolean().optional(),
    openWorldHint: z.boolean().optional(),
  })
  .strict();
export type ToolAnnotations = z.infer<typeof ToolAnnotationsSchema>;

export const ANNOTATION_HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

const JsonObjectSchema = z.record(z.string(), z.unknown());

export const StaticToolSchema = z
  .object({
    name: z.string(),
    description: z.string().max(MAX_DESCRIPTION_LENGTH),
    inputSchema: JsonObjectSchema,
    outputSchema: JsonObjectSchema.optional(),
    annotations: ToolAnnotationsSchema.optional(),
  })
  .strict();
export type StaticTool = z.infer<typeof StaticToolSchema>;

/**
 * How deep a stored schema may nest (objects and arrays). SQLite's JSON functions (the static_tools CHECKs) refuse
 * more than 1,000 levels with an error, not a constraint failure; real tool schemas stay far below this.
 */
export const MAX_SCHEMA_DEPTH = 100;

function nestsDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (max === 0) return true;
  return Object.values(value).some((v) => nestsDeeperThan(v, max - 1));
}

/** Why `schema` is not a usable tool schema (MCP: a JSON Schema object of type "object"), or null. */
export function toolSchemaProblem(schema: unknown): string | null {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return 'must be a JSON Schema object';
  const record = schema as Record<string, unknown>;
  if (record.type !== 'object') return 'must have type "object"';
  if (nestsDeeperThan(record, MAX_SCHEMA_DEPTH)) return `nests deeper than ${MAX_SCHEMA_DEPTH} levels`;
  const check = validateAgainstSchema(record, {});
  return check.valid === null ? `is not valid JSON Schema: ${check.schemaError}` : null;
}

export function toolNameProblem(name: unknown): string | null {
  if (typeof name !== 'string' || name === '') return 'name is required';
  return TOOL_NAME_PATTERN.test(name) ? null : 'name must be 1-128 characters of letters, digits, ".", "_" or "-"';
}
