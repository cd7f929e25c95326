/**
 * What the judge makes of a confidence: its category and pass^k. Reading the confidence out
 * of the model's reply is the provider's job (lib/providers/shared/self-assessment.ts).
 */
import type { ConfidenceSource } from '@/db/queries/run-confidence';

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
 * Which method gives a run's confidence: with samples >= 2 the share of samples that agree;
 * with samples = 1 the follow-up turn, which for the local router is its score margin (it
 * has no model to ask) and for every LLM provider the model's self-assessment. Log-probabilities
 * are not used: the chat APIs return none for function-call tokens (see the README).
 */
export function confidenceSourceOf(provider: string, samples: number): ConfidenceSource {
  if (samples > 1) return 'sample_agreement';
  return provider === 'local' ? 'local_margin' : 'self_assessment';
}
