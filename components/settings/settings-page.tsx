'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Notice } from '@/components/ui/notice';
import { EmptyState, ErrorState, Loading } from '@/components/ui/states';
import { apiKeysQuery, type CreatedApiKeyDto } from './api-keys';
import { ApiTokensSection } from './api-tokens-section';
import { ClientConfig } from './client-config';
import { CreateKeyForm } from './create-key-form';
import { EmbeddingModelSetting } from './embedding-model-setting';
import { KeysTable } from './keys-table';
import { LogOutButton } from './log-out-button';
import { NewKeyNotice } from './new-key-notice';

export function SettingsPage() {
  const keys = useQuery(apiKeysQuery('mcp'));
  // Held in memory only: leaving the page is the last chance to copy it.
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Bumped on revoke: the Revoke button is gone with the key's active state, so focus goes to the message.
  const [revocations, setRevocations] = useState(0);

  return (
    <>
      <header className="set-page-head">
        <h1>Settings</h1>
        <LogOutButton />
        <p className="muted">
          API keys let AI clients (Claude Desktop, Cursor, VS Code…) read evaluation results through this app&apos;s own MCP endpoint. The tools are
          read-only; each key may make 120 requests per minute.
        </p>
      </header>

      <section className="set-section" aria-labelledby="set-keys-title">
        <h2 id="set-keys-title">API keys</h2>
        <CreateKeyForm kind="mcp" onCreated={setCreated} />
        <Notice message={notice} focusKey={revocations} />
        {created ? <NewKeyNotice created={created} onDismiss={() => setCreated(null)} /> : null}
        {keys.isPending ? (
          <Loading label="Loading API keys…" />
        ) : keys.isError ? (
          <ErrorState error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.items.length === 0 ? (
          <EmptyState title="No API keys yet.">Create one above to connect an AI client.</EmptyState>
        ) : (
          <KeysTable
            kind="mcp"
            keys={keys.data.items}
            onRevoked={(name) => {
              setNotice(`Revoked “${name}”: clients using it are refused from now on.`);
              setRevocations((n) => n + 1);
            }}
          />
        )}
      </section>

      <ClientConfig apiKey={created?.key ?? null} />

      <ApiTokensSection />

      <EmbeddingModelSetting />
    </>
  );
}
