/**
 * What the judge makes of a confidence: its category and pass^k. Reading the confidence out
 * of the model's reply is the provider's job (lib/providers/shared/self-assessment.ts).
 */
import type { ConfidenceSource } from '@/db/queries/run-confidence';
import { isProviderId, providerRow } from '@/lib/providers/catalog';

export type { ConfidenceSource };

/** SPEC section 4: "high" means confidence >= 0.7. */
export const HIGH_CONFIDENCE = 0.7;

export type ConfidenceCategory = 'robust' | 'misleading' | 'needs_clarity';

export function confidenceCategory(confidence: number | null, correct: boolean): ConfidenceCategory | null {
  if (confidence === null) return null;
  if (confidence < HIGH_CONFIDENCE) return 'needs_clarity';
  return correct ? 'robust' : 'misleading';
}

/** pass^k: every sample correct. No samples is no evidence, so false. */
export function passK(correctPerSample: boolean[]): boolean {
  return correctPerSample.length > 0 && correctPerSample.every(Boolean);
}


/**
 * Which method gives a run's confidence. A deterministic provider (the local router) always
 * gives its own score margin: its samples agree every time, so agreement would read 100%
 * whatever the margin. Otherwise, with samples >= 2 the share of samples that agree; with
 * samples = 1 the model's self-assessment (the follow-up turn). Log-probabilities are not
 * used: the chat APIs return none for function-call tokens (see the README).
 */
export function confidenceSourceOf(provider: string, samples: number): ConfidenceSource {
  if (isDeterministicProvider(provider)) return 'local_margin';
  return samples > 1 ? 'sample_agreement' : 'self_assessment';
}

/**
 * The share of a run's samples that agreed, from its stored confidence: null with one sample;
 * 1 for the local router, whose confidence is its margin and whose samples always agree.
 */
export function sampleAgreementOf(run: { samples: number; confidenceScore: number | null; confidenceSource?: string | null }): number | null {
  if (run.samples <= 1) return null;
  return run.confidenceSource === 'local_margin' ? 1 : run.confidenceScore;
}

/** The provider table's `deterministic` flag (lib/providers/catalog.ts): same tools and query, same answer. */
export function isDeterministicProvider(provider: string): boolean {
  return isProviderId(provider) && providerRow(provider).capabilities.deterministic === true;
}
