/**
 * What the judge makes of a confidence: its category and pass^k. Reading the confidence out
 * of the model's reply is the provider's job (lib/providers/shared/self-assessment.ts).
 */

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
