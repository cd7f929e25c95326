import { humanizeName } from '@/lib/text/tokenize';

/**
 * A plausible value for a parameter, taken from its schema where it offers one (enum, examples,
 * default, an "e.g." in its description), else from its format, name or type; and the words a
 * person would use to state it in a request ("in /var/log", "with priority high").
 */

type JsonObject = Record<string, unknown>;

export type ParameterSchema = { name: string; schema: JsonObject; required: boolean };

export type FilledParameter = {
  name: string;
  value: string | number | boolean | string[];
  /** The words that state the value in a sentence, e.g. `in /var/log` or `with priority "high"`. */
  phrase: string;
  /** What the test case expects: the value itself, or `{$contains}` for free text a model may reword. */
  expected: unknown;
};

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The properties of an object schema, required ones first, in their declared order. */
export function schemaParameters(inputSchema: JsonObject | undefined): ParameterSchema[] {
  if (!inputSchema || !isObject(inputSchema.properties)) return [];
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === 'string') : []);
  const all = Object.entries(inputSchema.properties)
    .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
    .map(([name, schema]) => ({ name, schema, required: required.has(name) }));
  return [...all.filter((p) => p.required), ...all.filter((p) => !p.required)];
}

function typeOf(schema: JsonObject): string | null {
  const t = schema.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t.find((x) => typeof x === 'string' && x !== 'null') as string | undefined) ?? null;
  if (Array.isArray(schema.enum)) return typeof schema.enum[0] === 'number' ? 'number' : 'string';
  return null;
}

/** `e.g. "doc-1"`, `e.g. 'hr'`, `for example "Paris"` in a parameter's description. */
function exampleInDescription(description: unknown): string | null {
  if (typeof description !== 'string') return null;
  const m = /(?:e\.g\.|for example|such as|like)\s*[:,]?\s*["'“]([^"'”\n]{1,60})["'”]/i.exec(description);
  return m?.[1]?.trim() || null;
}

function scalarOf(v: unknown): string | number | boolean | null {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
}

/** Values by what a parameter's name says it holds; checked in order, the first match wins. */
const BY_NAME: [RegExp, string | number][] = [
  [/^(?:file_?path|filename|file|file_?name)$/i, '/var/log/app.log'],
  [/(?:^path|dir|directory|folder)$/i, '/var/log'],
  [/(?:^|_)(?:url|uri|link|href)$/i, 'https://example.com/report'],
  [/e_?mail|recipient|^to$/i, 'alex@example.com'],
  [/date|day|deadline|^due/i, '2025-03-14'],
  [/time|timestamp|^since$|^until$/i, '2025-03-14T09:00:00Z'],
  [/(?:^|_)ids?$|Id$|^id$|number$/, '42'],
  [/pattern|glob/i, '*.log'],
  [/^(?:query|q|search|keywords?|terms?|question|prompt)$/i, 'quarterly budget'],
  [/title|subject|headline/i, 'Quarterly budget review'],
  [/name$/i, 'Quarterly report'],
  [/city|location|place|address/i, 'Paris'],
  [/country/i, 'France'],
  [/lang(?:uage)?$/i, 'en'],
  [/tag|label|category|topic/i, 'finance'],
  [/content|body|text|message|note|comment|description/i, 'The budget review moves to Friday'],
  [/amount|price|cost|total/i, 25],
  [/limit|count|size|max|top_?k|num/i, 5],
];

function stringValue(p: ParameterSchema): string {
  const format = typeof p.schema.format === 'string' ? p.schema.format : '';
  if (format === 'date') return '2025-03-14';
  if (format === 'date-time') return '2025-03-14T09:00:00Z';
  if (format === 'email') return 'alex@example.com';
  if (format === 'uri' || format === 'url') return 'https://example.com/report';
  const byName = BY_NAME.find(([re]) => re.test(p.name));
  return byName ? String(byName[1]) : 'the budget';
}

function numberValue(p: ParameterSchema, integer: boolean): number {
  const min = typeof p.schema.minimum === 'number' ? p.schema.minimum : undefined;
  const max = typeof p.schema.maximum === 'number' ? p.schema.maximum : undefined;
  const byName = BY_NAME.find(([re, v]) => typeof v === 'number' && re.test(p.name))?.[1];
  let v = typeof byName === 'number' ? byName : integer ? 3 : 2.5;
  if (min !== undefined && v < min) v = min;
  if (max !== undefined && v > max) v = max;
  return integer ? Math.round(v) : v;
}

/** Free text a model may reword or wrap ("quarterly budget" -> "the quarterly budget"). */
function isFreeText(name: string, value: string): boolean {
  return /\s/.test(value) && !/^(?:\/|https?:|\S+@)/.test(value) && !/id$|Id$/.test(name);
}

function words(name: string): string {
  return humanizeName(name).toLowerCase();
}

function phraseOf(name: string, value: FilledParameter['value']): string {
  const n = words(name);
  if (typeof value === 'boolean') return value ? `with ${n} turned on` : `with ${n} turned off`;
  if (Array.isArray(value)) return `with ${n} ${value.map((v) => `"${v}"`).join(' and ')}`;
  const text = String(value);
  if (/^(?:path|file_?path|dir|directory|folder)$/i.test(name) || /(?:dir|directory|folder)$/i.test(name)) return `in ${text}`;
  if (/^(?:url|uri|link)$/i.test(name)) return `at ${text}`;
  if (/^(?:to|recipient|email)$/i.test(name)) return `to ${text}`;
  if (/pattern|glob/i.test(name)) return `matching ${text}`;
  if (/^(?:query|q|search|keywords?|terms?)$/i.test(name)) return `about "${text}"`;
  if (/^(?:question|prompt)$/i.test(name)) return `asking "${text}"`;
  if (typeof value === 'string' && /\s/.test(text)) return `with ${n} "${text}"`;
  return `with ${n} ${text}`;
}

/** A value for one parameter, or null for shapes a sentence cannot state (objects, arrays of objects). */
export function fillParameter(p: ParameterSchema): FilledParameter | null {
  const { schema } = p;
  const type = typeOf(schema);
  let value: FilledParameter['value'] | null = null;
  const enumFirst = Array.isArray(schema.enum) ? scalarOf(schema.enum.find((e) => e !== null)) : null;
  const example = Array.isArray(schema.examples) ? scalarOf(schema.examples[0]) : scalarOf(schema.example);
  if (enumFirst !== null) value = enumFirst;
  else if (example !== null && (type === null || typeof example === (type === 'integer' ? 'number' : type))) value = example;
  else if (type === 'string' || type === null) value = exampleInDescription(schema.description) ?? stringValue(p);
  else if (type === 'integer' || type === 'number') value = numberValue(p, type === 'integer');
  else if (type === 'boolean') value = typeof schema.default === 'boolean' ? !schema.default : true;
  else if (type === 'array' && isObject(schema.items) && (typeOf(schema.items) ?? 'string') === 'string') {
    value = [exampleInDescription(schema.description) ?? stringValue({ ...p, name: p.name.replace(/s$/, '') })];
  }
  if (value === null) return null;
  const expected = Array.isArray(value)
    ? { $contains: value[0] }
    : typeof value === 'string' && enumFirst === null && isFreeText(p.name, value)
      ? { $contains: value.split(/\s+/).slice(-1)[0] ?? value }
      : value;
  return { name: p.name, value, phrase: phraseOf(p.name, value), expected };
}
