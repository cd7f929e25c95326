import { describe, expect, it } from 'vitest';
import { confidenceCategory, HIGH_CONFIDENCE, normalizeConfidence, parseSelfAssessment, passK } from './confidence';

describe('confidenceCategory', () => {
  it('is robust when high and correct, misleading when high and wrong', () => {
    expect(HIGH_CONFIDENCE).toBe(0.7);
    expect(confidenceCategory(0.7, true)).toBe('robust');
    expect(confidenceCategory(0.95, false)).toBe('misleading');
  });

  it('needs clarity below 0.7, whatever the outcome', () => {
    expect(confidenceCategory(0.69, true)).toBe('needs_clarity');
    expect(confidenceCategory(0, false)).toBe('needs_clarity');
  });

  it('is null without a confidence', () => {
    expect(confidenceCategory(null, true)).toBeNull();
  });
});

describe('passK', () => {
  it('passes only when every sample is correct', () => {
    expect(passK([true, true, true])).toBe(true);
    expect(passK([true, false, true])).toBe(false);
    expect(passK([])).toBe(false);
  });
});

describe('normalizeConfidence', () => {
  it('reads fractions, percentages and ratios', () => {
    expect(normalizeConfidence(0.85)).toBe(0.85);
    expect(normalizeConfidence(85)).toBe(0.85);
    expect(normalizeConfidence('85%')).toBe(0.85);
    expect(normalizeConfidence(' 0.6 ')).toBe(0.6);
    expect(normalizeConfidence('8/10')).toBe(0.8);
    expect(normalizeConfidence(1)).toBe(1);
  });

  it('clamps to [0, 1]', () => {
    expect(normalizeConfidence(150)).toBe(1);
    expect(normalizeConfidence(-0.2)).toBe(0);
    expect(normalizeConfidence('120%')).toBe(1);
  });

  it('refuses what is not a number', () => {
    for (const v of ['high', '', null, undefined, true, Number.NaN, '5/0']) expect(normalizeConfidence(v), String(v)).toBeNull();
  });
});

describe('parseSelfAssessment', () => {
  it('reads a plain JSON reply', () => {
    expect(parseSelfAssessment('{"confidence": 0.9, "reasoning": "The query asks to create a todo."}')).toEqual({
      confidence: 0.9,
      reasoning: 'The query asks to create a todo.',
    });
  });

  it('reads JSON in a fence and as a percentage', () => {
    const text = 'Sure!\n```json\n{"confidence": "85%", "reasoning": "fits"}\n```';
    expect(parseSelfAssessment(text)).toEqual({ confidence: 0.85, reasoning: 'fits' });
  });

  it('reads JSON embedded in prose, and a percentage given as a number', () => {
    expect(parseSelfAssessment('My rating is {"confidence": 72, "reasoning": "close call"} overall.')).toEqual({
      confidence: 0.72,
      reasoning: 'close call',
    });
  });

  it('uses the surrounding prose as reasoning when the JSON has none', () => {
    expect(parseSelfAssessment('The tool fits the query. {"confidence": 0.8}')).toEqual({ confidence: 0.8, reasoning: 'The tool fits the query.' });
  });

  it('skips objects without a usable confidence', () => {
    expect(parseSelfAssessment('{"tool": "x"} then {"confidence": 0.4, "reasoning": "unsure"}')).toEqual({ confidence: 0.4, reasoning: 'unsure' });
  });

  it('clamps out-of-range values', () => {
    expect(parseSelfAssessment('{"confidence": 1.5e3, "reasoning": ""}')?.confidence).toBe(1);
  });

  it('falls back to "confidence: N" in prose', () => {
    expect(parseSelfAssessment('Confidence: 85%. The description matches.')).toEqual({
      confidence: 0.85,
      reasoning: 'Confidence: 85%. The description matches.',
    });
    expect(parseSelfAssessment("{confidence: 0.6, reasoning: 'js-ish'}")?.confidence).toBe(0.6);
  });

  it('returns null when nothing usable is there', () => {
    expect(parseSelfAssessment('I am fairly sure.')).toBeNull();
    expect(parseSelfAssessment('{"confidence": "high", "reasoning": "x"}')).toBeNull();
    expect(parseSelfAssessment('')).toBeNull();
  });
});
