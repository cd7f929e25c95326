import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  it('flushes the items added in one turn together and answers each with its own result, in order', async () => {
    const flushes: number[][] = [];
    const double = coalesce<number, number>(async (items) => (flushes.push(items), items.map((n) => n * 2)));
    const first = await Promise.all([double(1), double(2), double(3)]);
    const second = await double(4);
    expect(first).toEqual([2, 4, 6]);
    expect(second).toBe(8);
    expect(flushes).toEqual([[1, 2, 3], [4]]);
  });

  it('with a window, groups items added over several turns; a failed flush rejects each of its items', async () => {
    const flushes: string[][] = [];
    const write = coalesce<string>(async (items) => {
      flushes.push(items);
      if (items.includes('bad')) throw new Error('refused');
    }, { windowMs: 30 });
    const a = write('a');
    await new Promise((r) => setImmediate(r));
    const b = write('b');
    await Promise.all([a, b]);
    expect(flushes).toEqual([['a', 'b']]);
    const results = await Promise.allSettled([write('bad'), write('c')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(flushes).toEqual([['a', 'b'], ['bad', 'c']]);
  });
});
