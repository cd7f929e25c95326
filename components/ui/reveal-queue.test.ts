import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A browser's scheduling primitives, driven by hand: idle callbacks and frames run only when
// the test says so, and the observer reports what the test decides is near the viewport.
type Observed = { callback: IntersectionObserverCallback; elements: Set<Element>; options?: IntersectionObserverInit };

let idle: (() => void)[] = [];
let frames: (() => void)[] = [];
let observers: Observed[] = [];

class FakeObserver {
  readonly state: Observed;
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.state = { callback, elements: new Set(), options };
    observers.push(this.state);
  }
  observe(el: Element) {
    this.state.elements.add(el);
  }
  unobserve(el: Element) {
    this.state.elements.delete(el);
  }
  disconnect() {
    this.state.elements.clear();
  }
}

async function settled(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

async function scrollInto(el: Element): Promise<void> {
  for (const o of observers) {
    if (!o.elements.has(el)) continue;
    o.callback([{ target: el, isIntersecting: true } as IntersectionObserverEntry], o as unknown as IntersectionObserver);
  }
  await settled();
}

/** Runs one frame: its animation callbacks, then the timers queued behind them. */
async function frame(): Promise<void> {
  for (const f of frames.splice(0)) f();
  await vi.runOnlyPendingTimersAsync();
  await settled();
}

/** The first paint, then the first idle period (when the queue starts). */
async function firstPaintAndIdle(): Promise<void> {
  await frame();
  idle.shift()?.();
  await settled();
}

async function frames_(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await frame();
}

function deferred(): { promise: Promise<void>; resolve: () => void; reject: (e: Error) => void } {
  let resolve = () => {};
  let reject: (e: Error) => void = () => {};
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const el = (name: string) => ({ name }) as unknown as Element;

async function freshQueue() {
  vi.resetModules();
  return import('./reveal-queue');
}

beforeEach(() => {
  idle = [];
  frames = [];
  observers = [];
  vi.useFakeTimers();
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => idle.push(cb));
  vi.stubGlobal('requestAnimationFrame', (cb: () => void) => frames.push(cb));
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('scheduleReveal', () => {
  it('reveals nothing before the first paint and idle period, then one view per frame in page order', async () => {
    const { scheduleReveal } = await freshQueue();
    const shown: string[] = [];
    for (const name of ['tools', 'confidence', 'models']) scheduleReveal(el(name), () => shown.push(name));
    await frame();
    expect(shown, 'the first screen paints and settles first').toEqual([]);
    idle.shift()?.();
    await settled();
    expect(shown).toEqual(['tools']);
    await frame();
    expect(shown).toEqual(['tools', 'confidence']);
    await frame();
    expect(shown).toEqual(['tools', 'confidence', 'models']);
    await frames_(3);
    expect(frames, 'the queue stops when it is empty').toHaveLength(0);
  });

  it('reveals a view at once when it nears the viewport, and never twice', async () => {
    const { scheduleReveal, NEAR_VIEWPORT } = await freshQueue();
    const shown: string[] = [];
    const trend = el('trend');
    scheduleReveal(el('tools'), () => shown.push('tools'));
    scheduleReveal(trend, () => shown.push('trend'));
    expect(observers[0]?.options?.rootMargin).toBe(NEAR_VIEWPORT);
    await scrollInto(trend);
    expect(shown).toEqual(['trend']);
    expect(observers[0]?.elements.has(trend), 'a revealed view is no longer observed').toBe(false);
    await firstPaintAndIdle();
    await frames_(3);
    expect(shown).toEqual(['trend', 'tools']);
  });

  it('forgets a view that unmounts before its turn', async () => {
    const { scheduleReveal } = await freshQueue();
    const shown: string[] = [];
    const cancel = scheduleReveal(el('tools'), () => shown.push('tools'));
    scheduleReveal(el('models'), () => shown.push('models'));
    cancel();
    await firstPaintAndIdle();
    await frames_(3);
    expect(shown).toEqual(['models']);
  });

  it('picks up views registered after the queue ran dry', async () => {
    const { scheduleReveal } = await freshQueue();
    const shown: string[] = [];
    scheduleReveal(el('tools'), () => shown.push('tools'));
    await firstPaintAndIdle();
    await frames_(3);
    scheduleReveal(el('models'), () => shown.push('models'));
    await firstPaintAndIdle();
    expect(shown).toEqual(['tools', 'models']);
  });

  it("waits for a view's preparation (its code loading) before revealing it and before moving on", async () => {
    const { scheduleReveal } = await freshQueue();
    const shown: string[] = [];
    const code = deferred();
    const prepare = () => code.promise;
    for (const name of ['tools', 'confidence', 'models']) scheduleReveal(el(name), () => shown.push(name), prepare);
    await firstPaintAndIdle();
    await frames_(3);
    expect(shown, 'nothing draws before its code is in').toEqual([]);
    expect(frames, 'and the queue does not run ahead to the next view meanwhile').toHaveLength(0);
    code.resolve();
    await settled();
    expect(shown).toEqual(['tools']);
    await frame();
    expect(shown, 'the others still come one per frame').toEqual(['tools', 'confidence']);
    await frame();
    expect(shown).toEqual(['tools', 'confidence', 'models']);
  });

  it('reveals a view whose preparation failed, so it can show its own error', async () => {
    const { scheduleReveal } = await freshQueue();
    const shown: string[] = [];
    const code = deferred();
    scheduleReveal(el('tools'), () => shown.push('tools'), () => code.promise);
    await firstPaintAndIdle();
    code.reject(new Error('chunk failed to load'));
    await settled();
    expect(shown).toEqual(['tools']);
  });

  it('still reveals everything where the browser has no animation frames, idle callbacks or observers', async () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.stubGlobal('IntersectionObserver', undefined);
    const { scheduleReveal } = await freshQueue();
    const shown: string[] = [];
    for (const name of ['a', 'b', 'c']) scheduleReveal(el(name), () => shown.push(name));
    for (let i = 0; i < 10; i++) {
      await vi.runAllTimersAsync();
      await settled();
    }
    expect(shown).toEqual(['a', 'b', 'c']);
  });
});
