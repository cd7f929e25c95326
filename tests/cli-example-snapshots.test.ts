import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDemoClient, type DemoClient } from './helpers/demo-client';
import { ROOT } from './helpers/cli';

/**
 * examples/ci runs offline on static snapshots of the demo servers' tools (tools/<id>.json); this
 * checks they are still what the demo servers list, so the example cannot drift from them
 * silently. After a deliberate change to a demo server, rewrite the snapshots with
 * UPDATE_EXAMPLE_TOOLS=1 npx vitest run tests/cli-example-snapshots.test.ts --project default
 */

const TOOLS_DIR = path.join(ROOT, 'examples/ci/tools');
const SNAPSHOTS = fs.readdirSync(TOOLS_DIR).filter((f) => f.endsWith('.json')).sort();
const update = process.env.UPDATE_EXAMPLE_TOOLS === '1';

type ListedTool = { name: string; description?: string; inputSchema: unknown; annotations?: unknown };
/** What a static snapshot keeps of a listed tool: what the model is offered and the hints the lint reads (not title or execution). */
const snapshotOf = ({ name, description, inputSchema, annotations }: ListedTool) => JSON.parse(JSON.stringify({ name, description, inputSchema, annotations })) as unknown;

describe('examples/ci/tools', () => {
  let open: DemoClient | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  it('holds a snapshot of the demo servers todo and rag, the ones the example suite uses', () => {
    expect(SNAPSHOTS).toEqual(['rag.json', 'todo.json']);
  });

  it.each(SNAPSHOTS)('%s equals the tools its demo server lists now', async (file) => {
    const id = path.basename(file, '.json') as 'rag' | 'todo';
    open = await connectDemoClient(id);
    const listed = (await open.client.listTools()).tools.map(snapshotOf);
    const target = path.join(TOOLS_DIR, file);
    if (update) fs.writeFileSync(target, `${JSON.stringify({ tools: listed }, null, 2)}\n`);
    const snapshot = JSON.parse(fs.readFileSync(target, 'utf8')) as { tools: unknown[] };
    expect(snapshot.tools, `${file} drifted from lib/mcp/demo/servers/${id}.ts: rewrite it (see the top of this file)`).toEqual(listed);
  });
});
