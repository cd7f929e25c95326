import { formatToolRef, type ToolRef } from '../judge/classify';
import { describeDescriptionLength, findTool, formatPercent } from './text';
import type { Recommendation, RecommendInput } from './types';
import { listSharedTerms, measureTextSimilarity } from '../../text/text-similarity';

function adviseNotShown(ref: ToolRef, tools: RecommendInput['tools'], role: 'expected' | 'called'): string {
  return role === 'expected'
    ? `${formatToolRef(ref)} was expected but is not among the ${tools.length} tools shown to the model: check the test case's expected server and tool names.`
    : `The model called ${formatToolRef(ref)}, a name that is not among the ${tools.length} tools it was shown.`;
}

function adviseConfusion(expected: ToolRef, selected: ToolRef, input: RecommendInput): Recommendation {
  const base = { type: 'tool_confusion' as const, severity: 'high' as const, tool: formatToolRef(expected), otherTool: formatToolRef(selected) };
  const want = findTool(input.tools, expected);
  const got = findTool(input.tools, selected);
  if (!want) return { ...base, message: `${adviseNotShown(expected, input.tools, 'expected')} It called ${formatToolRef(selected)} instead.` };
  if (!got) return { ...base, message: `${adviseNotShown(selected, input.tools, 'called')} ${formatToolRef(expected)} was expected.` };
  const similarity = measureTextSimilarity(want.description, got.description);
  const shared = listSharedTerms(want.description, got.description);
  const sharing = shared.length ? `, sharing the words ${shared.map((t) => `"${t}"`).join(', ')}` : '';
  return {
    ...base,
    similarity,
    message:
      `The model called ${formatToolRef(selected)} instead of ${formatToolRef(expected)}; their descriptions are ${formatPercent(similarity)} similar (word overlap)${sharing}. ` +
      `Differentiate them: say in each what it alone is for, and when to use the other instead.${describeDescriptionLength(want)}`,
  };
}

function adviseMissingCall(expected: ToolRef, input: RecommendInput): Recommendation {
  const want = findTool(input.tools, expected);
  const message = want
    ? `No tool was called although ${formatToolRef(expected)} was expected: its description may not cover the query's wording. Name the requests it serves in the words users use.${describeDescriptionLength(want)}`
    : `No tool was called, and ${adviseNotShown(expected, input.tools, 'expected')}`;
  return { type: 'missing_tool_call', severity: 'high', tool: formatToolRef(expected), message };
}

function adviseUnexpectedCall(selected: ToolRef, input: RecommendInput): Recommendation {
  const got = findTool(input.tools, selected);
  const message = got
    ? `The model called ${formatToolRef(selected)} although the query needs no tool: its description may be too broad. State when NOT to use it (for example, "Do not use for general questions that need no ${got.name} data").`
    : `${adviseNotShown(selected, input.tools, 'called')} No tool call was expected.`;
  return { type: 'unexpected_tool_call', severity: 'high', tool: formatToolRef(selected), message };
}

/** Advice about which tool was (not) called; empty when the selection was right. */
export function adviseSelection(input: RecommendInput): Recommendation[] {
  const { classification, expected, selected } = input;
  if (classification === 'FN' && expected) return [selected ? adviseConfusion(expected, selected, input) : adviseMissingCall(expected, input)];
  if (classification === 'FP' && selected) return [adviseUnexpectedCall(selected, input)];
  return [];
}
