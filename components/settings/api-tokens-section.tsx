'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Notice } from '@/components/ui/notice';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { apiKeysQuery, type CreatedApiKeyDto } from './api-keys';
import { authSessionQuery } from './auth-session';
import { CreateKeyForm } from './create-key-form';
import { KeysTable } from './keys-table';
import { NewKeyNotice } from './new-key-notice';

/** Bearer tokens for scripts and CI calling the REST API when authentication is on. */
export function ApiTokensSection() {
  const tokens = useQuery(apiKeysQuery('api'));
  const session = useQuery(authSessionQuery());
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [revocations, setRevocations] = useState(0);
  const enabled = session.data?.authEnabled;

  return (
    <section className="set-section" aria-labelledby="set-tokens-title">
      <h2 id="set-tokens-title">API tokens</h2>
      <p className="muted">
        Scripts and CI call the REST API with <code>Authorization: Bearer &lt;token&gt;</code>.{' '}
        {enabled === undefined
          ? null
          : enabled
            ? 'Authentication is on: every API request needs a token or a signed-in browser.'
            : 'Authentication is off on this instance (loopback, no ADMIN_PASSWORD), so the API needs no token today; tokens created now work once it is on.'}
      </p>
      <CreateKeyForm kind="api" onCreated={setCreated} />
      <Notice message={notice} focusKey={revocations} />
      {created ? <NewKeyNotice created={created} onDismiss={() => setCreated(null)} /> : null}
      {tokens.isPending ? (
        <Loading label="Loading API tokens…" />
      ) : tokens.isError ? (
        <ErrorState error={tokens.error} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.items.length === 0 ? (
        <EmptyState title="No API tokens yet.">Create one above for a script that calls the API.</EmptyState>
      ) : (
        <KeysTable
          kind="api"
          keys={tokens.data.items}
          onRevoked={(name) => {
            setNotice(`Revoked token “${name}”: requests using it are refused from now on.`);
            setRevocations((n) => n + 1);
          }}
        />
      )}
    </section>
  );
}
