import { describe, expect, it, vi } from 'vitest';
import * as recommendationsRoute from '@/app/api/similarity/recommendations/route';
import { prefillFromRunAdvice, prefillFromRunAdviceWithRewrites, runAdviceRewriteRequest } from '@/components/experiments/try-rewrite';
import { call } from './helpers/api';

vi.mock('@/lib/embeddings/registry', async (importOriginal) => {
  const { hashedRegistry } = await import('./helpers/similarity-embedding');
  return hashedRegistry(await importOriginal());
});

/*
 * "Try this rewrite" on a run's advice: the two tools as the run showed them go to the real
 * recommendations route (rules, no key), and the form is prefilled with its rewrites.
 */
const ERRORS = 'Error Responses: 400: Bad request. 404: Directory not found.';
const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
const SHOWN = [
  { server: 'files', name: 'search_files', description: `Recursively search for files matching a glob pattern. ${ERRORS}`, inputSchema: schema },
  { server: 'files', name: 'find_files', description: `Find files whose name is exactly the one given. ${ERRORS}`, inputSchema: schema },
  { server: 'files', name: 'list_files', description: `List the entries of one folder. ${ERRORS}`, inputSchema: schema },
];

const post = async (path: string, body: Record<string, unknown>) => {
  expect(path).toBe('/api/similarity/recommendations');
  const res = await call<{ recommendations: { revisions: { tool: string; after: string; source: 'rules' | 'llm' }[] } }>(recommendationsRoute.POST, 'POST', path, { body });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

describe('Try this rewrite from a run', () => {
  it('asks about the affected tools\' servers as the model saw them (other servers left out), at threshold 0 and without an llm', () => {
    const elsewhere = { server: 'web', name: 'fetch', description: 'Fetch a URL.' };
    expect(runAdviceRewriteRequest('files/search_files', 'files/find_files', [...SHOWN, elsewhere])).toEqual({
      toolList: SHOWN.map((t) => ({ server: 'files', name: t.name, description: t.description, inputSchema: schema })),
      similarityThreshold: 0,
      includeRecommendations: true,
    });
    expect(runAdviceRewriteRequest('other/x', undefined, SHOWN)).toBeNull();
  });

  it('prefills the rule-based rewrites of the recommendations route, not the texts the model saw', async () => {
    const p = await prefillFromRunAdviceWithRewrites('files/search_files', 'files/find_files', SHOWN, post);
    const changes = p.variants[0]!.changes;
    expect(changes.map((c) => c.tool)).toEqual(['search_files', 'find_files']);
    // The rules cut the error block both descriptions share: each rewrite differs from what the run showed.
    for (const [i, c] of changes.entries()) {
      expect(c.source).toBe('rule-based');
      expect(c.description).not.toBe(SHOWN[i]!.description);
      expect(c.description).not.toContain('404: Directory not found');
    }
    expect(p.focusTools).toEqual([{ server: 'files', tool: 'search_files' }, { server: 'files', tool: 'find_files' }]);
  });

  it('falls back to the texts the model saw when the request fails or writes no change', async () => {
    const failed = await prefillFromRunAdviceWithRewrites('files/search_files', 'files/find_files', SHOWN, () => Promise.reject(new Error('offline')));
    expect(failed.variants[0]!.changes.map((c) => [c.description, c.source])).toEqual([
      [SHOWN[0]!.description, 'as the model saw it: edit it'],
      [SHOWN[1]!.description, 'as the model saw it: edit it'],
    ]);
    const unchanged = prefillFromRunAdvice('files/search_files', undefined, SHOWN, [{ tool: 'files/search_files', after: SHOWN[0]!.description, source: 'rules' }]);
    expect(unchanged.variants[0]!.changes[0]!.source).toBe('as the model saw it: edit it');
  });
});
