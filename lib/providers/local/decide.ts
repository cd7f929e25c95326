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
/** How many runners-up the reasoning names with their scores. */
const NAMED_CANDIDATES = 3;

function listScores(scores: ScoredTool[]): string {
  return scores.map((s) => `\`${s.name}\` ${round(s.score)}`).join(', ');
}

/**
 * The reasoning names the top candidates and their scores, so a miss reads "closest:
 * `get-sum` 0.104, below the 0.12 threshold" on the run page, and says the confidence is the
 * score margin: the router is deterministic, so repeating it (samples > 1) agrees every time
 * and agreement would say nothing.
 */
export function decideTool(scores: ScoredTool[], threshold = LOCAL_SCORE_THRESHOLD): LocalDecision {
  const [best, second] = scores;
  const candidates = scores.filter((s) => s.score > 0).slice(0, NAMED_CANDIDATES);
  if (!best || best.score < threshold) {
    const top = best?.score ?? 0;
    const confidence = round(Math.min(1, Math.max(0.5, 1 - (0.5 * top) / threshold)));
    const reasoning =
      best && top > 0
        ? `No tool called: none reached the ${threshold} similarity threshold. Closest: ${listScores(candidates)}. ` +
          `Confidence ${Math.round(confidence * 100)}% is how far the best score stays below the threshold.`
        : 'No tool shares any meaningful word with the query, so no tool is called (confidence 100%: no candidate at all).';
    return { selected: null, confidence, reasoning };
  }
  const runnerUp = second?.score ?? 0;
  const margin = (best.score - runnerUp) / (best.score + 1e-9);
  const strength = Math.min(1, best.score / (2 * threshold));
  const confidence = round(Math.min(1, Math.max(0, 0.5 + 0.5 * margin * strength)));
  const rest = candidates.slice(1);
  const reasoning =
    second && runnerUp > 0
      ? `\`${best.name}\` scored ${round(best.score)} (threshold ${threshold}), ahead of ${listScores(rest)} ` +
        `(a margin of ${Math.round(margin * 100)}% of the best score). Confidence ${Math.round(confidence * 100)}% comes from that margin and the score's strength.`
      : `\`${best.name}\` scored ${round(best.score)} (threshold ${threshold}) and is the only tool sharing words with the query. ` +
        `Confidence ${Math.round(confidence * 100)}% comes from the score's strength.`;
  return { selected: best, confidence, reasoning };
}
