'use client';

import { useEffect, useState } from 'react';

/**
 * [ref, near]: near is true once the element given to ref has come within `margin` of the viewport (and from then
 * on), watched from when `settled` is true. The metrics page starts a slow panel's request only then: on SQLite a request holds the server's thread while
 * it reads, so a comparison below the fold (2-3 s at 1M runs) requested with the page held the next page's
 * requests behind it.
 */
export function useNearViewport<T extends Element>(settled: boolean, margin = '400px'): [(el: T | null) => void, boolean] {
  const [el, setEl] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    // Watched only once the page above has its final height: before the data came, every section was near.
    if (near || !el || !settled) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, margin, near, settled]);
  return [setEl, near];
}
