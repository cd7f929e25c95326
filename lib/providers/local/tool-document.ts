import type { ExposedTool } from '../types';

/** Name words count twice: a tool's name is its most specific description. */
const NAME_WEIGHT = 2;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parameter names, descriptions and enum values: "city", "unit", "celsius" say what a tool is for. */
function describeParameters(schema: Record<string, unknown>): string[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.entries(properties).flatMap(([name, prop]) => {
    if (!isObject(prop)) return [name];
    const parts = [name];
    if (typeof prop.description === 'string') parts.push(prop.description);
    if (Array.isArray(prop.enum)) parts.push(...prop.enum.filter((v): v is string => typeof v === 'string'));
    return parts;
  });
}

/** The text a lexical scorer indexes for one tool. */
export function buildToolDocument(tool: ExposedTool): string {
  return [...Array<string>(NAME_WEIGHT).fill(tool.exposedName), tool.description, ...describeParameters(tool.inputSchema)].join('\n');
}
