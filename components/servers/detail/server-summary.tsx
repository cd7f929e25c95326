import type { ServerDto } from '@/components/data/types';
import { endpointOf, formatDateTime, TRANSPORT_LABELS } from '../format';
import { ServerStatus } from '../server-status';

function authText(auth: ServerDto['auth']): string {
  switch (auth.type) {
    case 'none':
      return 'None';
    case 'bearer':
      return 'Bearer token (stored encrypted)';
    case 'basic':
      return 'Basic (stored encrypted)';
    case 'header':
      return `Header ${auth.headerName ?? ''} (value stored encrypted)`;
  }
}

/** What is registered: transport, endpoint, auth, headers or environment, and the status. */
export function ServerSummary({ server }: { server: ServerDto }) {
  const headers = Object.entries(server.headers ?? {});
  const envKeys = Object.keys(server.env ?? {});
  return (
    <section className="panel srv-summary" aria-label="Server details">
      <dl className="srv-dl">
        <dt>Status</dt>
        <dd>
          <ServerStatus server={server} />
        </dd>
        <dt>Transport</dt>
        <dd>{TRANSPORT_LABELS[server.transport]}</dd>
        <dt>{server.transport === 'stdio' ? 'Command' : server.transport === 'static' ? 'Tools' : 'URL'}</dt>
        <dd>
          <code className="srv-endpoint">{endpointOf(server)}</code>
        </dd>
        {server.transport === 'static' ? null : server.transport === 'stdio' ? (
          <>
            <dt>Environment</dt>
            <dd>{envKeys.length ? envKeys.map((k) => <code key={k} className="srv-chip">{k}</code>) : <span className="muted">none</span>}</dd>
          </>
        ) : (
          <>
            <dt>Authentication</dt>
            <dd>{authText(server.auth)}</dd>
            <dt>Extra headers</dt>
            <dd>
              {headers.length ? (
                headers.map(([k, v]) => (
                  <code key={k} className="srv-chip">
                    {k}: {v}
                  </code>
                ))
              ) : (
                <span className="muted">none</span>
              )}
            </dd>
          </>
        )}
        <dt>Registered</dt>
        <dd>
          {formatDateTime(server.createdAt)}
          {server.updatedAt !== server.createdAt ? <span className="muted"> · updated {formatDateTime(server.updatedAt)}</span> : null}
        </dd>
      </dl>
    </section>
  );
}
