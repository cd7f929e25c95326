import { describe, expect, it, vi } from 'vitest';
import * as serversRoute from '@/app/api/servers/route';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import { call } from './helpers/api';

// The offline hashed embedding of the similarity tests: no model download.
vi.mock('@/lib/embeddings/registry', async (importOriginal) => {
  const { hashedRegistry } = await import('./helpers/similarity-embedding');
  return hashedRegistry(await importOriginal());
});

type Analysis = { tools: { id: string }[]; pairs: { toolA: string; toolB: string; similarity: number; flagged: boolean }[]; errors: unknown[] };

describe('similarity over a static server', () => {
  it('analyses the stored tools from serverIds like a live server', async () => {
    const created = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', {
      body: {
        name: 'sim-static',
        transport: 'static',
        tools: [
          { name: 'search_files', description: 'Search files in the workspace by name or content', input_schema: { type: 'object', properties: { query: { type: 'string' } } } },
          { name: 'find_files', description: 'Find files in the workspace by name or content', input_schema: { type: 'object', properties: { query: { type: 'string' } } } },
          { name: 'send_email', description: 'Send an email message to a recipient address', input_schema: { type: 'object', properties: { to: { type: 'string' } } } },
        ],
      },
    });
    expect(created.status).toBe(201);
    const res = await call<Analysis>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body: { serverIds: [created.body.id] } });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual([]);
    expect(res.body.tools.map((t) => t.id).sort()).toEqual(['sim-static/find_files', 'sim-static/search_files', 'sim-static/send_email']);
    const top = [...res.body.pairs].sort((a, b) => b.similarity - a.similarity)[0];
    expect([top?.toolA, top?.toolB].sort()).toEqual(['sim-static/find_files', 'sim-static/search_files']);
  });
});
