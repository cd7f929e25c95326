/** Readers of a tool's JSON Schema shared by the schema-hygiene rules. */

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The top-level properties of an input schema, as [name, schema] pairs (non-object schemas skipped). */
export function propertiesOf(schema: JsonObject | undefined): [string, JsonObject][] {
  const props = schema && isObject(schema.properties) ? schema.properties : {};
  return Object.entries(props).flatMap(([name, p]) => (isObject(p) ? [[name, p] as [string, JsonObject]] : []));
}

/**
 * How deep objects nest: an object of scalars is 1, and each object inside it (as a property,
 * an array's items or an additionalProperties schema) adds one; anyOf/oneOf/allOf variants and
 * arrays add nothing themselves. Bounded, so a self-referencing or huge schema stays cheap.
 */
export function nestingDepth(schema: unknown, limit = 12): number {
  if (!isObject(schema) || limit <= 0) return 0;
  const variants: unknown[] = [schema.items];
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) variants.push(...list);
  }
  const children: unknown[] = [...(isObject(schema.properties) ? Object.values(schema.properties) : []), schema.additionalProperties];
  const isObjectLevel = isObject(schema.properties) || isObject(schema.additionalProperties);
  let deepest = 0;
  for (const v of variants) deepest = Math.max(deepest, nestingDepth(v, limit - 1));
  for (const c of children) deepest = Math.max(deepest, (isObjectLevel ? 1 : 0) + nestingDepth(c, limit - 1));
  return Math.max(deepest, isObjectLevel ? 1 : 0);
}
