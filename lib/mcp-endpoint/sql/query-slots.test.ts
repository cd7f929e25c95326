import { describe, expect, it } from 'vitest';
import { createSlots, SlotsFullError } from './query-slots';

const never = () => new AbortController().signal;

describe('createSlots', () => {
  it('runs up to the size at once, queues in order, and hands a freed slot to the first waiter', async () => {
    const slots = createSlots(2, 5);
    const a = await slots.acquire(never());
    const b = await slots.acquire(never());
    const order: string[] = [];
    const c = slots.acquire(never()).then((release) => (order.push('c'), release));
    const d = slots.acquire(never()).then((release) => (order.push('d'), release));
    expect(slots.stats()).toEqual({ running: 2, queued: 2 });
    a();
    a(); // a second release of the same slot is ignored
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect(slots.stats()).toEqual({ running: 2, queued: 1 });
    b();
    (await d)();
    releaseC();
    expect(slots.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('refuses at once when the queue is full', async () => {
    const slots = createSlots(1, 1);
    await slots.acquire(never());
    const queued = slots.acquire(never());
    await expect(slots.acquire(never())).rejects.toBeInstanceOf(SlotsFullError);
    expect(slots.stats()).toEqual({ running: 1, queued: 1 });
    void queued;
  });

  it('a waiter whose signal aborts leaves the queue and never takes a slot', async () => {
    const slots = createSlots(1, 3);
    const first = await slots.acquire(never());
    const controller = new AbortController();
    const gaveUp = slots.acquire(controller.signal);
    const next = slots.acquire(never());
    controller.abort(new Error('call timed out'));
    await expect(gaveUp).rejects.toThrow('call timed out');
    expect(slots.stats()).toEqual({ running: 1, queued: 1 });
    first();
    (await next)();
    expect(slots.stats()).toEqual({ running: 0, queued: 0 });
    await expect(slots.acquire(AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});
