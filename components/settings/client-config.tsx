'use client';

import { useState, useSyncExternalStore } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { clientSnippets, type ClientSnippet } from './client-snippets';

const noSubscribe = () => () => undefined;

/** The snippets for each client, with this app's own /mcp URL (known only in the browser). */
export function ClientConfig({ apiKey }: { apiKey: string | null }) {
  const origin = useSyncExternalStore(noSubscribe, () => window.location.origin, () => 'http://localhost:3000');
  const snippets = clientSnippets(`${origin}/mcp`, apiKey);
  const [selected, setSelected] = useState<ClientSnippet['id']>('claude');
  const current = snippets.find((s) => s.id === selected) ?? snippets[0];

  return (
    <section className="set-section" aria-labelledby="set-clients-title">
      <h2 id="set-clients-title">Connect an AI client</h2>
      <p className="muted">
        The endpoint is <code data-testid="mcp-url">{origin}/mcp</code> (streamable HTTP); send the key in the <code>X-API-Key</code> header.
        {apiKey ? ' The Claude Desktop and Cursor snippets contain the key you just created (VS Code asks for it).' : ' Replace the placeholder with a key.'}
      </p>
      <div className="set-tabs" role="tablist" aria-label="AI client">
        {snippets.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            id={`set-tab-${s.id}`}
            aria-selected={s.id === selected}
            aria-controls={`set-panel-${s.id}`}
            tabIndex={s.id === selected ? 0 : -1}
            className={`set-tab${s.id === selected ? ' set-tab-active' : ''}`}
            onClick={() => setSelected(s.id)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
              const i = snippets.findIndex((x) => x.id === selected);
              const next = snippets[(i + (e.key === 'ArrowRight' ? 1 : snippets.length - 1)) % snippets.length];
              if (next) {
                setSelected(next.id);
                document.getElementById(`set-tab-${next.id}`)?.focus();
              }
            }}
          >
            {s.client}
          </button>
        ))}
      </div>
      {current ? (
        <div role="tabpanel" id={`set-panel-${current.id}`} aria-labelledby={`set-tab-${current.id}`} className="set-panel">
          <p>
            In <code>{current.file}</code>: {current.note}
          </p>
          <div className="set-snippet-head">
            <CopyButton text={current.json} label={`Copy the ${current.client} configuration`} visibleLabel="Copy" />
          </div>
          <pre className="json set-snippet" data-testid={`snippet-${current.id}`}>
            {current.json}
          </pre>
        </div>
      ) : null}
    </section>
  );
}
