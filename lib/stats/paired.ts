import { signTestPValue, minimumChangedUnits } from './binomial';
import { newcombePairedInterval } from './newcombe';
import { assertLevel, DEFAULT_ALPHA, DEFAULT_CONFIDENCE, type Interval } from './types';

/**
 * The paired comparison of two variants on the same units: was each unit right under A (the
 * baseline) and under B (the variant)? A unit is whatever the caller pairs, one verdict per
 * side: a test case, or a case x model (compare.ts uses case x model and folds repeated
 * samples first). Units must be independent for the test to hold, which is why samples of
 * one case are not separate units: they share the query and would overstate the evidence.
 */

export type PairedUnit = { id: string; a: boolean; b: boolean };

export type PairedOutcome = 'improved' | 'regressed' | 'no_significant_change' | 'too_few_cases';

export type PairedComparison = {
  n: number;
  /** Units right under A and wrong under B (regressions). */
  b: number;
  /** Units wrong under A and right under B (fixes). */
  c: number;
  /** Accuracy of B minus accuracy of A: (c - b) / n; null when there are no units. */
  diff: number | null;
  /** Newcombe's paired score interval for diff (method 10); null when there are no units. */
  interval: Interval | null;
  /** Exact two-sided McNemar test: the binomial sign test on the b + c discordant units. */
  pValue: number;
  /** See decideOutcome. */
  outcome: PairedOutcome;
  fixed: string[];
  regressed: string[];
  method: string;
};

export type PairedOptions = { alpha?: number; confidence?: number };

export function comparePaired(units: readonly PairedUnit[], options: PairedOptions = {}): PairedComparison {
  const alpha = options.alpha ?? DEFAULT_ALPHA;
  const confidence = options.confidence ?? DEFAULT_CONFIDENCE;
  assertLevel('alpha', alpha);
  const fixed: string[] = [];
  const regressed: string[] = [];
  let bothRight = 0;
  let bothWrong = 0;
  for (const unit of units) {
    if (unit.a && unit.b) bothRight += 1;
    else if (!unit.a && !unit.b) bothWrong += 1;
    else (unit.b ? fixed : regressed).push(unit.id);
  }
  const b = regressed.length;
  const c = fixed.length;
  // B first: the difference reads "variant minus baseline".
  const paired = newcombePairedInterval({ bothYes: bothRight, firstOnly: c, secondOnly: b, bothNo: bothWrong }, confidence);
  const pValue = signTestPValue(c, b + c);
  return {
    n: units.length,
    b,
    c,
    diff: paired?.difference ?? null,
    interval: paired?.interval ?? null,
    pValue,
    outcome: decideOutcome(c - b, b + c, units.length, pValue, alpha),
    fixed,
    regressed,
    method: `exact McNemar test (alpha ${alpha}); Newcombe paired score interval (method 10), ${confidence * 100}%`,
  };
}

/**
 * One rule for every paired test here, so accuracy and F1 verdicts read alike:
 * - too_few_cases when some units changed but fewer than minimumChangedUnits(alpha) (6 at
 *   0.05): even if all of them had changed the same way, p could not fall below alpha, so
 *   the test cannot tell; likewise when there are fewer units than that in all.
 * - no_significant_change when nothing changed on enough units (the variants behaved the same
 *   on every case: observed, not inferred), or when p >= alpha.
 * - improved / regressed when p < alpha, by the sign of the difference.
 */
export function decideOutcome(direction: number, changedUnits: number, totalUnits: number, pValue: number, alpha: number): PairedOutcome {
  const minimum = minimumChangedUnits(alpha);
  if (totalUnits < minimum) return 'too_few_cases';
  if (changedUnits === 0) return 'no_significant_change';
  if (changedUnits < minimum) return 'too_few_cases';
  if (pValue >= alpha || direction === 0) return 'no_significant_change';
  return direction > 0 ? 'improved' : 'regressed';
}
