'use client';

import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 640px)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** True on phone-sized screens, where SVG charts need shorter axis labels (CSS cannot size them). */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
