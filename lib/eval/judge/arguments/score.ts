import { getMatcher } from './matchers/registry';
import { strictProfile } from './profiles/strict';
import type { ArgumentMatchingProfile } from './profiles/types';
import { isDeclaredParameter, readRequired } from './schema';
import { checkTypes, type TypeIssue } from './type-conformance';
import { matchValue } from './values';

export type ArgumentMismatch = {
  param: string;
  expected: unknown;
  /** undefined when the parameter was not given. */
  actual: unknown;
  /** Why the matcher could not judge the value at all (e.g. a $regex that no longer compiles). */
  note?: string;
};

export type ArgumentScore = {
  /** 0..1: expected keys present (required keys when there is no expectation). */
  completeness: number;
  /** 0..1: expected values matched; null when the test case expects no values. */
  correctness: number | null;
  /** 0..1: given parameters whose values conform to the inputSchema. */
  typeConformance: number;
  hallucinatedParameters: string[];
  missingRequired: string[];
  typeErrors: TypeIssue[];
  mismatches: ArgumentMismatch[];
  /** Typed reasons: missing_required:p, unexpected_param:p, type_error:p, value_mismatch:p, invalid_arguments. */
  failureReasons: string[];
};

export type ScoreArgumentsInput = {
  expected: Record<string, unknown> | null;
  /** null when the model's arguments were not a JSON object. */
  actual: Record<string, unknown> | null;
  inputSchema: Record<string, unknown>;
  /** How values compare and which schema keywords the type check applies; strict when omitted. */
  profile?: ArgumentMatchingProfile;
};

/** "(root)" names errors of the arguments object as a whole (e.g. a failed root anyOf). */
const ROOT = '(root)';

function share(satisfied: number, total: number): number {
  return total === 0 ? 1 : satisfied / total;
}

/** Completeness of one expected key: given, unless the expectation is that it is left out. */
function isKeySatisfied(spec: unknown, present: boolean, profile: ArgumentMatchingProfile): boolean {
  if (present) return getMatcher(spec)?.id !== '$absent';
  return matchValue(spec, undefined, false, profile);
}

function describeMismatch(param: string, spec: unknown, actual: unknown, present: boolean): ArgumentMismatch {
  const matcher = getMatcher(spec);
  const note = matcher?.explain?.(spec as Record<string, unknown>, present ? actual : undefined, present);
  return note ? { param, expected: spec, actual, note } : { param, expected: spec, actual };
}

function scoreInvalid(expected: Record<string, unknown> | null): ArgumentScore {
  return {
    completeness: 0,
    // Without an expectation correctness is never measured, unparseable or not; keep it out of averages.
    correctness: expected ? 0 : null,
    typeConformance: 0,
    hallucinatedParameters: [],
    missingRequired: [],
    typeErrors: [],
    mismatches: [],
    failureReasons: ['invalid_arguments'],
  };
}

/**
 * Scores the arguments of a call to the right tool (SPEC section 4). An empty expectation
 * object counts as no expectation. Each parameter gets one reason per cause; an expected key
 * that is absent is reported as missing_required when the schema requires it, else as
 * value_mismatch, never both.
 */
export function scoreArguments(input: ScoreArgumentsInput): ArgumentScore {
  const { actual, inputSchema } = input;
  const profile = input.profile ?? strictProfile;
  const expected = input.expected && Object.keys(input.expected).length > 0 ? input.expected : null;
  if (actual === null) return scoreInvalid(expected);

  const has = (k: string) => Object.hasOwn(actual, k);
  const missingRequired = readRequired(inputSchema).filter((k) => !has(k));
  const hallucinatedParameters = Object.keys(actual).filter((k) => !isDeclaredParameter(inputSchema, k));
  const types = checkTypes(profile.typeCheckSchema(inputSchema), actual);

  let completeness: number;
  let correctness: number | null = null;
  const mismatches: ArgumentMismatch[] = [];
  if (expected) {
    const entries = Object.entries(expected);
    completeness = share(entries.filter(([k, spec]) => isKeySatisfied(spec, has(k), profile)).length, entries.length);
    for (const [k, spec] of entries) {
      if (!matchValue(spec, actual[k], has(k), profile)) mismatches.push(describeMismatch(k, spec, actual[k], has(k)));
    }
    correctness = share(entries.length - mismatches.length, entries.length);
  } else {
    const required = readRequired(inputSchema);
    completeness = share(required.length - missingRequired.length, required.length);
  }

  const failureReasons = [
    ...missingRequired.map((p) => `missing_required:${p}`),
    ...hallucinatedParameters.map((p) => `unexpected_param:${p}`),
    ...types.paramsWithErrors.map((p) => `type_error:${p || ROOT}`),
    ...mismatches.filter((m) => has(m.param) || !missingRequired.includes(m.param)).map((m) => `value_mismatch:${m.param}`),
  ];

  return {
    completeness,
    correctness,
    typeConformance: types.conformance,
    hallucinatedParameters,
    missingRequired,
    typeErrors: types.typeErrors,
    mismatches,
    failureReasons: [...new Set(failureReasons)],
  };
}
