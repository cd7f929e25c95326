import type { CellOutcome, MatrixCell } from '@/lib/metrics/matrix/cells';
import { CONFIDENCE_SOURCE_LONG, CONFIDENCE_SOURCE_SHORT, type ConfidenceSource } from '@/lib/metrics/matrix/confidence-source';

/**
 * Words for a verdict, so a cell never speaks by colour alone: the classification with what it
 * means ("FN wrong"), else the run's state. Shared by the matrix, the case history and the list.
 */
export const OUTCOME_WORD: Record<CellOutcome, string> = {
  correct: 'correct',
  wrong: 'wrong',
  error: 'error',
  cancelled: 'cancelled',
  pending: 'not finished',
};

/** What the row's worst cell was, by the severity the matrix API sorts on. */
export const SEVERITY_WORD = ['error', 'wrong', 'samples disagree', 'arguments off', 'all correct', 'cancelled', 'not finished', 'no run'] as const;

export function severityWord(n: number): string {
  return SEVERITY_WORD[n] ?? 'unknown';
}

export type VerdictLike = Pick<MatrixCell, 'outcome' | 'classification'>;

export function verdictText(v: VerdictLike): string {
  if (v.outcome === 'correct' || v.outcome === 'wrong') return `${v.classification ?? ''} ${OUTCOME_WORD[v.outcome]}`.trim();
  return OUTCOME_WORD[v.outcome];
}

/**
 * "pass^3 yes, all 3 correct" / "pass^3 no, 0 of 3 correct" (every sample gave the same wrong
 * answer) / "pass^3 no, 2 of 3 agree"; empty with one sample. As on the run page, a count of
 * correct samples is said only where the cell shows it; agreement alone cannot tell how many of
 * differing samples were right.
 */
export function samplesText(c: Pick<MatrixCell, 'samples' | 'passK' | 'agreement' | 'outcome'>): string {
  if (c.samples <= 1) return '';
  const agree = c.agreement === null ? null : Math.round(c.agreement * c.samples);
  const pass = c.passK === null ? '' : `pass^${c.samples} ${c.passK ? 'yes' : 'no'}`;
  const unanimous = agree === c.samples;
  const agreed =
    c.passK === true ? `all ${c.samples} correct`
    : c.passK === false && unanimous && c.outcome === 'wrong' ? `0 of ${c.samples} correct`
    : agree === null ? ''
    : `${agree} of ${c.samples} agree`;
  return [pass, agreed].filter(Boolean).join(', ');
}

/** Colour class of an outcome (always shown together with its words). */
export function outcomeTone(outcome: CellOutcome): 'ok' | 'bad' | 'idle' {
  return outcome === 'correct' ? 'ok' : outcome === 'wrong' || outcome === 'error' ? 'bad' : 'idle';
}

/** "54% (router margin)": a confidence always with where it comes from; empty without one. */
export function confidenceShort(confidence: number | null, source: ConfidenceSource | null): string {
  if (confidence === null) return '';
  const pct = `${Math.round(confidence * 100)}%`;
  return source ? `${pct} (${CONFIDENCE_SOURCE_SHORT[source]})` : pct;
}

/** "confidence 54% from the local router's score margin (...)", for an aria-label or a title. */
export function confidenceLong(confidence: number | null, source: ConfidenceSource | null): string {
  if (confidence === null) return '';
  const pct = `confidence ${Math.round(confidence * 100)}%`;
  return source ? `${pct} from ${CONFIDENCE_SOURCE_LONG[source]}` : pct;
}
