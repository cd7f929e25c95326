import { testLinearRegex } from '@/lib/validation/linear-regex';
import { isPlainObject } from './coerce';

/**
 * Readings of a tool's inputSchema that tolerate real-world schemas: missing or malformed
 * `properties`/`required` mean "nothing declared", not an error.
 */

export function readProperties(schema: Record<string, unknown>): Record<string, unknown> | null {
  return isPlainObject(schema.properties) ? schema.properties : null;
}

export function readRequired(schema: Record<string, unknown>): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : [];
}

/** The schema of one top-level parameter, or null when it is not declared (or declared as `true`). */
export function readParameterSchema(schema: Record<string, unknown>, param: string): Record<string, unknown> | null {
  const properties = readProperties(schema);
  const entry = properties && Object.hasOwn(properties, param) ? properties[param] : undefined;
  return isPlainObject(entry) ? entry : null;
}

function matchesPatternProperty(schema: Record<string, unknown>, key: string): boolean {
  if (!isPlainObject(schema.patternProperties)) return false;
  // The server's pattern against the model's key: both untrusted, so RE2 (linear time).
  return Object.keys(schema.patternProperties).some((pattern) => testLinearRegex(pattern, key).matched);
}

/**
 * Whether a key is one the schema declares. Without a `properties` object the schema says
 * nothing about names, so every key is accepted unless `additionalProperties` is false.
 */
export function isDeclaredParameter(schema: Record<string, unknown>, key: string): boolean {
  const properties = readProperties(schema);
  if (properties === null) return schema.additionalProperties !== false || matchesPatternProperty(schema, key);
  return Object.hasOwn(properties, key) || matchesPatternProperty(schema, key);
}

