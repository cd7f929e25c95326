import { validateAgainstSchema, type SchemaIssue } from '@/lib/validation/json-schema';

export type TypeIssue = { path: string; message: string };

export type TypeCheck = {
  /** 0..1: share of the given parameters whose values conform. */
  conformance: number;
  typeErrors: TypeIssue[];
  /** Top-level parameters with at least one error; "" stands for the arguments object as a whole. */
  paramsWithErrors: string[];
};

/** Missing and undeclared top-level keys have their own scores; counting them here too would double-penalise. */
function isReportedElsewhere(issue: SchemaIssue): boolean {
  if (issue.keyword === 'required') return issue.path === String(issue.params.missingProperty ?? '');
  if (issue.keyword === 'additionalProperties') return issue.path === String(issue.params.additionalProperty ?? '');
  return issue.keyword === 'unevaluatedProperties' && issue.path === '';
}

/** Attributes an issue path ("filter.field") to a given key, by prefix so keys containing dots still work. */
function findParam(path: string, keys: string[]): string {
  const owners = keys.filter((k) => path === k || path.startsWith(`${k}.`));
  return owners.sort((a, b) => b.length - a.length)[0] ?? '';
}

export function checkTypes(inputSchema: Record<string, unknown>, args: Record<string, unknown>): TypeCheck {
  const check = validateAgainstSchema(inputSchema, args);
  if (check.valid === true) return { conformance: 1, typeErrors: [], paramsWithErrors: [] };
  if (check.valid === null) {
    // A broken snapshot schema cannot be held against the model: keep the reason visible, score nothing.
    return { conformance: 1, typeErrors: [{ path: '(schema)', message: `the tool's inputSchema could not be compiled: ${check.schemaError}` }], paramsWithErrors: [] };
  }
  const issues = check.issues.filter((i) => !isReportedElsewhere(i));
  const keys = Object.keys(args);
  const paramsWithErrors = [...new Set(issues.map((i) => findParam(i.path, keys)))];
  const conformance = Math.max(0, 1 - paramsWithErrors.length / Math.max(1, keys.length));
  return { conformance, typeErrors: issues.map((i) => ({ path: i.path, message: i.message })), paramsWithErrors };
}
