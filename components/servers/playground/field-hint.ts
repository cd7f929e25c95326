import type { FieldPlan } from './schema-plan';

const KIND_LABEL: Record<FieldPlan['kind'], string> = {
  string: 'text',
  number: 'number',
  integer: 'whole number',
  boolean: 'true or false',
  enum: 'one of the listed values',
  array: 'list, one value per line',
  json: 'JSON',
};

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

function range(min: number | undefined, max: number | undefined, unit: string): string | null {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${plural(min, unit)}` : `${min}–${plural(max, unit)}`;
  if (min !== undefined) return min > 0 ? `at least ${plural(min, unit)}` : null;
  if (max !== undefined) return `at most ${plural(max, unit)}`;
  return null;
}

function constraints(schema: Record<string, unknown>): string[] {
  const out: string[] = [];
  const num = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  if (typeof schema.format === 'string') out.push(`format ${schema.format}`);
  if (typeof schema.pattern === 'string') out.push(`pattern ${schema.pattern}`);
  const min = num('minimum') ?? num('exclusiveMinimum');
  const max = num('maximum') ?? num('exclusiveMaximum');
  if (min !== undefined && max !== undefined) out.push(`${min} to ${max}`);
  else if (min !== undefined) out.push(`at least ${min}`);
  else if (max !== undefined) out.push(`at most ${max}`);
  const length = range(num('minLength'), num('maxLength'), 'character');
  if (length) out.push(length);
  const items = range(num('minItems'), num('maxItems'), 'item');
  if (items) out.push(items);
  if ('default' in schema) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

/** The schema's own description (untrusted text, rendered as text) plus the type and limits. */
export function hintOf(field: FieldPlan): string {
  const description = typeof field.schema.description === 'string' ? field.schema.description.trim() : '';
  let kind = KIND_LABEL[field.kind];
  if (field.kind === 'array' && field.options) kind = `list, one per line, of: ${field.options.map(String).join(', ')}`;
  const facts = [kind, ...constraints(field.schema)].join('; ');
  return description ? `${description} (${facts})` : facts.charAt(0).toUpperCase() + facts.slice(1);
}
