import { isMatcherSpec } from '@/lib/eval/judge/arguments/matchers/registry';
import type { ArgumentMatchingProfile } from '@/lib/eval/judge/arguments/profiles/types';
import { matchValue } from '@/lib/eval/judge/arguments/values';

export type DiffStatus = 'match' | 'mismatch' | 'missing' | 'unexpected' | 'unchecked';

export type DiffRow = {
  param: string;
  /** What the test case expects: a value, a matcher, or `required` when only the schema asks for it. */
  expected: { kind: 'value' | 'matcher'; value: unknown } | { kind: 'required' } | { kind: 'none' };
  /** undefined when the model did not give this parameter. */
  actual: { value: unknown } | undefined;
  status: DiffStatus;
  typeError: boolean;
};

export type DiffInput = {
  expected: Record<string, unknown> | null;
  /** null when the model's arguments were not a JSON object. */
  actual: Record<string, unknown> | null;
  failureReasons: string[];
  /** Whether the server scored the arguments (only when the tool was right). */
  scored: boolean;
  /** How the run's values were compared (strict when omitted), so an unscored diff agrees with the judge. */
  profile?: ArgumentMatchingProfile;
};

/** A predicate over the typed failure reasons: has("value_mismatch", "city") for `value_mismatch:city`. */
function reasonsByKind(reasons: string[]): (kind: string, param: string) => boolean {
  const set = new Set(reasons);
  return (kind, param) => set.has(`${kind}:${param}`);
}

function safeMatch(spec: unknown, actual: unknown, present: boolean, profile?: ArgumentMatchingProfile): boolean {
  try {
    return matchValue(spec, actual, present, profile);
  } catch {
    return false; // a malformed matcher never matches
  }
}

/**
 * Expected vs actual arguments, per key. When the server scored the arguments its failure
 * reasons decide; otherwise (wrong tool) the same matchers run here so the diff still says
 * how close the call was.
 */
export function diffArguments({ expected, actual, failureReasons, scored, profile }: DiffInput): DiffRow[] {
  const has = reasonsByKind(failureReasons);
  const given = actual ?? {};
  const expectation = expected && Object.keys(expected).length > 0 ? expected : {};
  const rows: DiffRow[] = [];

  for (const [param, spec] of Object.entries(expectation)) {
    const present = Object.hasOwn(given, param);
    const failed = has('value_mismatch', param) || has('missing_required', param);
    const ok = scored ? !failed : safeMatch(spec, given[param], present, profile);
    rows.push({
      param,
      expected: { kind: isMatcherSpec(spec) ? 'matcher' : 'value', value: spec },
      actual: present ? { value: given[param] } : undefined,
      status: ok ? 'match' : present ? 'mismatch' : 'missing',
      typeError: has('type_error', param),
    });
  }
  // Required by the schema, not part of the expectation, and left out.
  for (const reason of failureReasons) {
    const param = reason.startsWith('missing_required:') ? reason.slice('missing_required:'.length) : null;
    if (param !== null && !Object.hasOwn(expectation, param) && !Object.hasOwn(given, param)) {
      rows.push({ param, expected: { kind: 'required' }, actual: undefined, status: 'missing', typeError: false });
    }
  }
  for (const [param, value] of Object.entries(given)) {
    if (Object.hasOwn(expectation, param)) continue;
    rows.push({
      param,
      expected: { kind: 'none' },
      actual: { value },
      status: has('unexpected_param', param) ? 'unexpected' : 'unchecked',
      typeError: has('type_error', param),
    });
  }
  return rows;
}
