'use client';

import { useEffect, useState } from 'react';

const RESET_MS = 2500;

type Props = {
  text: string;
  /** The button's accessible name, e.g. "Copy the new API key". */
  label: string;
  /** Shorter visible text when the label would crowd a row; it should be a part of `label`. */
  visibleLabel?: string;
};

/**
 * Copies text and says how it went in a live region that is always in the page, since a
 * silent click leaves a screen-reader user guessing and a region added with its message
 * is not reliably announced. The button's own name stays put, so it can be found again.
 */
export function CopyButton({ text, label, visibleLabel }: Props) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="copy">
      <button type="button" className="btn btn-small" onClick={() => void copy()} aria-label={visibleLabel ? label : undefined}>
        {visibleLabel ?? label}
      </button>
      <span role="status" className="copy-status">
        {state === 'copied' ? 'Copied to the clipboard.' : state === 'failed' ? 'Could not copy: select the text and copy it by hand.' : ''}
      </span>
    </span>
  );
}
