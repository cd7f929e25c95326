import { describe, expect, it } from 'vitest';
import { ProviderError } from '../types';
import { parseSelfAssessment } from './self-assessment';

describe('parseSelfAssessment', () => {
  it.each([
    ['{"confidence": 0.9, "reasoning": "clear match"}', 0.9, 'clear match'],
    ['```json\n{"confidence": 0.4, "reasoning": "two tools fit"}\n```', 0.4, 'two tools fit'],
    ['Here is my rating: {"confidence": 0.75, "reasoning": "the {braces} inside"} hope it helps', 0.75, 'the {braces} inside'],
    ['{"confidence": 85, "reasoning": "percent"}', 0.85, 'percent'],
    ['{"confidence": "60%", "reason": "string percent"}', 0.6, 'string percent'],
    ['{"confidence": "0.3", "explanation": "string number"}', 0.3, 'string number'],
    ['{"confidence": 1.7e3}', 1, ''],
    ['{"confidence": -0.2, "reasoning": "negative"}', 0, 'negative'],
  ])('reads %j', (text, confidence, reasoning) => {
    expect(parseSelfAssessment(text)).toEqual({ confidence, reasoning });
  });

  it('falls back to a confidence stated in prose', () => {
    const result = parseSelfAssessment('My confidence is 80% because the tool matches.');
    expect(result.confidence).toBe(0.8);
    expect(result.reasoning).toContain('because the tool matches');
  });

  it.each([[''], [null], ['I am not sure.'], ['{"reasoning": "no number"}'], ['{"confidence": "high"}']])(
    'rejects %j as bad_response',
    (text) => {
      expect(() => parseSelfAssessment(text)).toThrow(ProviderError);
      try {
        parseSelfAssessment(text);
      } catch (err) {
        expect((err as ProviderError).kind).toBe('bad_response');
      }
    },
  );
});
