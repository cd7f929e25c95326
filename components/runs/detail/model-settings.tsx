import type { RunDetail } from '@/components/data/queries';
import { providerRow, usesSetting } from '@/lib/providers/catalog';
import { Panel } from '@/components/ui/panel';
import { NONE } from '../format';

/** The settings the call was made with, as stored for audit. */
export function ModelSettings({ run }: { run: RunDetail }) {
  const s = run.modelSettings;
  return (
    <Panel title="Model settings">
      {!s ? (
        <p className="muted">No settings were recorded for this run.</p>
      ) : (
        <>
          <dl className="runs-dl">
            <div>
              <dt>Provider</dt>
              <dd>
                {s.provider}
                {s.provider === 'local' ? <span className="muted"> (offline retrieval baseline, not an LLM)</span> : null}
              </dd>
            </div>
            <div>
              <dt>Model</dt>
              <dd>
                <code>{s.model}</code>
              </dd>
            </div>
            <div>
              <dt>Base URL</dt>
              <dd>{s.baseUrl ? <code className="runs-wrap">{s.baseUrl}</code> : NONE}</dd>
            </div>
            <div>
              <dt>Timeout</dt>
              <dd>{s.timeout} s</dd>
            </div>
            <div>
              <dt>Temperature</dt>
              <dd>
                {s.temperature}
                {!usesSetting(s.provider, 'temperature') ? (
                  <span className="muted"> (not used: {providerRow(s.provider).name} is deterministic)</span>
                ) : providerRow(s.provider).capabilities.temperature ? null : (
                  <span className="muted"> (ignored by {providerRow(s.provider).name}&apos;s current API)</span>
                )}
              </dd>
            </div>
            <div>
              <dt>Max retries</dt>
              <dd>{s.maxRetries}</dd>
            </div>
            <div>
              <dt>Samples</dt>
              <dd>{run.samples}</dd>
            </div>
          </dl>
          {s.systemPrompt ? (
            <details className="runs-details">
              <summary>System prompt</summary>
              <pre className="runs-pre">{s.systemPrompt}</pre>
            </details>
          ) : (
            <p className="muted runs-small">Default system prompt.</p>
          )}
        </>
      )}
    </Panel>
  );
}
