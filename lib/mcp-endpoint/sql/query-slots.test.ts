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

describe('createSlots per key', () => {
  it("one key cannot take every slot: another key's query passes its queued ones", async () => {
    const slots = createSlots(4, 8, 2);
    const greedy = [await slots.acquire(never(), 'a'), await slots.acquire(never(), 'a')];
    const greedyWaiting = slots.acquire(never(), 'a');
    expect(slots.stats()).toEqual({ running: 2, queued: 1 });
    const other = await slots.acquire(never(), 'b');
    expect(slots.stats()).toEqual({ running: 3, queued: 1 });
    greedy[0]?.();
    const third = await greedyWaiting;
    expect(slots.stats()).toEqual({ running: 3, queued: 0 });
    for (const release of [greedy[1], other, third]) release?.();
    expect(slots.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('when all slots are busy, the first waiter whose key has room goes next', async () => {
    const slots = createSlots(2, 8, 1);
    const a = await slots.acquire(never(), 'a');
    const b = await slots.acquire(never(), 'b');
    const order: string[] = [];
    const a2 = slots.acquire(never(), 'a').then((r) => (order.push('a2'), r));
    const c = slots.acquire(never(), 'c').then((r) => (order.push('c'), r));
    b();
    // b's slot cannot go to a (its one slot is taken): c, queued later, runs first.
    (await c)();
    expect(order).toEqual(['c']);
    a();
    (await a2)();
    expect(order).toEqual(['c', 'a2']);
    expect(slots.stats()).toEqual({ running: 0, queued: 0 });
  });
});
