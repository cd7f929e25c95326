import { confidenceSourceOf, type ConfidenceSource } from '@/lib/eval/judge/confidence';

/**
 * Where a confidence comes from, wherever one is shown outside the run page (matrix cells, the
 * case history, batch reports, the /metrics note): the model's self-assessment, the agreement of
 * its samples, the local router's score margin or log-probabilities. These are different
 * measures, so a number is never shown without its source.
 */
export type { ConfidenceSource };

export const CONFIDENCE_SOURCES: readonly ConfidenceSource[] = ['self_assessment', 'sample_agreement', 'local_margin', 'logprobs'];

/** A few words, for a table cell or a CSV reader: "self-reported", "sample agreement", "router margin", "logprobs". */
export const CONFIDENCE_SOURCE_SHORT: Record<ConfidenceSource, string> = {
  self_assessment: 'self-reported',
  sample_agreement: 'sample agreement',
  local_margin: 'router margin',
  logprobs: 'logprobs',
};

/** A phrase after "from", for labels and notes. */
export const CONFIDENCE_SOURCE_LONG: Record<ConfidenceSource, string> = {
  self_assessment: "the model's self-assessment (a follow-up turn)",
  sample_agreement: 'the agreement of its samples',
  local_margin: "the local router's score margin (deterministic: its samples always agree)",
  logprobs: "the model's token log-probabilities",
};

export function isConfidenceSource(value: unknown): value is ConfidenceSource {
  return typeof value === 'string' && Object.hasOwn(CONFIDENCE_SOURCE_SHORT, value);
}

/**
 * The source of a run's confidence: the one the run recorded, else (runs written before the
 * engine recorded it) the one its provider and samples imply. Null when the run has no
 * confidence, or no provider to tell (its settings were deleted).
 */
export function resolveConfidenceSource(run: { confidenceScore: number | null; confidenceSource?: unknown; samples: number }, provider: string | null): ConfidenceSource | null {
  if (run.confidenceScore === null) return null;
  if (isConfidenceSource(run.confidenceSource)) return run.confidenceSource;
  return provider === null ? null : confidenceSourceOf(provider, run.samples);
}
