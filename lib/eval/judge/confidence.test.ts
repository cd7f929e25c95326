import { describe, expect, it } from 'vitest';
import { confidenceCategory, HIGH_CONFIDENCE, passK } from './confidence';

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
