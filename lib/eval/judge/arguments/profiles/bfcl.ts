import { isPlainObject } from '../coerce';
import type { ArgumentMatchingProfile } from './types';

/**
 * The Berkeley Function Calling Leaderboard's AST checker (bfcl_eval/eval_checker/ast_eval/
 * ast_checker.py): strings compared after its standardize_string, other scalars only against
 * a value of the same JSON type, and type checks that look at types only (BFCL never checks
 * enum, format or bounds).
 */

/** BFCL's standardize_string: drop spaces and `,./-_*^`, lower-case, read ' as ". */
export function standardizeBfclString(value: string): string {
  return value.replace(/[ ,./\-_*^]/g, '').toLowerCase().replace(/'/g, '"');
}

/** Keywords that constrain values rather than types. */
const VALUE_CONSTRAINTS = new Set([
  'enum',
  'const',
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
]);
/** Keywords whose value maps names to schemas: the names stay, the schemas are stripped. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is data, not a schema. */
const DATA = new Set(['default', 'examples', 'required', 'description', 'title']);

function stripValueConstraints(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(stripValueConstraints);
  if (!isPlainObject(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALUE_CONSTRAINTS.has(key)) continue;
    if (DATA.has(key)) out[key] = value;
    else if (SCHEMA_MAPS.has(key) && isPlainObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, stripValueConstraints(s)]));
    } else out[key] = stripValueConstraints(value);
  }
  return out;
}

export const bfclProfile: ArgumentMatchingProfile = {
  id: 'bfcl',
  label: 'BFCL',
  description:
    "BFCL's checker: strings compared without spaces and ,./-_*^ and case-insensitively (' read as \"), numbers and booleans only as JSON numbers and booleans (an integer where a float is expected is accepted), lists in order; types checked without enum, format or bounds.",
  scalarsMatch(expected, actual) {
    if (typeof expected === 'string') return typeof actual === 'string' && standardizeBfclString(expected) === standardizeBfclString(actual);
    if (typeof expected === 'number') return typeof actual === 'number' && expected === actual;
    if (typeof expected === 'boolean') return actual === expected;
    return false;
  },
  normalizeText: standardizeBfclString,
  typeCheckSchema: (inputSchema) => stripValueConstraints(inputSchema) as Record<string, unknown>,
};
