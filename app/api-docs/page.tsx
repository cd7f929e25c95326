import { API_SECTIONS } from '@/lib/api-catalog';

export const metadata = { title: 'API · MCP Eval Harness' };

export default function ApiDocsPage() {
  return (
    <>
      <h1>REST API</h1>
      <p className="muted">
        JSON in camelCase. Errors are <code>{'{"error": {"code", "message", "details"}, "requestId"}'}</code> with 400 (bad input),
        403, 404, 409 (conflict), 413 (body over 1 MB), 422 (semantically invalid), 502 (MCP server failed). Lists are{' '}
        <code>{'{items, total, limit, offset}'}</code>. Every response carries an <code>X-Request-Id</code> header.
      </p>
      {API_SECTIONS.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          <table>
            <thead><tr><th>Method</th><th>Path</th><th>What it does</th></tr></thead>
            <tbody>
              {section.endpoints.map((e) => (
                <tr key={`${e.method} ${e.path}`}>
                  <td className="method">{e.method}</td>
                  <td><code>{e.path}</code></td>
                  <td>{e.summary}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
