import { toInputSchema } from '../extract/parameters';
import type { SimilarityParameter, SimilarityTool } from '../types';

/** A sample call built from the tool's own schema: defaults, enum values, or typed placeholders. */

const MAX_ARGUMENTS = 3;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sampleValue(param: SimilarityParameter, schema: Record<string, unknown>): unknown {
  if ('default' in schema) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length) return schema.examples[0];
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  switch (param.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      return `<${param.name}>`;
  }
}

/** Required parameters first (a call needs them), then the `prefer`red ones (those that tell the tool apart). */
export function exampleArguments(tool: SimilarityTool, prefer: readonly string[] = []): Record<string, unknown> {
  const schema = tool.inputSchema ?? toInputSchema(tool.parameters);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const rank = (p: SimilarityParameter) => (p.required ? 0 : prefer.includes(p.name) ? 1 : 2);
  const required = tool.parameters.filter((p) => p.required).length;
  // With parameters to show, the call holds only those and the required ones: anything else dilutes it.
  const pool = prefer.length ? tool.parameters.filter((p) => p.required || prefer.includes(p.name)) : tool.parameters;
  const chosen = [...pool].sort((a, b) => rank(a) - rank(b)).slice(0, Math.max(MAX_ARGUMENTS, required + (prefer.length ? 1 : 0)));
  const args: Record<string, unknown> = {};
  for (const p of chosen) {
    const prop = properties[p.name];
    args[p.name] = sampleValue(p, isObject(prop) ? prop : {});
  }
  return args;
}

export function exampleCall(tool: SimilarityTool, prefer: readonly string[] = []): string {
  return tool.parameters.length ? `${tool.name}(${JSON.stringify(exampleArguments(tool, prefer))})` : `${tool.name}()`;
}
