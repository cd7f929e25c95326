import { describe, expect, it, vi } from 'vitest';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import * as overlapRoute from '@/app/api/similarity/overlap-matrix/route';
import { call } from './helpers/api';

vi.mock('@/lib/embeddings/registry', async (importOriginal) => {
  const { hashedRegistry } = await import('./helpers/similarity-embedding');
  return hashedRegistry(await importOriginal());
});

type Analysis = {
  boilerplate: { server: string; span: string; share: number }[];
  pairs: { toolA: string; toolB: string; similarity: number; flagged: boolean }[];
};
type Overlap = { matrix: number[][]; dimensions: { similarity: number[][] }; tools: { id: string }[] };

/**
 * A server whose every description carries the same header and error block (the unseen server
 * of issue 15 had 67% of its pairs flagged), next to a second server with the same jobs.
 */
const HEADER = 'Acme Storage API. Authenticate with an admin token that has the storage scope.';
const FOOTER = 'Error Responses: 400: Bad request. 401: Unauthorized. 404: Not found.';
const acme = ['Creates a bucket in a region.', 'Deletes a bucket and every object in it.', 'Uploads a file as a new object.', 'Lists the regions available to the account.'].map(
  (text, i) => ({ server: 'acme', name: ['create_bucket', 'delete_bucket', 'upload_object', 'list_regions'][i]!, description: `${HEADER} ${text} ${FOOTER}` }),
);
const other = [{ server: 'blob', name: 'make_bucket', description: 'Creates a new bucket in the chosen region.' }];

describe('boilerplate in the analysis', () => {
  for (const method of ['embedding', 'description_overlap'] as const) {
    it(`${method}: lists the spans a server repeats and does not flag pairs for sharing them`, async () => {
      const res = await call<Analysis>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body: { toolList: [...acme, ...other], method } });
      expect(res.status).toBe(200);
      expect(res.body.boilerplate.map((b) => [b.server, b.span, b.share]).sort()).toEqual([
        ['acme', 'Acme Storage API. Authenticate with an admin token that has the storage scope', 1],
        ['acme', 'Error Responses: 400: Bad request. 401: Unauthorized. 404: Not found', 1],
      ]);
      const flagged = res.body.pairs.filter((p) => p.flagged).map((p) => [p.toolA, p.toolB].sort().join(' ~ '));
      // Unrelated jobs of one server stay apart; the opposite action on the same bucket is not flagged either.
      expect(flagged).not.toContain('acme/list_regions ~ acme/upload_object');
      expect(flagged).not.toContain('acme/create_bucket ~ acme/delete_bucket');
    });
  }

  it('colours the heatmap by the score that flags: dimensions.similarity equals the pair similarity', async () => {
    const body = { toolList: [...acme, ...other] };
    const [res, pairs] = await Promise.all([
      call<Overlap>(overlapRoute.POST, 'POST', '/api/similarity/overlap-matrix', { body }),
      call<Analysis>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body }),
    ]);
    const ids = res.body.tools.map((t) => t.id);
    expect(ids).toHaveLength(5);
    expect(pairs.body.pairs).toHaveLength(10);
    for (const p of pairs.body.pairs) expect(res.body.dimensions.similarity[ids.indexOf(p.toolA)]![ids.indexOf(p.toolB)]).toBe(p.similarity);
  });
});
