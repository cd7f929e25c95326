import { describe, expect, it } from 'vitest';
import { createTaskPool } from './task-pool';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('createTaskPool', () => {
  it('never runs more than its limit at once and runs every task', async () => {
    const pool = createTaskPool(3, () => undefined);
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    for (let i = 0; i < 10; i++) {
      pool.add(async () => {
        running++;
        peak = Math.max(peak, running);
        await tick(5);
        running--;
        done.push(i);
      });
    }
    expect(pool.active).toBe(3);
    await pool.drain();
    expect(peak).toBe(3);
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pool.active).toBe(0);
  });

  it('drain waits for tasks added while draining, and a throwing task is reported, not fatal', async () => {
    const errors: unknown[] = [];
    const pool = createTaskPool(1, (err) => errors.push(err));
    const order: string[] = [];
    pool.add(async () => {
      await tick(5);
      order.push('first');
      pool.add(async () => {
        order.push('added later');
      });
    });
    pool.add(() => {
      throw new Error('boom');
    });
    await pool.drain();
    expect(order).toEqual(['first', 'added later']);
    expect(errors.map((e) => (e as Error).message)).toEqual(['boom']);
  });

  it("a task that releases its place lets the next one start while it finishes, and drain still waits for it", async () => {
    const pool = createTaskPool(1, () => undefined);
    const order: string[] = [];
    let finishFirst!: () => void;
    pool.add(async (release) => {
      order.push('first: model call');
      release();
      release(); // a second call changes nothing
      await new Promise<void>((r) => (finishFirst = r));
      order.push('first: written');
    });
    pool.add(async () => {
      order.push('second');
      await tick(1);
    });
    pool.add(async () => {
      order.push('third');
    });
    await tick(5);
    // The second held the only place until it settled; the third waited for it, not for the first.
    expect(order).toEqual(['first: model call', 'second', 'third']);
    expect(pool.active).toBe(0);
    let drained = false;
    const draining = pool.drain().then(() => (drained = true));
    await tick(5);
    expect(drained).toBe(false);
    finishFirst();
    await draining;
    expect(order.at(-1)).toBe('first: written');
  });

  it('drain of an idle pool settles at once; a bad limit is refused', async () => {
    await expect(createTaskPool(2, () => undefined).drain()).resolves.toBeUndefined();
    expect(() => createTaskPool(0, () => undefined)).toThrow(RangeError);
  });
});
