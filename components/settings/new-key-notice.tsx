'use client';

import { useEffect, useId, useRef } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import type { CreatedApiKeyDto } from './api-keys';
import { KEY_COPY } from './key-kind-copy';

/** The plaintext key, once: the server keeps only its hash, so it cannot be shown again. */
export function NewKeyNotice({ created, onDismiss }: { created: CreatedApiKeyDto; onDismiss: () => void }) {
  const copy = KEY_COPY[created.kind];
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="set-new-key" role="region" aria-labelledby={titleId} tabIndex={-1} ref={ref} data-testid={`new-${copy.testId}`}>
      <h3 id={titleId}>{copy.created(created.name)}</h3>
      <p>
        <strong>Copy it now: you will not see it again.</strong> Only a hash is stored; if you lose it, revoke it and create a new one.
      </p>
      <div className="set-key-row">
        <code className="set-key" data-testid={`new-${copy.testId}-value`}>
          {created.key}
        </code>
        <CopyButton text={created.key} label={copy.copyLabel} visibleLabel="Copy" />
      </div>
      <button type="button" className="btn btn-small" onClick={onDismiss}>
        I have copied it
      </button>
    </div>
  );
}
