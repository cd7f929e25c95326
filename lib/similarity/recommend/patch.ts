import { toInputSchema } from '../extract/parameters';
import type { SimilarityTool } from '../types';
import type { JsonPatchOperation, ParameterEdit } from './types';

/**
 * Apply commands are RFC 6902 JSON Patch documents against the tool definition
 * `{name, description, inputSchema}`; a tool given without a JSON Schema (the shared data
 * file's informal parameters) gets the schema toInputSchema builds. Each patch starts with
 * `test` operations, so it fails instead of overwriting a definition changed since the analysis.
 */

export type ToolDefinition = { name: string; description: string; inputSchema: Record<string, unknown> };

export function toolDefinition(tool: SimilarityTool): ToolDefinition {
  return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema ?? toInputSchema(tool.parameters) };
}

/** RFC 6901: "~" becomes "~0" and "/" becomes "~1" inside a reference token. */
export function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function descriptionCommands(before: string, after: string): JsonPatchOperation[] {
  if (before === after) return [];
  return [
    { op: 'test', path: '/description', value: before },
    { op: 'replace', path: '/description', value: after },
  ];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function parameterCommands(tool: SimilarityTool, edits: readonly ParameterEdit[]): JsonPatchOperation[] {
  const schema = toolDefinition(tool).inputSchema;
  const properties = isObject(schema.properties) ? schema.properties : {};
  return edits.flatMap((edit): JsonPatchOperation[] => {
    const prop = properties[edit.parameter];
    // A boolean schema (`true`) has no description to set.
    if (!isObject(prop)) return [];
    const path = `/inputSchema/properties/${escapePointerToken(edit.parameter)}/description`;
    if (typeof prop.description === 'string') {
      return [
        { op: 'test', path, value: prop.description },
        { op: 'replace', path, value: edit.description },
      ];
    }
    return [{ op: 'add', path, value: edit.description }];
  });
}

export function renameCommands(before: string, after: string): JsonPatchOperation[] {
  return [
    { op: 'test', path: '/name', value: before },
    { op: 'replace', path: '/name', value: after },
  ];
}
