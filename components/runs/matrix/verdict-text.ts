import type { CellOutcome, MatrixCell } from '@/lib/metrics/matrix/cells';

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

/** "pass^3 yes" / "pass^3 no, 2 of 3 agree"; empty with one sample. */
export function samplesText(c: Pick<MatrixCell, 'samples' | 'passK' | 'agreement'>): string {
  if (c.samples <= 1) return '';
  const agree = c.agreement === null ? null : Math.round(c.agreement * c.samples);
  const pass = c.passK === null ? '' : `pass^${c.samples} ${c.passK ? 'yes' : 'no'}`;
  const agreed = agree === null ? '' : `${agree} of ${c.samples} agree`;
  return [pass, agreed].filter(Boolean).join(', ');
}

/** Colour class of an outcome (always shown together with its words). */
export function outcomeTone(outcome: CellOutcome): 'ok' | 'bad' | 'idle' {
  return outcome === 'correct' ? 'ok' : outcome === 'wrong' || outcome === 'error' ? 'bad' : 'idle';
}
