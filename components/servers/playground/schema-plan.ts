/*
 * Turns a tool's inputSchema into a list of form fields. Only flat, well-understood shapes
 * get widgets (string, number, integer, boolean, enum, array of primitives); any other
 * property is edited as JSON, and a schema that is not a plain object of properties is
 * edited as one raw JSON document.
 */

export type Primitive = string | number | boolean | null;
export type PrimitiveKind = 'string' | 'number' | 'integer' | 'boolean';

export type FieldPlan =
  | { kind: PrimitiveKind; name: string; required: boolean; schema: JsonSchema }
  | { kind: 'enum'; name: string; required: boolean; schema: JsonSchema; options: Primitive[] }
  | { kind: 'array'; name: string; required: boolean; schema: JsonSchema; item: PrimitiveKind | 'enum'; options?: Primitive[] }
  | { kind: 'json'; name: string; required: boolean; schema: JsonSchema };

export type FormPlan = { mode: 'fields'; fields: FieldPlan[] } | { mode: 'raw'; reason: string };

export type JsonSchema = Record<string, unknown>;

const PRIMITIVE_KINDS = new Set<string>(['string', 'number', 'integer', 'boolean']);
const COMPOSITE_KEYWORDS = ['anyOf', 'oneOf', 'allOf', '$ref', 'if', 'not', 'patternProperties', 'dependentSchemas'];

export const isObject = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

const isPrimitive = (v: unknown): v is Primitive => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/** The single non-null type of a schema ("string" from ["string", "null"]), if there is one. */
export function singleType(schema: JsonSchema): string | undefined {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) {
    const types = t.filter((x): x is string => typeof x === 'string' && x !== 'null');
    return types.length === 1 ? types[0] : undefined;
  }
  return undefined;
}

function enumOf(schema: JsonSchema): Primitive[] | undefined {
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every(isPrimitive)) return schema.enum;
  if ('const' in schema && isPrimitive(schema.const)) return [schema.const];
  return undefined;
}

function itemPlan(items: unknown): { item: PrimitiveKind | 'enum'; options?: Primitive[] } | null {
  if (!isObject(items) || COMPOSITE_KEYWORDS.some((k) => k in items)) return null;
  const options = enumOf(items);
  if (options) return { item: 'enum', options };
  const type = singleType(items);
  return type && PRIMITIVE_KINDS.has(type) ? { item: type as PrimitiveKind } : null;
}

function fieldPlan(name: string, schema: unknown, required: boolean): FieldPlan {
  if (!isObject(schema) || COMPOSITE_KEYWORDS.some((k) => k in schema)) return { kind: 'json', name, required, schema: isObject(schema) ? schema : {} };
  const options = enumOf(schema);
  if (options) return { kind: 'enum', name, required, schema, options };
  const type = singleType(schema);
  if (type && PRIMITIVE_KINDS.has(type)) return { kind: type as PrimitiveKind, name, required, schema };
  if (type === 'array') {
    const item = itemPlan(schema.items);
    if (item) return { kind: 'array', name, required, schema, ...item };
  }
  return { kind: 'json', name, required, schema };
}

export function planForm(inputSchema: unknown): FormPlan {
  if (!isObject(inputSchema)) return { mode: 'raw', reason: 'The tool has no usable inputSchema.' };
  if (COMPOSITE_KEYWORDS.some((k) => k in inputSchema)) return { mode: 'raw', reason: 'The inputSchema combines schemas (anyOf, oneOf, $ref…).' };
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === 'string') : []);
  const names = Object.keys(properties);
  if (names.length === 0 && (inputSchema.additionalProperties === true || isObject(inputSchema.additionalProperties))) {
    return { mode: 'raw', reason: 'The inputSchema accepts free-form properties.' };
  }
  // Required names the schema does not describe still need a place to be typed.
  const undescribed = [...required].filter((r) => !(r in properties));
  return {
    mode: 'fields',
    fields: [...names.map((n) => fieldPlan(n, properties[n], required.has(n))), ...undescribed.map((n): FieldPlan => ({ kind: 'json', name: n, required: true, schema: {} }))],
  };
}
