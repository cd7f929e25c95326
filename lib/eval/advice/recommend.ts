/**
 * lib/eval/advice/: what a judged run tells the user. recommend.ts merges the rule-based
 * recommendations about selection, arguments and confidence (one file each; text.ts holds
 * their wording helpers, types.ts the shapes), and reasoning.ts writes the prose explanation
 * of the verdict. It reads judge/'s leaf modules (classify, confidence, arguments) but never
 * judge/judge.ts, which calls it.
 */
import { adviseArguments } from './arguments';
import { adviseConfidence } from './confidence';
import { adviseSelection } from './selection';
import type { Recommendation, RecommendInput, Severity } from './types';

const SEVERITY_ORDER: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** Rule-based recommendations for one evaluated run, most severe first (stable within a severity). */
export function recommend(input: RecommendInput): Recommendation[] {
  const all = [...adviseSelection(input), ...adviseArguments(input), ...adviseConfidence(input)];
  return all.map((r, i) => ({ r, i })).sort((a, b) => SEVERITY_ORDER[a.r.severity] - SEVERITY_ORDER[b.r.severity] || a.i - b.i).map(({ r }) => r);
}
