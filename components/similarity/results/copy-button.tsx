'use client';

import { useState } from 'react';

/** Copies text to the clipboard and says so (or says to select it by hand when the browser refuses). */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2500);
  }
  return (
    <span className="sim-copy">
      <button type="button" className="btn btn-small" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" aria-live="polite" className="sim-small muted">
        {state === 'copied' ? 'Copied.' : state === 'failed' ? 'Copy was blocked: select the text and copy it by hand.' : ''}
      </span>
    </span>
  );
}
