'use client';

import { useEffect, useRef } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import type { CreatedApiKeyDto } from './api-keys';

/** The plaintext key, once: the server keeps only its hash, so it cannot be shown again. */
export function NewKeyNotice({ created, onDismiss }: { created: CreatedApiKeyDto; onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="set-new-key" role="region" aria-labelledby="set-new-key-title" tabIndex={-1} ref={ref} data-testid="new-key">
      <h3 id="set-new-key-title">Key “{created.name}” created</h3>
      <p>
        <strong>Copy it now: you will not see it again.</strong> Only a hash is stored; if you lose the key, revoke it and create a new one.
      </p>
      <div className="set-key-row">
        <code className="set-key" data-testid="new-key-value">
          {created.key}
        </code>
        <CopyButton text={created.key} label="Copy the new API key" visibleLabel="Copy" />
      </div>
      <button type="button" className="btn btn-small" onClick={onDismiss}>
        I have copied it
      </button>
    </div>
  );
}
