import { summarizeArgumentScore } from '../judge/arguments/summarize';
import { formatToolRef } from '../judge/classify';
import { HIGH_CONFIDENCE, type ConfidenceCategory } from '../judge/confidence';
import { findTool, formatPercent } from './text';
import type { RecommendInput } from './types';
import { measureTextSimilarity } from '../../text/text-similarity';

export type ExplainInput = RecommendInput & { modelReasoning?: string | null; reasoningBy?: 'model' | 'router' };

const MAX_MODEL_REASONING = 300;
/** The local router's own reasoning (top candidates and scores) is ours and bounded: kept whole up to here. */
const MAX_ROUTER_REASONING = 600;

const CATEGORY_TEXT: Record<ConfidenceCategory, string> = {
  robust: 'robust: high and correct',
  misleading: 'misleading: high but wrong',
  needs_clarity: `needs clarity: below ${formatPercent(HIGH_CONFIDENCE)}`,
};

function describeSelection(input: ExplainInput): string {
  const { classification, expected, selected } = input;
  const want = formatToolRef(expected);
  const got = formatToolRef(selected);
  switch (classification) {
    case 'TP':
      return `The model called ${got}, the expected tool (TP).`;
    case 'TN':
      return 'No tool call was expected and the model called none (TN).';
    case 'FP':
      return `No tool call was expected, but the model called ${got} (FP).`;
    case 'FN': {
      if (selected === null) return `${want} was expected, but the model called no tool (FN).`;
      const a = findTool(input.tools, expected);
      const b = findTool(input.tools, selected);
      const similarity = a && b ? `; their descriptions are ${formatPercent(measureTextSimilarity(a.description, b.description))} similar` : '';
      return `${want} was expected, but the model called ${got} (FN)${similarity}.`;
    }
  }
}

function describeArguments(input: ExplainInput): string | null {
  if (input.argumentScore) return summarizeArgumentScore(input.argumentScore);
  return input.selected !== null && input.classification !== 'TP' ? 'Its arguments were not scored, since the tool was wrong.' : null;
}

function describeConfidence(input: ExplainInput): string | null {
  if (input.confidence === null) return null;
  const category = input.category ? ` (${CATEGORY_TEXT[input.category]})` : '';
  return `Confidence ${formatPercent(input.confidence)}${category}.`;
}

function quoteModel(reasoning: string | null | undefined, by: 'model' | 'router'): string | null {
  const text = reasoning?.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const max = by === 'router' ? MAX_ROUTER_REASONING : MAX_MODEL_REASONING;
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return by === 'router' ? `The local router's scores: ${short}` : `The model's own explanation: "${short}"`;
}

/** One short paragraph on what happened in a run, for the evaluation result's `reasoning`. */
export function explain(input: ExplainInput): string {
  return [describeSelection(input), describeArguments(input), describeConfidence(input), quoteModel(input.modelReasoning, input.reasoningBy ?? 'model')]
    .filter((s): s is string => s !== null)
    .join(' ');
}
