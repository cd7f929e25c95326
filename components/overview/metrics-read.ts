'use client';

import { useSyncExternalStore } from 'react';

/**
 * Whether this browser has opened the metrics from the guide. The guide's last step is ticked by
 * the reader, not by a batch finishing: a completed batch only makes the metrics readable.
 */
const KEY = 'mcp-eval:guide:metrics-read';
const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function markMetricsRead(): void {
  try {
    window.localStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (private mode): the step simply stays unticked.
  }
  for (const listener of listeners) listener();
}

/** False on the server and before hydration, so both renders agree. */
export function useMetricsRead(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
