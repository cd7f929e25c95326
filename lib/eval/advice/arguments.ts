import type { ArgumentScore } from '../judge/arguments/score';
import { formatToolRef } from '../judge/classify';
import { describeParameterSchema, findTool, formatValue } from './text';
import type { EvaluatedTool, Recommendation, RecommendInput } from './types';

function adviseParameter(tool: EvaluatedTool, toolName: string, param: string, score: ArgumentScore): Recommendation {
  const mismatch = score.mismatches.find((m) => m.param === param);
  const typeError = score.typeErrors.find((e) => e.path === param || e.path.startsWith(`${param}.`));
  const what = mismatch
    ? `Parameter "${param}" of ${toolName} got ${formatValue(mismatch.actual)} where ${formatValue(mismatch.expected)} was expected`
    : `Parameter "${param}" of ${toolName} does not conform to its schema`;
  const why = [mismatch?.note, typeError?.message].filter(Boolean).map((m) => ` (${m})`).join('');
  return {
    type: 'parameter_ambiguity',
    severity: 'medium',
    tool: toolName,
    parameter: param,
    message: `${what}${why}. ${describeParameterSchema(tool, param)}`,
  };
}

function adviseHallucinated(tool: EvaluatedTool, toolName: string, param: string): Recommendation {
  const closing = tool.inputSchema.additionalProperties === false ? '' : ', and set additionalProperties: false';
  return {
    type: 'hallucinated_parameter',
    severity: 'medium',
    tool: toolName,
    parameter: param,
    message:
      `The model sent "${param}", which the schema of ${toolName} does not declare: either the tool needs a parameter its schema lacks (add it), ` +
      `or the model invents it (name the accepted parameters in the description${closing}).`,
  };
}

function adviseMissingRequired(tool: EvaluatedTool, toolName: string, param: string): Recommendation {
  return {
    type: 'missing_required',
    severity: 'high',
    tool: toolName,
    parameter: param,
    message: `Required parameter "${param}" of ${toolName} was not given, so the call would fail. ${describeParameterSchema(tool, param)}`,
  };
}

/** Advice per parameter of a call to the right tool; empty when arguments were not scored. */
export function adviseArguments(input: RecommendInput): Recommendation[] {
  const score = input.argumentScore;
  const tool = findTool(input.tools, input.selected);
  if (!score || !tool) return [];
  const toolName = formatToolRef(input.selected);
  if (score.failureReasons.includes('invalid_arguments')) {
    return [{ type: 'parameter_ambiguity', severity: 'high', tool: toolName, message: `The arguments sent to ${toolName} were not a JSON object. Simplify its inputSchema (flat, typed, described parameters).` }];
  }
  // An absent required parameter gets missing_required advice only, as in the failure reasons.
  const ambiguous = [
    ...score.mismatches.map((m) => m.param).filter((p) => !score.missingRequired.includes(p)),
    ...score.failureReasons.filter((r) => r.startsWith('type_error:')).map((r) => r.slice('type_error:'.length)),
  ].filter((p) => p !== '(root)');
  return [
    ...score.missingRequired.map((p) => adviseMissingRequired(tool, toolName, p)),
    ...[...new Set(ambiguous)].map((p) => adviseParameter(tool, toolName, p, score)),
    ...score.hallucinatedParameters.map((p) => adviseHallucinated(tool, toolName, p)),
  ];
}
