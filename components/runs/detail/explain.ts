/** Plain-language readings of the evaluation's codes. */

export const CLASSIFICATION_MEANING: Record<string, string> = {
  TP: 'True positive: the expected tool was called.',
  FN: 'False negative: a tool was expected, but the model called another one or none.',
  FP: 'False positive: no tool was expected, but the model called one.',
  TN: 'True negative: no tool was expected and none was called.',
};

export const CATEGORY_MEANING: Record<string, string> = {
  robust: 'High confidence (≥ 70%) and correct.',
  misleading: 'High confidence (≥ 70%) but incorrect: the descriptions lead the model astray.',
  needs_clarity: 'Confidence below 70%: the model hesitates between tools.',
};

const PARAM_REASONS: Record<string, (p: string) => string> = {
  missing_required: (p) => `Required parameter “${p}” was not given.`,
  unexpected_param: (p) => `“${p}” is not a parameter of the tool's schema (hallucinated).`,
  type_error: (p) => (p === '(root)' ? 'The arguments as a whole do not match the schema.' : `“${p}” does not match the schema's type.`),
  value_mismatch: (p) => `“${p}” has a wrong or missing value.`,
  from_result_unresolved: (p) => `“${p}” should come from an earlier call's result, which did not give that value.`,
  missing_call: (t) => `The expected call of “${t}” was not made.`,
  extra_call: (t) => `“${t}” was called, though no expected call was left for it.`,
  forbidden_tool: (t) => `“${t}” was called, though the test case forbids it.`,
  tool_error: (t) => `“${t}” answered with an error, which was fed back to the model.`,
  unknown_tool: (t) => `The model called “${t}”, a tool it was not shown.`,
};

const REASONS: Record<string, string> = {
  out_of_order: 'The expected calls were made, but not in the order the test case requires.',
  max_steps: 'The loop stopped at the maximum number of steps, before the model answered.',
  wrong_tool: 'The model called a different tool than expected.',
  no_tool_called: 'The model called no tool, though one was expected.',
  unexpected_tool_call: 'The model called a tool, though none was expected.',
  invalid_arguments: 'The arguments were not a JSON object.',
};

export function explainReason(reason: string): string {
  const colon = reason.indexOf(':');
  if (colon > 0) {
    const explain = PARAM_REASONS[reason.slice(0, colon)];
    if (explain) return explain(reason.slice(colon + 1));
    // A sequence run's per-call reason: "<tool>:<reason>", e.g. "update_todo:missing_required:id".
    const inner = explainReason(reason.slice(colon + 1));
    if (inner !== reason.slice(colon + 1)) return `${reason.slice(0, colon)}: ${inner}`;
  }
  return REASONS[reason] ?? reason;
}
