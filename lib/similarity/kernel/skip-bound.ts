import { SYNONYM_GAIN } from '../action-adjust';

/**
 * The largest raw score whose pair no action adjustment can bring above `keep` (a raw score
 * the scan needs to beat): on the calibrated scale the adjustment at most adds
 * SYNONYM_GAIN x (1 - s) (the same action on the same objects), so a pair is safe when
 * s + SYNONYM_GAIN (1 - s) <= cal(keep), i.e. raw <= uncal((cal(keep) - SYNONYM_GAIN) / (1 - SYNONYM_GAIN)).
 * Such a pair stays out of the scan's lists with or without the adjustment, which the
 * workers may then skip: the result is the same, minus the work.
 *
 * Per block and tool this runs n times, so `keep` is looked up on a grid of GRID steps over
 * [-1, 1], rounded down to the grid point below (the bound is non-decreasing in keep, so a
 * lower keep gives a lower, safe bound), minus a margin for float32 rounding.
 *
 * `gain` is the largest lift, as a share of (1 - s), of the adjustments a bound covers:
 * SYNONYM_GAIN for every adjustment; OBJECT_GAIN for the object term alone (pairs that share a
 * verb class but no object word: action-adjust.ts visits them on their own), a tighter bound
 * that skips more of those pairs before their objects' vectors are compared (20,000 synthetic
 * tools scanned in one thread: 3.06M object-vector comparisons with the synonym bound, 1.27M
 * with this one; most of the rest are in the first blocks, whose lists are still empty).
 */
const GRID = 4096;
const MARGIN = 1e-6;

export function skipBoundTable(toScore: (raw: number) => number, fromScore: (score: number) => number, gain = SYNONYM_GAIN): (keep: number) => number {
  const table = new Float64Array(GRID + 1);
  const lowest = toScore(-1);
  for (let g = 0; g <= GRID; g++) {
    const keep = -1 + (2 * g) / GRID;
    const score = (toScore(keep) - gain) / (1 - gain);
    // Below the lowest calibrated score no raw score is safe.
    table[g] = score < lowest ? -Infinity : Math.min(keep, fromScore(score)) - MARGIN;
  }
  return (keep) => {
    if (!(keep >= -1)) return -Infinity;
    if (keep >= 1) return table[GRID]!;
    return table[Math.floor(((keep + 1) * GRID) / 2)]!;
  };
}
