import { describe, expect, it } from 'vitest';
import { callCountsText } from './call-counts';

describe('callCountsText', () => {
  it('reads made expected calls over expected calls, with extra calls apart', () => {
    expect(callCountsText({ tp: 2, fp: 0, fn: 0 })).toEqual({ short: '2/2 calls', label: '2 of 2 expected calls made (TP 2, FN 0), 0 unexpected (FP 0)' });
    expect(callCountsText({ tp: 1, fp: 2, fn: 1 }).short).toBe('1/2 calls +2 extra');
    expect(callCountsText({ tp: 0, fp: 1, fn: 1 }).label).toBe('0 of 1 expected call made (TP 0, FN 1), 1 unexpected (FP 1)');
  });
});
