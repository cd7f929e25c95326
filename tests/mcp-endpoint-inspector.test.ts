import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgres } from '@/db/dialect';
import { newKey, startMcpEndpoint } from './helpers/mcp-endpoint-fixtures';
import { createRunWriter } from './helpers/synthetic-runs';

const run = promisify(execFile);
const INSPECTOR = path.resolve('node_modules/@modelcontextprotocol/inspector-cli/build/index.js');

let endpoint: Awaited<ReturnType<typeof startMcpEndpoint>>;
let key: string;

beforeAll(async () => {
  const writer = createRunWriter();
  writer.server('inspected-server');
  await writer.flush();
  endpoint = await startMcpEndpoint();
  key = await newKey('inspector');
});

afterAll(async () => {
  await endpoint?.close();
});

/** The real MCP Inspector CLI in its own node process, as a user would run it. */
async function inspector(args: string[]): Promise<unknown> {
  const { stdout } = await run(process.execPath, [INSPECTOR, endpoint.mcpUrl, '--transport', 'http', '--header', `X-API-Key: ${key}`, ...args], { timeout: 30_000 });
  return JSON.parse(stdout);
}

describe('MCP Inspector CLI against /mcp', () => {
  it('lists the tools', async () => {
    const out = (await inspector(['--method', 'tools/list'])) as { tools: { name: string }[] };
    // query_sql is offered on SQLite only (lib/mcp-endpoint/tools/registry.ts).
    expect(out.tools.map((t) => t.name)).toEqual(['list_servers', 'list_test_cases', 'list_runs', 'get_run', 'get_metrics', 'analyze_similarity', ...(isPostgres() ? [] : ['query_sql'])]);
  });

  it('calls a tool with the API key header', async () => {
    const out = (await inspector(['--method', 'tools/call', '--tool-name', 'list_servers', '--tool-arg', 'search=inspected'])) as { content: { type: string; text: string }[]; isError?: boolean };
    expect(out.isError ?? false).toBe(false);
    const body = JSON.parse(out.content[0]?.text ?? '{}') as { total: number; items: { name: string }[]; metadata: { requestId: string } };
    expect(body.total).toBe(1);
    expect(body.items[0]?.name).toBe('inspected-server');
    expect(body.metadata.requestId).toEqual(expect.any(String));
  });

  it('fails without the key', async () => {
    await expect(run(process.execPath, [INSPECTOR, endpoint.mcpUrl, '--transport', 'http', '--method', 'tools/list'], { timeout: 30_000 })).rejects.toThrow(/API key required in X-API-Key header/);
  });
});
