/** Client configuration documents for the app's /mcp endpoint (also shown in the README). */

export const SERVER_KEY = 'mcp-eval-harness';
const PLACEHOLDER = '<your API key>';

export type ClientSnippet = { id: 'claude' | 'cursor' | 'vscode'; client: string; file: string; note: string; json: string };

export function clientSnippets(mcpUrl: string, apiKey: string | null): ClientSnippet[] {
  const key = apiKey ?? PLACEHOLDER;
  const doc = (value: unknown) => JSON.stringify(value, null, 2);
  return [
    {
      id: 'claude',
      client: 'Claude Desktop',
      file: 'claude_desktop_config.json',
      // Claude Desktop's config file starts local (stdio) servers only; mcp-remote bridges to HTTP.
      note: 'Claude Desktop runs local commands from this file, so the mcp-remote bridge (run by npx) connects it to the HTTP endpoint. Restart Claude Desktop afterwards.',
      json: doc({
        mcpServers: {
          [SERVER_KEY]: {
            command: 'npx',
            args: ['-y', 'mcp-remote', mcpUrl, '--header', 'X-API-Key:${MCP_EVAL_API_KEY}'],
            env: { MCP_EVAL_API_KEY: key },
          },
        },
      }),
    },
    {
      id: 'cursor',
      client: 'Cursor',
      file: '~/.cursor/mcp.json (or .cursor/mcp.json in a project)',
      note: 'Cursor connects to streamable HTTP servers directly.',
      json: doc({ mcpServers: { [SERVER_KEY]: { url: mcpUrl, headers: { 'X-API-Key': key } } } }),
    },
    {
      id: 'vscode',
      client: 'VS Code',
      file: '.vscode/mcp.json',
      note: 'VS Code asks for the key once and keeps it in its secret storage, so it stays out of the file.',
      json: doc({
        inputs: [{ type: 'promptString', id: 'mcp-eval-api-key', description: 'MCP Eval Harness API key', password: true }],
        servers: { [SERVER_KEY]: { type: 'http', url: mcpUrl, headers: { 'X-API-Key': '${input:mcp-eval-api-key}' } } },
      }),
    },
  ];
}
