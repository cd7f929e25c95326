import type { ModelConfig, Selection } from '../types';

/**
 * Neutral on purpose: the evaluation measures whether the model picks the right tool, so the
 * prompt must neither push it towards calling a tool nor away from it.
 */
export const DEFAULT_SYSTEM_PROMPT =
  'You are a helpful assistant with access to tools. Call a tool only when one of them fits the ' +
  "user's request; otherwise answer directly without calling any tool.";

/** Tools are never executed during an evaluation, but both APIs require a result per call. */
export const TOOL_RESULT_STUB = '(not executed: evaluation)';

/** Opening words of the self-assessment question (tests and scripted servers match on them). */
export const SELF_ASSESSMENT_LEAD = 'Rate your confidence';

/** A blank system prompt (e.g. an empty form field) means "use the default". */
export function resolveSystemPrompt(model: Pick<ModelConfig, 'systemPrompt'>): string {
  const custom = model.systemPrompt;
  return custom !== undefined && custom.trim() !== '' ? custom : DEFAULT_SYSTEM_PROMPT;
}

function describeChoice(selection: Selection): string {
  const names = selection.toolCalls.map((call) => `\`${call.name}\``);
  if (names.length === 0) return 'to answer without calling any tool';
  if (names.length === 1) return `to call ${names[0]}`;
  return `to call ${names.join(', ')} (the first call counts as your choice)`;
}

/** The follow-up question that asks the model to rate the choice it just made. */
export function buildSelfAssessmentPrompt(selection: Selection): string {
  return (
    `${SELF_ASSESSMENT_LEAD} that your decision ${describeChoice(selection)} was the right response to my ` +
    'previous request. Do not call any tool now. Reply with only a JSON object: ' +
    '{"confidence": <number between 0 and 1>, "reasoning": "<one or two sentences>"}'
  );
}
