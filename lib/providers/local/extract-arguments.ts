/**
 * A deliberately modest argument extractor for the offline router: it fills a parameter only
 * when the query states the value unambiguously, and never invents one. Anything else is left
 * out, which the scorer reports as missing rather than wrong.
 */

type Schema = Record<string, unknown>;
type Arguments = Record<string, unknown>;

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g;
// A single quote only counts at a word boundary, so apostrophes ("what's", "it's") are not quotes.
const QUOTED = /"([^"]+)"|“([^”]+)”|(?<!\w)'([^']+)'(?!\w)/g;
const NUMBER = /(?<![\w.-])-?\d+(?:\.\d+)?(?![\w.])/g;
const DATE_NAME = /date|day|deadline|due|when|since|until/i;

function isObject(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type;
  // ["string", "null"] and the like: the first non-null type.
  if (Array.isArray(schema.type)) return schema.type.find((t): t is string => typeof t === 'string' && t !== 'null');
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function mentions(query: string, value: string | number): boolean {
  return new RegExp(`(?<![\\w])${escapeRegExp(String(value))}(?![\\w])`, 'i').test(query);
}

function isDateParam(name: string, schema: Schema): boolean {
  return schema.format === 'date' || schema.format === 'date-time' || (typeOf(schema) === 'string' && DATE_NAME.test(name));
}

/** Text with quoted strings and dates removed, so their digits are not read as numbers. */
function stripQuotedAndDates(query: string): string {
  return query.replace(QUOTED, ' ').replace(ISO_DATE, ' ');
}

function quotedStrings(query: string): string[] {
  return [...query.matchAll(QUOTED)].map((m) => (m[1] ?? m[2] ?? m[3] ?? '').trim()).filter(Boolean);
}

function extractEnums(query: string, props: [string, Schema][], args: Arguments): void {
  for (const [name, schema] of props) {
    if (!Array.isArray(schema.enum)) continue;
    const hits = schema.enum.filter((v): v is string | number => (typeof v === 'string' || typeof v === 'number') && mentions(query, v));
    if (hits.length === 1) args[name] = hits[0];
  }
}

function extractDates(query: string, props: [string, Schema][], args: Arguments): void {
  const dates = query.match(ISO_DATE) ?? [];
  const params = props.filter(([name, schema]) => !(name in args) && isDateParam(name, schema));
  if (dates.length === 1 && params.length === 1) args[params[0]?.[0] ?? ''] = dates[0];
}

function extractNumber(query: string, props: [string, Schema][], args: Arguments): void {
  const numbers = stripQuotedAndDates(query).match(NUMBER) ?? [];
  const params = props.filter(([name, schema]) => !(name in args) && ['number', 'integer'].includes(typeOf(schema) ?? ''));
  const [param] = params;
  if (numbers.length !== 1 || params.length !== 1 || !param) return;
  const value = Number(numbers[0]);
  if (typeOf(param[1]) === 'integer' && !Number.isInteger(value)) return;
  args[param[0]] = value;
}

function extractQuoted(query: string, props: [string, Schema][], required: Set<string>, args: Arguments): void {
  const quoted = quotedStrings(query);
  const params = props.filter(
    ([name, schema]) => !(name in args) && typeOf(schema) === 'string' && !Array.isArray(schema.enum) && !isDateParam(name, schema),
  );
  if (quoted.length !== 1) return;
  // One free string parameter takes it; among several, only a sole required one does.
  const requiredParams = params.filter(([name]) => required.has(name));
  const target = params.length === 1 ? params[0] : requiredParams.length === 1 ? requiredParams[0] : undefined;
  if (target) args[target[0]] = quoted[0];
}

/** Arguments stated unambiguously in the query for a tool with this JSON Schema. */
export function extractArguments(query: string, inputSchema: Schema): Arguments {
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const props = Object.entries(properties).filter((entry): entry is [string, Schema] => isObject(entry[1]));
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === 'string') : []);
  const args: Arguments = {};
  extractEnums(query, props, args);
  extractDates(query, props, args);
  extractNumber(query, props, args);
  extractQuoted(query, props, required, args);
  return args;
}
