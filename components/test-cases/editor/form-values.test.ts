import { describe, expect, it } from 'vitest';
import { EMPTY_VALUES, parseTags, toPayload, validate } from './form-values';

const base = { ...EMPTY_VALUES, name: 'n', query: 'q', serverIds: ['s1'], negative: true };

describe('test case form tags', () => {
  it('reads comma-separated tags, trimmed and without repeats, into the payload', () => {
    expect(parseTags(' smoke, github ,, smoke,slow path ')).toEqual(['smoke', 'github', 'slow path']);
    expect(toPayload({ ...base, tags: 'smoke, v1.2' }, []).tags).toEqual(['smoke', 'v1.2']);
    expect(toPayload(base, []).tags).toEqual([]);
  });

  it('names a tag the API would refuse, and too many tags', () => {
    expect(validate({ ...base, tags: 'ok, semi;colon' }, 0).tags).toMatch(/^“semi;colon”/);
    expect(validate({ ...base, tags: 'x'.repeat(51) }, 0).tags).toMatch(/at most 50/);
    expect(validate({ ...base, tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }, 0).tags).toBe('At most 20 tags; this has 21.');
    expect(validate({ ...base, tags: 'smoke, a-b.c_d e' }, 0).tags).toBeUndefined();
  });
});
