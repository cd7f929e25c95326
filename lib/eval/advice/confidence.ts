import { formatToolRef, isCorrect } from '../judge/classify';
import { formatPercent } from './text';
import type { Recommendation, RecommendInput } from './types';

/** Advice from the confidence category: confident mistakes and unsure choices. */
export function adviseConfidence(input: RecommendInput): Recommendation[] {
  const { category, confidence, classification } = input;
  if (category === null || confidence === null || category === 'robust') return [];
  const tool = formatToolRef(input.selected ?? input.expected);
  const pct = formatPercent(confidence);
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
