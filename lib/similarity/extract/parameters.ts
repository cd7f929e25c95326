import type { z } from 'zod';
import type { ParameterObjectSchema } from '../schemas';
import type { SimilarityParameter } from '../types';

/** Reads the parameters of a tool from whichever shape it came in. */

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The informal types of the shared data file ("str", "int", "dict") named as JSON Schema does. */
const TYPE_ALIASES: Record<string, string> = {
  str: 'string',
  string: 'string',
  int: 'integer',
  integer: 'integer',
  float: 'number',
  number: 'number',
  double: 'number',
  bool: 'boolean',
  boolean: 'boolean',
  dict: 'object',
  dictionary: 'object',
  object: 'object',
  list: 'array',
  array: 'array',
};

export function normalizeType(type: string | null | undefined): string | null {
  if (!type) return null;
  const key = type.trim().toLowerCase();
  return key ? (TYPE_ALIASES[key] ?? type.trim()) : null;
}

function schemaType(prop: Record<string, unknown>): string | null {
  if (typeof prop.type === 'string') return normalizeType(prop.type);
  if (Array.isArray(prop.type)) {
    const types = prop.type.filter((t): t is string => typeof t === 'string' && t !== 'null');
    return types.length ? types.map((t) => normalizeType(t)).join('|') : null;
  }
  // zod/pydantic emit optional values as anyOf [{type: X}, {type: 'null'}].
  const variants = Array.isArray(prop.anyOf) ? prop.anyOf : Array.isArray(prop.oneOf) ? prop.oneOf : null;
  if (variants) {
    const types = variants.flatMap((v) => (isObject(v) && typeof v.type === 'string' && v.type !== 'null' ? [normalizeType(v.type)] : []));
    return types.length ? types.join('|') : null;
  }
  if (Array.isArray(prop.enum)) return 'enum';
  return null;
}

export function fromJsonSchema(schema: Record<string, unknown>): SimilarityParameter[] {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  return Object.entries(properties).map(([name, prop]) => {
    const p = isObject(prop) ? prop : {};
    return {
      name,
      type: schemaType(p),
      description: typeof p.description === 'string' ? p.description.trim() : '',
      required: required.has(name),
    };
  });
}

const INFORMAL = /^\s*\(([^)]*)\)\s*([\s\S]*)$/;

/**
 * "(string) The URL", "(Optional, boolean) Whether..." or plain text: the parenthesised
 * words give the type and optionality; parameters not marked "required" count as optional,
 * since the data file rarely says.
 */
export function fromInformal(map: Record<string, string>): SimilarityParameter[] {
  return Object.entries(map).map(([name, text]) => {
    const match = INFORMAL.exec(text);
    if (!match) return { name, type: null, description: text.trim(), required: false };
    const words = (match[1] ?? '').split(/[\s,]+/).filter(Boolean);
    const required = words.some((w) => w.toLowerCase() === 'required');
    const typeWord = words.find((w) => !/^(optional|required)$/i.test(w));
    return { name, type: normalizeType(typeWord), description: (match[2] ?? '').trim(), required };
  });
}

export function fromParameterObjects(list: z.infer<typeof ParameterObjectSchema>[]): SimilarityParameter[] {
  return list.map((p) => ({ name: p.name, type: normalizeType(p.type), description: (p.description ?? '').trim(), required: p.required ?? false }));
}

export type ToolParameterFields = {
  inputSchema?: Record<string, unknown>;
  parameters?: Record<string, string> | z.infer<typeof ParameterObjectSchema>[];
  parameter?: Record<string, string> | null;
};

export function readParameters(tool: ToolParameterFields): SimilarityParameter[] {
  if (tool.inputSchema) return fromJsonSchema(tool.inputSchema);
  if (Array.isArray(tool.parameters)) return fromParameterObjects(tool.parameters);
  if (tool.parameters) return fromInformal(tool.parameters);
  if (tool.parameter) return fromInformal(tool.parameter);
  return [];
}

/**
 * The JSON Schema a tool without one would have: apply commands (JSON Patch) address
 * `/inputSchema/properties/<name>/description`, so every tool needs the same shape.
 */
export function toInputSchema(parameters: SimilarityParameter[]): Record<string, unknown> {
  const properties: Record<string, Record<string, unknown>> = {};
  for (const p of parameters) {
    const prop: Record<string, unknown> = {};
    if (p.type && /^(string|integer|number|boolean|object|array|null)$/.test(p.type)) prop.type = p.type;
    if (p.description) prop.description = p.description;
    properties[p.name] = prop;
  }
  const required = parameters.filter((p) => p.required).map((p) => p.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
