import { listAllServers } from '@/db/queries/servers';
import { countTestCases } from '@/db/queries/test-cases';
import { getHealth } from '@/lib/health/health';

// Reads the database on every request; never prerendered at build time.
export const dynamic = 'force-dynamic';

export default function HomePage() {
  const health = getHealth();
  const servers = health.database.ok ? listAllServers() : [];
  const testCases = health.database.ok ? countTestCases() : 0;
  return (
    <>
      <h1>
        MCP Eval Harness <span className={`badge badge-${health.status}`} data-testid="health-status">{health.status}</span>
      </h1>
      <p className="muted">
        Register MCP servers, write test cases (a query and the tool that should answer it), and measure whether LLMs pick the
        right tool with the right arguments. The full dashboard is on its way; everything is available through the{' '}
        <a href="/api-docs">REST API</a> today.
      </p>
      <section className="cards" aria-label="Summary">
        <div className="card"><div className="value" data-testid="server-count">{servers.length}</div><div className="label">MCP servers</div></div>
        <div className="card"><div className="value">{health.servers.active}</div><div className="label">active</div></div>
        <div className="card"><div className="value" data-testid="test-case-count">{testCases}</div><div className="label">test cases</div></div>
        <div className="card"><div className="value">{health.database.ok ? 'ok' : 'down'}</div><div className="label">database</div></div>
      </section>
      <h2>Servers</h2>
      {servers.length === 0 ? (
        <p>No servers yet. Register one with <code>POST /api/servers</code> or import an <code>mcp.json</code> with <code>POST /api/servers/import</code>.</p>
      ) : (
        <table>
          <thead><tr><th>Name</th><th>Transport</th><th>Endpoint</th><th>Status</th></tr></thead>
          <tbody>
            {servers.map((s) => (
              <tr key={s.id} data-testid={`server-${s.name}`}>
                <td>{s.name}</td>
                <td>{s.transport}</td>
                <td><code>{s.transport === 'stdio' ? [s.command, ...(s.args ?? [])].join(' ') : s.url}</code></td>
                <td>
                  <span className={`badge badge-${s.status}`}>{s.status}</span>
                  {s.statusDetail ? <div className="muted">{s.statusDetail}</div> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
