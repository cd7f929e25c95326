import type { FieldPlan, Primitive, PrimitiveKind } from './schema-plan';

/** What the user typed, per field; "" means "not set" (the argument is left out). */
export type FormValues = Record<string, string>;

/** An enum option travels through <select> as JSON, so 1, "1" and true stay distinct. */
export const encodeOption = (v: Primitive) => JSON.stringify(v);

function parsePrimitive(kind: PrimitiveKind, raw: string): { value: unknown } | { error: string } {
  switch (kind) {
    case 'string':
      return { value: raw };
    case 'boolean':
      return raw === 'true' ? { value: true } : raw === 'false' ? { value: false } : { error: 'Enter true or false' };
    case 'number':
    case 'integer': {
      const n = Number(raw.trim());
      if (raw.trim() === '' || !Number.isFinite(n)) return { error: 'Enter a number' };
      if (kind === 'integer' && !Number.isInteger(n)) return { error: 'Enter a whole number' };
      return { value: n };
    }
  }
}

function parseField(field: FieldPlan, raw: string): { value: unknown } | { error: string } {
  switch (field.kind) {
    case 'enum':
      return { value: JSON.parse(raw) as unknown };
    case 'array': {
      const lines = raw.split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
      const values: unknown[] = [];
      for (const [i, line] of lines.entries()) {
        if (field.item === 'enum') {
          const match = field.options?.find((o) => String(o) === line.trim());
          if (match === undefined) return { error: `Line ${i + 1}: "${line.trim()}" is not one of the allowed values` };
          values.push(match);
          continue;
        }
        const parsed = parsePrimitive(field.item, field.item === 'string' ? line : line.trim());
        if ('error' in parsed) return { error: `Line ${i + 1}: ${parsed.error.toLowerCase()}` };
        values.push(parsed.value);
      }
      return { value: values };
    }
    case 'json':
      try {
        return { value: JSON.parse(raw) as unknown };
      } catch (err) {
        return { error: `Not valid JSON: ${err instanceof Error ? err.message : 'parse error'}` };
      }
    default:
      return parsePrimitive(field.kind, raw);
  }
}

/** The call's arguments, or the fields whose text cannot be turned into a value. */
export function toArguments(fields: FieldPlan[], values: FormValues): { args: Record<string, unknown>; errors: Record<string, string> } {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = values[field.name] ?? '';
    // An empty array field is "not set" too; the schema's required check reports it if needed.
    if (raw.trim() === '' && !(field.kind === 'string' && raw !== '')) continue;
    const parsed = parseField(field, raw);
    if ('error' in parsed) errors[field.name] = parsed.error;
    else args[field.name] = parsed.value;
  }
  return { args, errors };
}

function toText(field: FieldPlan, value: unknown): string {
  if (value === undefined) return '';
  switch (field.kind) {
    case 'enum':
      return JSON.stringify(value);
    case 'array':
      return Array.isArray(value) ? value.map((v) => String(v)).join('\n') : '';
    case 'json':
      return JSON.stringify(value, null, 2);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** Back from raw JSON to the fields (when the user switches editors). */
export function fromArguments(fields: FieldPlan[], args: Record<string, unknown>): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, toText(f, args[f.name])]));
}
