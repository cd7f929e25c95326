import { parseSelfAssessment as readSelfAssessment } from '../../eval/judge/confidence';
import { ProviderError } from '../types';

export type ParsedAssessment = { confidence: number; reasoning: string };

const MAX_REASONING_LENGTH = 2000;

/**
 * Reads `{confidence, reasoning}` from the model's reply (leniently, see eval/confidence).
 * Throws ProviderError('bad_response') when no confidence can be found.
 */
export function parseSelfAssessment(text: string | null): ParsedAssessment {
  const reply = text ?? '';
  const parsed = readSelfAssessment(reply);
  if (parsed) return { confidence: parsed.confidence, reasoning: parsed.reasoning.slice(0, MAX_REASONING_LENGTH) };
  const preview = reply.trim().slice(0, 120) || '(empty reply)';
  throw new ProviderError(`The model's self-assessment has no confidence value: ${preview}`, 'bad_response');
}
