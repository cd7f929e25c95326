'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { prefillHref, type Prefill } from './prefill';

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Opens /experiments/new prefilled with the given rewrites, computed on click (so a long payload
 * can go through sessionStorage, and a run's rewrites can be asked for first).
 */
export function TryRewriteButton({ prefill, label }: { prefill: () => Prefill | Promise<Prefill>; label: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    try {
      router.push(prefillHref(await prefill(), tabStorage()));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn-small" aria-label={label} aria-busy={busy} disabled={busy} onClick={() => void open()}>
      {busy ? 'Writing the rewrite…' : 'Try this rewrite'}
    </button>
  );
}
