import type { ScoredTool } from './scorer';

/**
 * Minimum TF-IDF cosine for the local router to call a tool. Tuned on the demo tool sets:
 * a query naming what a tool does scores roughly 0.2-0.6, a query merely sharing one
 * common word with some description stays below about 0.1.
 */
export const LOCAL_SCORE_THRESHOLD = 0.12;

export type LocalDecision = {
  selected: ScoredTool | null;
  confidence: number;
  reasoning: string;
};

const round = (n: number, digits = 3) => Number(n.toFixed(digits));

/**
 * Confidence when a tool is chosen: 0.5 + 0.5 x margin x strength, where
 * margin = (best - second) / best (how clearly it wins) and
 * strength = min(1, best / (2 x threshold)) (how much evidence there is at all).
 * A clear winner (second <= 0.6 x best with a solid score) lands at >= 0.7; a near tie stays
 * close to 0.5. When no tool is chosen: 1 - 0.5 x best / threshold, i.e. 1 with no overlap at
 * all, falling towards 0.5 as the best score approaches the threshold.
 */
export function decideTool(scores: ScoredTool[], threshold = LOCAL_SCORE_THRESHOLD): LocalDecision {
  const [best, second] = scores;
  if (!best || best.score < threshold) {
    const top = best?.score ?? 0;
    const confidence = round(Math.min(1, Math.max(0.5, 1 - (0.5 * top) / threshold)));
    const reasoning =
      best && top > 0
        ? `No tool reached the ${threshold} similarity threshold; the closest, \`${best.name}\`, scored ${round(top)}.`
        : 'No tool shares any meaningful word with the query, so no tool is called.';
    return { selected: null, confidence, reasoning };
  }
  const runnerUp = second?.score ?? 0;
  const margin = (best.score - runnerUp) / (best.score + 1e-9);
  const strength = Math.min(1, best.score / (2 * threshold));
  const confidence = round(Math.min(1, Math.max(0, 0.5 + 0.5 * margin * strength)));
  const reasoning =
    second && runnerUp > 0
      ? `\`${best.name}\` scored ${round(best.score)}, ahead of \`${second.name}\` at ${round(runnerUp)} ` +
        `(a margin of ${Math.round(margin * 100)}% of the best score).`
      : `\`${best.name}\` scored ${round(best.score)} and is the only tool sharing words with the query.`;
  return { selected: best, confidence, reasoning };
}
