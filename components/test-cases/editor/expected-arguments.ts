import { FROM_RESULT_KEY } from '@/lib/eval/judge/sequence/from-result';
import { findExpectedParameterProblems } from '@/lib/test-cases/expected-parameters';
import { draftFromValue, valueFromDraft, EMPTY_DRAFT, type ArgumentDraft } from './argument-draft';
import type { PropertySpec } from './schema-properties';

export type ExpectedParameters = Record<string, unknown>;
export type Drafts = Record<string, ArgumentDraft>;

/** The editor's state: a draft per schema property, plus keys the schema does not know (edited as JSON). */
export type ArgumentsState = { drafts: Drafts; extras: ExpectedParameters };

export type BuiltArguments = {
  /** Only the arguments that are checked and valid; null when none is. */
  value: ExpectedParameters | null;
  /** Problems by argument name ("" for the object as a whole). */
  errors: Record<string, string>;
};

/** Splits an expectedParameters object into per-property drafts and the keys the schema lacks. */
export function splitExpected(value: ExpectedParameters | null, props: PropertySpec[]): ArgumentsState {
  const source = value ?? {};
  const known = new Set(props.map((p) => p.name));
  const drafts: Drafts = Object.fromEntries(props.map((p) => [p.name, draftFromValue(source[p.name], p)]));
  const extras = Object.fromEntries(Object.entries(source).filter(([k]) => !known.has(k)));
  return { drafts, extras };
}

/** The first path segment after "expectedParameters." names the argument a problem belongs to. */
function argumentOf(path: string): string {
  return path.replace(/^expectedParameters\.?/, '').split('.')[0] ?? '';
}

/** A $fromResult reference (sequence cases) stands in as $any for the matcher check; its call index is the API's to check. */
function withoutFromResults(value: ExpectedParameters): ExpectedParameters {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, typeof v === 'object' && v !== null && !Array.isArray(v) && Object.hasOwn(v, FROM_RESULT_KEY) ? { $any: true } : v]),
  );
}

/** Problems in a finished object, by the same rules as the API (unknown matchers, bad patterns). */
export function checkExpected(value: ExpectedParameters): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of findExpectedParameterProblems(withoutFromResults(value))) errors[argumentOf(p.path)] ??= p.message;
  return errors;
}

/** Schema properties first (in their order), then the extra keys. */
export function buildExpected(state: ArgumentsState, props: PropertySpec[]): BuiltArguments {
  const value: ExpectedParameters = {};
  const errors: Record<string, string> = {};
  for (const prop of props) {
    const result = valueFromDraft(state.drafts[prop.name] ?? EMPTY_DRAFT, prop);
    if (result.kind === 'error') errors[prop.name] = result.message;
    if (result.kind === 'value') value[prop.name] = result.value;
  }
  for (const [k, v] of Object.entries(state.extras)) if (!(k in value)) value[k] = v;
  for (const [k, message] of Object.entries(checkExpected(value))) errors[k] ??= message;
  return { value: Object.keys(value).length > 0 ? value : null, errors };
}

export type ParsedJson = { ok: true; value: ExpectedParameters | null } | { ok: false; message: string };

/** The raw JSON editor's text: a JSON object (or empty / null for no expectation) that passes the shape check. */
export function parseExpectedJson(text: string): ParsedJson {
  if (text.trim() === '' || text.trim() === 'null') return { ok: true, value: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, message: `Not valid JSON: ${e instanceof Error ? e.message : 'parse error'}` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: 'Expected arguments are a JSON object: {"argument": value, ...}' };
  }
  const value = parsed as ExpectedParameters;
  const problem = findExpectedParameterProblems(withoutFromResults(value))[0];
  if (problem) return { ok: false, message: `${problem.path.replace(/^expectedParameters\.?/, '') || 'object'}: ${problem.message}` };
  return { ok: true, value: Object.keys(value).length > 0 ? value : null };
}

export function formatExpected(value: ExpectedParameters | null): string {
  return JSON.stringify(value ?? {}, null, 2);
}
