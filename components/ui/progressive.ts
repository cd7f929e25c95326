'use client';

import { useEffect, useState, type RefObject } from 'react';
import { scheduleReveal } from './reveal-queue';

/**
 * True once the placeholder behind `ref` has come near the viewport or its idle turn came, and
 * `prepare` (say, loading the view's code; keep it a stable function) has settled: see reveal-queue.
 */
export function useProgressiveMount(ref: RefObject<Element | null>, prepare?: () => Promise<unknown>): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || shown) return;
    return scheduleReveal(element, () => setShown(true), prepare);
  }, [ref, shown, prepare]);
  return shown;
}
