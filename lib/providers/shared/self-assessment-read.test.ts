import { describe, expect, it } from 'vitest';
import { normalizeConfidence, readSelfAssessment } from './self-assessment';

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

describe('readSelfAssessment', () => {
  it('reads a plain JSON reply', () => {
    expect(readSelfAssessment('{"confidence": 0.9, "reasoning": "The query asks to create a todo."}')).toEqual({
      confidence: 0.9,
      reasoning: 'The query asks to create a todo.',
    });
  });

  it('reads JSON in a fence and as a percentage', () => {
    const text = 'Sure!\n```json\n{"confidence": "85%", "reasoning": "fits"}\n```';
    expect(readSelfAssessment(text)).toEqual({ confidence: 0.85, reasoning: 'fits' });
  });

  it('reads JSON embedded in prose, and a percentage given as a number', () => {
    expect(readSelfAssessment('My rating is {"confidence": 72, "reasoning": "close call"} overall.')).toEqual({
      confidence: 0.72,
      reasoning: 'close call',
    });
  });

  it('uses the surrounding prose as reasoning when the JSON has none', () => {
    expect(readSelfAssessment('The tool fits the query. {"confidence": 0.8}')).toEqual({ confidence: 0.8, reasoning: 'The tool fits the query.' });
  });

  it('skips objects without a usable confidence', () => {
    expect(readSelfAssessment('{"tool": "x"} then {"confidence": 0.4, "reasoning": "unsure"}')).toEqual({ confidence: 0.4, reasoning: 'unsure' });
  });

  it('clamps out-of-range values', () => {
    expect(readSelfAssessment('{"confidence": 1.5e3, "reasoning": ""}')?.confidence).toBe(1);
  });

  it('falls back to "confidence: N" in prose', () => {
    expect(readSelfAssessment('Confidence: 85%. The description matches.')).toEqual({
      confidence: 0.85,
      reasoning: 'Confidence: 85%. The description matches.',
    });
    expect(readSelfAssessment("{confidence: 0.6, reasoning: 'js-ish'}")?.confidence).toBe(0.6);
  });

  it('returns null when nothing usable is there', () => {
    expect(readSelfAssessment('I am fairly sure.')).toBeNull();
    expect(readSelfAssessment('{"confidence": "high", "reasoning": "x"}')).toBeNull();
    expect(readSelfAssessment('')).toBeNull();
  });
});
