'use client';

import { useState } from 'react';

/** Copies text; the outcome is announced, since a silent click leaves a screen-reader user guessing. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="set-copy">
      <button type="button" className="btn btn-small" onClick={() => void copy()} aria-label={label}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span role="status" aria-live="polite" className="set-copy-status">
        {state === 'copied' ? 'Copied to the clipboard.' : state === 'failed' ? 'Could not copy: select the text and copy it by hand.' : ''}
      </span>
    </span>
  );
}
