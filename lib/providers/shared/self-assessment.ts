import { ProviderError } from '../types';
import { findJsonObjects } from './json-objects';

export type ParsedAssessment = { confidence: number; reasoning: string };

const MAX_REASONING_LENGTH = 2000;

const CONFIDENCE_KEYS = ['confidence', 'confidenceScore', 'confidence_score'];
const REASONING_KEYS = ['reasoning', 'reason', 'explanation', 'rationale'];
const NUMBER_TEXT = /^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*(%|\/\s*(\d+(?:\.\d+)?))?\s*$/;
const PROSE_CONFIDENCE = /confidence(?:[\s_-]*score)?["']?\s*(?:[:=]|is|of)\s*["']?([+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*(?:%|\/\s*\d+(?:\.\d+)?)?)/i;

function clamp(n: number): number {
  return Math.min(1, Math.max(0, n));
}

/**
 * 0..1 from 0.85, 85, "85%", "0.85" or "8.5/10". A bare number above 1 is read as a
 * percentage, since a 0..1 scale was asked for and 85 can only mean 85%.
 */
export function normalizeConfidence(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    return clamp(value > 1 ? value / 100 : value);
  }
  if (typeof value !== 'string') return null;
  const m = NUMBER_TEXT.exec(value);
  if (!m) return null;
  const n = Number(m[1]);
  if (m[2] === '%') return clamp(n / 100);
  if (m[3] !== undefined) {
    const scale = Number(m[3]);
    return scale > 0 ? clamp(n / scale) : null;
  }
  return normalizeConfidence(n);
}

function readField(obj: Record<string, unknown>, keys: string[]): unknown {
  const key = keys.find((k) => Object.hasOwn(obj, k));
  return key === undefined ? undefined : obj[key];
}

/**
 * The model's rating of its own choice, from a reply that should be JSON {confidence,
 * reasoning} but may wrap it in prose or a fence, or only state "confidence: 85%" in prose.
 * Null when no confidence can be read.
 */
export function readSelfAssessment(text: string): ParsedAssessment | null {
  for (const found of findJsonObjects(text)) {
    const confidence = normalizeConfidence(readField(found.value, CONFIDENCE_KEYS));
    if (confidence === null) continue;
    const reasoning = readField(found.value, REASONING_KEYS);
    // Without a reasoning field, the prose around the JSON is the model's explanation.
    const prose = `${text.slice(0, found.start)} ${text.slice(found.end)}`.trim();
    return { confidence, reasoning: typeof reasoning === 'string' ? reasoning.trim() : prose };
  }
  const m = PROSE_CONFIDENCE.exec(text);
  const confidence = m?.[1] === undefined ? null : normalizeConfidence(m[1]);
  return confidence === null ? null : { confidence, reasoning: text.trim() };
}

/**
 * Reads `{confidence, reasoning}` from the model's reply (leniently, see readSelfAssessment).
 * Throws ProviderError('bad_response') when no confidence can be found.
 */
export function parseSelfAssessment(text: string | null): ParsedAssessment {
  const reply = text ?? '';
  const parsed = readSelfAssessment(reply);
  if (parsed) return { confidence: parsed.confidence, reasoning: parsed.reasoning.slice(0, MAX_REASONING_LENGTH) };
  const preview = reply.trim().slice(0, 120) || '(empty reply)';
  throw new ProviderError(`The model's self-assessment has no confidence value: ${preview}`, 'bad_response');
}
