import type { ArgumentScore } from './score';

function percent(x: number): string {
  return `${Math.round(x * 100)}%`;
}

function listNames(names: string[]): string {
  return names.map((n) => `"${n}"`).join(', ');
}

/** One human sentence about an argument score, for the run detail and the evaluation reasoning. */
export function summarizeArgumentScore(score: ArgumentScore): string {
  if (score.failureReasons.includes('invalid_arguments')) {
    return 'The arguments were not a JSON object, so none of them could be checked.';
  }
  const measured = [
    score.correctness === null ? null : `${percent(score.correctness)} of expected values matched`,
    `${percent(score.completeness)} complete`,
    `${percent(score.typeConformance)} type-conformant`,
  ].filter((p): p is string => p !== null);
  const mismatched = score.mismatches.map((m) => m.param).filter((p) => !score.missingRequired.includes(p));
  const typeParams = [...new Set(score.failureReasons.filter((r) => r.startsWith('type_error:')).map((r) => r.slice('type_error:'.length)))];
  const problems = [
    mismatched.length ? `wrong or missing value for ${listNames(mismatched)}` : null,
    score.missingRequired.length ? `required ${listNames(score.missingRequired)} not given` : null,
    score.hallucinatedParameters.length ? `undeclared ${listNames(score.hallucinatedParameters)} given` : null,
    typeParams.length ? `schema violations in ${listNames(typeParams)}` : null,
  ].filter((p): p is string => p !== null);
  if (problems.length === 0) {
    return score.correctness === null
      ? 'The arguments include every required parameter and conform to the schema.'
      : 'Every expected argument value matched, and the arguments conform to the schema.';
  }
  return `Arguments: ${measured.join(', ')}; ${problems.join('; ')}.`;
}
