import { afterEach, describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { connectDemoClient, type DemoClient } from '@/tests/helpers/demo-client';
import { createDemoMcpServer, DEMO_SERVER_IDS, DEMO_SERVERS, getDemoServer } from './registry';

const EXPECTED_TOOLS = {
  rag: ['rag_answer_question', 'rag_chunk_document', 'rag_embed_chunks', 'rag_ingest_document', 'rag_retrieve_context', 'rag_search'],
  todo: ['create_todo', 'delete_todo', 'list_todos', 'search_todos', 'update_todo'],
  valuerank: ['get_dimension_analysis', 'get_run_summary', 'get_transcript_summary', 'graphql_query', 'list_definitions', 'list_runs'],
};

describe('demo server registry', () => {
  let open: DemoClient | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  it('has exactly the three demo servers, keyed by their ids', () => {
    expect([...DEMO_SERVER_IDS].sort()).toEqual(['rag', 'todo', 'valuerank']);
    expect(Object.keys(DEMO_SERVERS).sort()).toEqual(['rag', 'todo', 'valuerank']);
    for (const id of DEMO_SERVER_IDS) {
      expect(DEMO_SERVERS[id].id).toBe(id);
      expect(DEMO_SERVERS[id].title).not.toBe('');
      expect(DEMO_SERVERS[id].description.length).toBeGreaterThan(20);
    }
  });

  it('looks servers up by id and rejects unknown or inherited names', () => {
    expect(getDemoServer('todo')?.id).toBe('todo');
    expect(getDemoServer('nope')).toBeUndefined();
    expect(getDemoServer('toString')).toBeUndefined();
    expect(getDemoServer('__proto__')).toBeUndefined();
  });

  it('creates servers named demo-<id>', async () => {
    open = await connectDemoClient('valuerank');
    expect(open.client.getServerVersion()).toMatchObject({ name: 'demo-valuerank', version: '1.0.0' });
    expect(createDemoMcpServer(DEMO_SERVERS.rag).server).toBeInstanceOf(Server);
  });

  it.each(DEMO_SERVER_IDS)('%s exposes exactly the specified tools, each described with a JSON Schema', async (id) => {
    open = await connectDemoClient(id);
    const { tools } = await open.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(EXPECTED_TOOLS[id]);
    for (const tool of tools) {
      expect(tool.description?.length ?? 0).toBeGreaterThan(30);
      expect(tool.inputSchema.type).toBe('object');
      for (const [param, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${param}`).toMatch(/\w{3}/);
      }
    }
  });

  it('rag has six rag_* tools, todo five, valuerank six', async () => {
    const counts: Record<string, number> = {};
    for (const id of DEMO_SERVER_IDS) {
      open = await connectDemoClient(id);
      const { tools } = await open.client.listTools();
      counts[id] = tools.length;
      if (id === 'rag') {
        expect(tools).toHaveLength(6);
        expect(tools.every((t) => t.name.startsWith('rag_'))).toBe(true);
      }
      await open.close();
      open = undefined;
    }
    expect(counts).toEqual({ rag: 6, todo: 5, valuerank: 6 });
  });
});
