'use client';

import { useEffect, useRef } from 'react';

/**
 * A status line that is always in the page, so a message put in it is announced. A new
 * `focusKey` moves focus to it: after a delete the row and the button that had focus are
 * gone, and focus would otherwise fall back to the top of the page.
 */
export function Notice({ message, focusKey = 0 }: { message: string | null; focusKey?: number }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusKey > 0) ref.current?.focus();
  }, [focusKey]);
  return (
    <p ref={ref} tabIndex={-1} role="status" className={message ? 'notice' : 'sr-only'}>
      {message}
    </p>
  );
}
