import type { ArgumentMode } from './argument-modes';
import type { PropertySpec } from './schema-properties';

/** What the user typed for one argument; text stays as typed so half-written values survive re-renders. */
export type ArgumentDraft = {
  mode: ArgumentMode;
  /** The value input: plain text, a number, "true"/"false", JSON, or one option per line ($oneOf). */
  text: string;
  /** $approx only. */
  tolerance: string;
  /** $oneOf on an enum property: the JSON of each ticked option. */
  choices: string[];
  /** The stored value does not fit the schema type, so this row is edited as JSON. */
  asJson: boolean;
  /** $fromResult only: the index of the earlier expected call, as typed (the path is `text`). */
  fromCall?: string;
};

export const EMPTY_DRAFT: ArgumentDraft = { mode: 'unchecked', text: '', tolerance: '', choices: [], asJson: false };

/** The typed input a property gets (before the JSON fallback). */
export type InputKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export function inputKind(prop: PropertySpec): InputKind {
  if (prop.enumValues) return 'enum';
  return prop.type === 'array' || prop.type === 'object' || prop.type === 'unknown' ? 'json' : prop.type;
}

export type DraftResult = { kind: 'unchecked' } | { kind: 'value'; value: unknown } | { kind: 'error'; message: string };

type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

const ok = (value: unknown): Parsed => ({ ok: true, value });
const fail = (message: string): Parsed => ({ ok: false, message });

export function isMatcherObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).some((k) => k.startsWith('$'));
}

function parseNumber(text: string, integer: boolean): Parsed {
  const t = text.trim();
  if (t === '') return fail(integer ? 'Enter a whole number.' : 'Enter a number.');
  const n = Number(t);
  if (!Number.isFinite(n)) return fail(`"${t}" is not a number.`);
  if (integer && !Number.isInteger(n)) return fail(`"${t}" is not a whole number (the schema says integer).`);
  return ok(n);
}

function parseJson(text: string): Parsed {
  if (text.trim() === '') return fail('Enter a JSON value.');
  try {
    return ok(JSON.parse(text));
  } catch (e) {
    return fail(`Not valid JSON: ${e instanceof Error ? e.message : 'parse error'}`);
  }
}

function parseScalar(text: string, kind: InputKind): Parsed {
  switch (kind) {
    case 'string':
      return ok(text);
    case 'number':
    case 'integer':
      return parseNumber(text, kind === 'integer');
    case 'boolean':
      return text === 'true' || text === 'false' ? ok(text === 'true') : fail('Choose true or false.');
    case 'enum':
    case 'json':
      return parseJson(text);
  }
}

function fits(value: unknown, kind: InputKind, prop: PropertySpec): boolean {
  switch (kind) {
    case 'string':
      return typeof value === 'string' && !value.includes('\n');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
      return (prop.enumValues ?? []).some((e) => JSON.stringify(e) === JSON.stringify(value));
    case 'json':
      return true;
  }
}

function formatScalar(value: unknown, kind: InputKind): string {
  return kind === 'string' ? String(value) : kind === 'enum' || kind === 'json' ? JSON.stringify(value) : String(value);
}

function parseOneOf(draft: ArgumentDraft, kind: InputKind): Parsed {
  if (draft.asJson) {
    const parsed = parseJson(draft.text);
    if (!parsed.ok) return parsed;
    return Array.isArray(parsed.value) && parsed.value.length > 0 ? parsed : fail('Enter a JSON array with at least one option.');
  }
  if (kind === 'enum') {
    return draft.choices.length > 0 ? ok(draft.choices.map((c) => JSON.parse(c) as unknown)) : fail('Tick at least one option.');
  }
  const values: unknown[] = [];
  const lines = draft.text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const parsed = parseScalar(kind === 'string' ? line.trim() : line, kind);
    if (!parsed.ok) return fail(`Line ${i + 1}: ${parsed.message}`);
    values.push(parsed.value);
  }
  return values.length > 0 ? ok(values) : fail('List at least one option, one per line.');
}

function parseApprox(draft: ArgumentDraft): Parsed {
  const target = parseNumber(draft.text, false);
  if (!target.ok) return target;
  if (draft.tolerance.trim() === '') return ok({ $approx: target.value });
  const tolerance = parseNumber(draft.tolerance, false);
  if (!tolerance.ok || (tolerance.value as number) < 0) return fail('The tolerance must be a number of 0 or more.');
  return ok({ $approx: target.value, $tolerance: tolerance.value });
}

function parseRegex(text: string): Parsed {
  if (text === '') return fail('Enter a regular expression.');
  try {
    new RegExp(text);
    return ok({ $regex: text });
  } catch (e) {
    return fail(`Not a valid regular expression: ${e instanceof Error ? e.message : 'syntax error'}`);
  }
}

function parseFromResult(draft: ArgumentDraft): Parsed {
  const call = Number(draft.fromCall ?? '');
  if (draft.fromCall === undefined || draft.fromCall === '' || !Number.isInteger(call) || call < 0) return fail('Choose the earlier call whose result to read.');
  const path = draft.text.trim();
  if (!path.startsWith('$')) return fail('Enter a JSONPath starting with $, e.g. $.items[0].id');
  return ok({ $fromResult: { call, path } });
}

function parseDraft(draft: ArgumentDraft, prop: PropertySpec): Parsed | null {
  const kind = inputKind(prop);
  switch (draft.mode) {
    case 'unchecked':
      return null;
    case '$any':
      return ok({ $any: true });
    case '$absent':
      return ok({ $absent: true });
    case '$contains':
      return draft.text === '' ? fail('Enter the text to look for.') : ok({ $contains: draft.text });
    case '$regex':
      return parseRegex(draft.text);
    case '$approx':
      return parseApprox(draft);
    case '$fromResult':
      return parseFromResult(draft);
    case 'exact':
      return parseScalar(draft.text, draft.asJson ? 'json' : kind);
    case '$oneOf': {
      const options = parseOneOf(draft, kind);
      return options.ok ? ok({ $oneOf: options.value }) : options;
    }
  }
}

/** The expected value a draft stands for, or why it cannot be built yet. */
export function valueFromDraft(draft: ArgumentDraft, prop: PropertySpec): DraftResult {
  const parsed = parseDraft(draft, prop);
  if (parsed === null) return { kind: 'unchecked' };
  return parsed.ok ? { kind: 'value', value: parsed.value } : { kind: 'error', message: parsed.message };
}

function oneOfDraft(options: unknown[], prop: PropertySpec): ArgumentDraft {
  const kind = inputKind(prop);
  const base = { ...EMPTY_DRAFT, mode: '$oneOf' as const };
  if (kind === 'enum' && options.every((o) => fits(o, 'enum', prop))) return { ...base, choices: options.map((o) => JSON.stringify(o)) };
  const asLines = options.every((o) => (kind === 'string' ? typeof o === 'string' && o.trim() !== '' && o.trim() === o && !o.includes('\n') : kind !== 'enum' && fits(o, kind, prop)));
  if (asLines) return { ...base, text: options.map((o) => formatScalar(o, kind)).join('\n') };
  return { ...base, asJson: true, text: JSON.stringify(options, null, 2) };
}

function matcherDraft(m: Record<string, unknown>, prop: PropertySpec): ArgumentDraft | null {
  if (typeof m.$approx === 'number') {
    return { ...EMPTY_DRAFT, mode: '$approx', text: String(m.$approx), tolerance: typeof m.$tolerance === 'number' ? String(m.$tolerance) : '' };
  }
  const keys = Object.keys(m);
  if (keys.length !== 1) return null;
  if (m.$any === true) return { ...EMPTY_DRAFT, mode: '$any' };
  if (m.$absent === true) return { ...EMPTY_DRAFT, mode: '$absent' };
  const ref = m.$fromResult;
  if (typeof ref === 'object' && ref !== null && !Array.isArray(ref)) {
    const { call, path } = ref as Record<string, unknown>;
    if (typeof call === 'number' && typeof path === 'string' && Object.keys(ref).length === 2) return { ...EMPTY_DRAFT, mode: '$fromResult', text: path, fromCall: String(call) };
  }
  if (typeof m.$contains === 'string') return { ...EMPTY_DRAFT, mode: '$contains', text: m.$contains };
  if (typeof m.$regex === 'string') return { ...EMPTY_DRAFT, mode: '$regex', text: m.$regex };
  if (Array.isArray(m.$oneOf) && m.$oneOf.length > 0) return oneOfDraft(m.$oneOf, prop);
  return null;
}

/** The draft that shows an expected value; values that do not fit the schema type are shown as JSON. */
export function draftFromValue(value: unknown, prop: PropertySpec): ArgumentDraft {
  if (value === undefined) return EMPTY_DRAFT;
  if (isMatcherObject(value)) {
    // A malformed matcher stays visible as JSON, where the shape check reports it.
    return matcherDraft(value, prop) ?? { ...EMPTY_DRAFT, mode: 'exact', asJson: true, text: JSON.stringify(value) };
  }
  const kind = inputKind(prop);
  if (fits(value, kind, prop)) return { ...EMPTY_DRAFT, mode: 'exact', text: formatScalar(value, kind) };
  return { ...EMPTY_DRAFT, mode: 'exact', asJson: true, text: JSON.stringify(value, null, 2) };
}

/** Switching mode keeps what was typed where it still makes sense, and gives selects a valid choice. */
export function changeMode(draft: ArgumentDraft, mode: ArgumentMode, prop: PropertySpec): ArgumentDraft {
  const kind = inputKind(prop);
  let text = draft.text;
  if (draft.mode === 'exact' && kind === 'enum' && !draft.asJson) {
    const parsed = parseJson(text);
    text = parsed.ok && typeof parsed.value === 'string' ? parsed.value : '';
  }
  const keepsJson = draft.asJson && (mode === 'exact' || mode === '$oneOf');
  const next: ArgumentDraft = { ...draft, mode, text, asJson: keepsJson };
  if (mode === 'exact' && !keepsJson) {
    if (kind === 'boolean' && text !== 'true' && text !== 'false') next.text = 'true';
    if (kind === 'enum') {
      const options = (prop.enumValues ?? []).map((v) => JSON.stringify(v));
      const asJson = JSON.stringify(text);
      next.text = options.includes(asJson) ? asJson : (options[0] ?? '');
    }
  }
  return next;
}
