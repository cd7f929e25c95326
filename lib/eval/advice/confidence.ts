import { formatToolRef, isCorrect } from '../judge/classify';
import { formatPercent } from './text';
import type { Recommendation, RecommendInput } from './types';

/** Advice from the confidence category: confident mistakes and unsure choices. */
export function adviseConfidence(input: RecommendInput): Recommendation[] {
  const { category, confidence, classification } = input;
  if (category === null || confidence === null || category === 'robust') return [];
  const tool = formatToolRef(input.selected ?? input.expected);
  const pct = formatPercent(confidence);
  if (input.confidenceBy === 'router') return adviseRouterMargin(input, tool, pct);
  if (category === 'misleading') {
    return [{
      type: 'description_quality',
      severity: 'high',
      tool,
      message: `The model was ${pct} confident yet wrong (${classification}): the descriptions lead it to the wrong choice with conviction, which no confidence threshold will catch. Fix these descriptions first.`,
    }];
  }
  const correct = isCorrect(classification);
  return [{
    type: 'low_confidence',
    severity: correct ? 'low' : 'medium',
    tool,
    message: correct
      ? `The model chose right but was only ${pct} confident: the descriptions leave the choice unclear for queries like this one; make each tool's scope explicit.`
      : `The model was only ${pct} confident and chose wrong: the descriptions leave the choice unclear for queries like this one.`,
  }];
}

/**
 * The local router's confidence is its score margin, not a model's conviction: a clear margin on
 * a wrong tool means the query shares more words with that tool's description; a thin one that
 * two descriptions score alike for it.
 */
function adviseRouterMargin(input: RecommendInput, tool: string, pct: string): Recommendation[] {
  const correct = isCorrect(input.classification);
  if (input.category === 'misleading') {
    return [{
      type: 'description_quality',
      severity: 'medium',
      tool,
      message: `The local router chose wrong (${input.classification}) by a clear score margin (${pct}): the query shares more words with this description than with the expected tool's. Add the words users say for the expected tool to its description.`,
    }];
  }
  return [{
    type: 'low_confidence',
    severity: correct ? 'low' : 'medium',
    tool,
    message: `The local router's score margin was only ${pct}: the descriptions score alike for this query${correct ? ', though it chose right' : ''}; make each tool's scope and wording distinct.`,
  }];
}
