import { readParameterSchema } from '../judge/arguments/schema';
import type { ToolRef } from '../judge/classify';
import type { EvaluatedTool } from './types';

/** Below this a description rarely says what a tool does, on what, and when to use it. */
export const SHORT_DESCRIPTION = 40;
const MAX_VALUE_CHARS = 60;
const MAX_QUOTE_CHARS = 120;
const MAX_ENUM_VALUES = 8;

export function findTool(tools: EvaluatedTool[], ref: ToolRef | null): EvaluatedTool | null {
  if (ref === null) return null;
  return tools.find((t) => t.server === ref.server && t.name === ref.tool) ?? null;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function formatValue(value: unknown): string {
  return value === undefined ? 'nothing' : truncate(JSON.stringify(value), MAX_VALUE_CHARS);
}

export function formatPercent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

/** A clause about a too-short description, or "" when its length is not the problem. */
export function describeDescriptionLength(tool: EvaluatedTool): string {
  const length = tool.description.trim().length;
  if (length === 0) return ' It has no description at all: say what it does, on what, and when to use it.';
  if (length < SHORT_DESCRIPTION) {
    return ` Its description is only ${length} characters long: say what it does, on what, and when to use it.`;
  }
  return '';
}

/** What the schema tells the model about one parameter, and what it leaves out. */
export function describeParameterSchema(tool: EvaluatedTool, param: string): string {
  const schema = readParameterSchema(tool.inputSchema, param);
  if (schema === null) return 'The schema does not describe it.';
  const facts: string[] = [];
  if (typeof schema.type === 'string') facts.push(`type ${schema.type}`);
  if (typeof schema.format === 'string') facts.push(`format ${schema.format}`);
  if (Array.isArray(schema.enum)) {
    const shown = schema.enum.slice(0, MAX_ENUM_VALUES).map((v) => JSON.stringify(v)).join(', ');
    facts.push(`allowed values ${shown}${schema.enum.length > MAX_ENUM_VALUES ? ', …' : ''}`);
  }
  const shape = facts.length ? ` (${facts.join('; ')})` : '';
  const description = typeof schema.description === 'string' ? schema.description.trim() : '';
  if (!description) return `Its schema${shape} has no description: add one saying what the value means and in what form.`;
  return `Its schema${shape} describes it as "${truncate(description, MAX_QUOTE_CHARS)}": make the expected value and its form explicit.`;
}
