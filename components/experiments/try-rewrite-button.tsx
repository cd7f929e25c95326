'use client';

import { useRouter } from 'next/navigation';
import { prefillHref, type Prefill } from './prefill';

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Opens /experiments/new prefilled with the given rewrites (computed on click, so a long payload can go through sessionStorage). */
export function TryRewriteButton({ prefill, label }: { prefill: () => Prefill; label: string }) {
  const router = useRouter();
  return (
    <button type="button" className="btn btn-small" aria-label={label} onClick={() => router.push(prefillHref(prefill(), tabStorage()))}>
      Try this rewrite
    </button>
  );
}
