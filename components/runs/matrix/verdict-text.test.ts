import { describe, expect, it } from 'vitest';
import { samplesText } from './verdict-text';

describe('samplesText', () => {
  it('says 0 of 3 correct when every sample gave the same wrong answer, as the run page does', () => {
    expect(samplesText({ samples: 3, passK: false, agreement: 1, outcome: 'wrong' })).toBe('pass^3 no, 0 of 3 correct');
  });
  it('says all correct when pass^k holds', () => {
    expect(samplesText({ samples: 3, passK: true, agreement: 1, outcome: 'correct' })).toBe('pass^3 yes, all 3 correct');
  });
  it('keeps the agreement when the samples differ (how many were right is not known from it)', () => {
    expect(samplesText({ samples: 3, passK: false, agreement: 2 / 3, outcome: 'wrong' })).toBe('pass^3 no, 2 of 3 agree');
    expect(samplesText({ samples: 3, passK: false, agreement: 2 / 3, outcome: 'correct' })).toBe('pass^3 no, 2 of 3 agree');
  });
  it('is empty with one sample', () => {
    expect(samplesText({ samples: 1, passK: null, agreement: null, outcome: 'correct' })).toBe('');
  });
});
