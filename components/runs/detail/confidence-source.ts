import type { RunDetail } from '@/components/data/queries';

/** Where a run's confidence comes from (the run records it as `confidenceSource` once the engine writes it). */
export type ConfidenceSourceId = 'self_assessment' | 'logprobs' | 'sample_agreement' | 'local_margin';

const LABELS: Record<ConfidenceSourceId, (samples: number) => string> = {
  self_assessment: () => "the model's self-assessment (a follow-up turn)",
  logprobs: () => "the model's token log-probabilities",
  sample_agreement: (n) => `agreement of the ${n} samples`,
  local_margin: () => "the local router's score margin (deterministic: samples always agree)",
};

function isSource(value: unknown): value is ConfidenceSourceId {
  return typeof value === 'string' && Object.hasOwn(LABELS, value);
}

/**
 * The source a run names, else the one its provider and samples imply (runs written before
 * the engine recorded it): the local router always gives its margin, an LLM with samples >= 2
 * the agreement, with one sample its self-assessment.
 */
export function confidenceSourceOf(run: Pick<RunDetail, 'samples' | 'modelSettings'> & { confidenceSource?: unknown }): ConfidenceSourceId {
  if (isSource(run.confidenceSource)) return run.confidenceSource;
  if (run.modelSettings?.provider === 'local') return 'local_margin';
  return run.samples > 1 ? 'sample_agreement' : 'self_assessment';
}

export function describeConfidenceSource(run: Pick<RunDetail, 'samples' | 'modelSettings'> & { confidenceSource?: unknown }): string {
  return `From ${LABELS[confidenceSourceOf(run)](run.samples)}.`;
}

type RawSample = { toolCalls?: { name?: unknown }[] };

/**
 * How many of a multi-sample run's samples chose right: each sample's first call (by the name
 * the provider saw) against the expected tool's exposed name in the snapshot; null when the
 * raw response does not hold the samples.
 */
export function countCorrectSamples(run: Pick<RunDetail, 'llmResponseRaw' | 'tools' | 'evaluation'>): { correct: number; total: number } | null {
  const e = run.evaluation;
  const raw = run.llmResponseRaw as { samples?: unknown } | null;
  if (!e || !raw || !Array.isArray(raw.samples) || raw.samples.length === 0) return null;
  const expected = e.expectedTool === null ? null : run.tools.find((t) => t.server === e.expectedServer && t.name === e.expectedTool);
  if (e.expectedTool !== null && !expected) return null;
  let correct = 0;
  for (const sample of raw.samples as RawSample[]) {
    const first = Array.isArray(sample?.toolCalls) ? sample.toolCalls[0] : undefined;
    const called = typeof first?.name === 'string' ? first.name : null;
    if (called === (expected ? expected.exposedName : null)) correct++;
  }
  return { correct, total: raw.samples.length };
}

/** "all 3 correct", "2 of 3 correct", "0 of 3 correct"; without the samples, what pass^k alone says. */
export function describePassK(passK: boolean, counted: { correct: number; total: number } | null): string {
  if (!counted) return passK ? 'all samples correct' : 'not all correct';
  if (counted.correct === counted.total) return `all ${counted.total} correct`;
  return `${counted.correct} of ${counted.total} correct`;
}
