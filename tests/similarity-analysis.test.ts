import { describe, expect, it, vi } from 'vitest';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import * as overlapRoute from '@/app/api/similarity/overlap-matrix/route';
import { call } from './helpers/api';
import { hasSharedData, readSharedData, sharedSlice } from './helpers/similarity-fixtures';

vi.mock('@/lib/embeddings/registry', async (importOriginal) => {
  const { hashedRegistry } = await import('./helpers/similarity-embedding');
  return hashedRegistry(await importOriginal());
});

type Pair = { toolA: string; toolB: string; similarity: number; fullSimilarity?: number; flagged: boolean };
type Cluster = { id: number; tools: string[]; size: number; pairCount: number; maxSimilarity: number; minSimilarity: number };
type Analysis = {
  method: string;
  mode: 'all' | 'sparse';
  threshold: number;
  embeddingModel: string | null;
  tools: { id: string }[];
  pairs: Pair[];
  neighbours: { tool: string; neighbours: { tool: string; similarity: number }[] }[];
  clusters: Cluster[];
  warnings: string[];
  stats: { toolCount: number; pairCount: number; listedPairCount: number; flaggedCount: number; clusterCount: number; timings: Record<string, number> };
};
type Dimensions = { semantic: number[][] | null; parameters: (number | null)[][]; description: number[][] };
type Overlap = Analysis & {
  weights: { semantic: number; parameters: number; description: number };
  matrix?: number[][];
  dimensions?: Dimensions;
  pairs: (Pair & { overlap: number; semantic: number | null; parameters: number | null; description: number })[];
};

const analyze = (body: unknown) => call<Analysis>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body });
const overlap = (body: unknown) => call<Overlap>(overlapRoute.POST, 'POST', '/api/similarity/overlap-matrix', { body });

/** Two groups of near-duplicates and one unrelated tool. */
const CONFUSABLE = [
  { server: 'docs', name: 'search_docs', description: 'Search the document index for passages that match a query and rank them by score' },
  { server: 'docs', name: 'find_passages', description: 'Search the document index for passages that match a query and rank them' },
  { server: 'kb', name: 'lookup_passages', description: 'Search the document index for passages matching the query, ranked by relevance score' },
  { server: 'billing', name: 'create_invoice', description: 'Create an invoice for a customer with line items and a due date' },
  { server: 'billing', name: 'new_invoice', description: 'Create an invoice for a customer with line items' },
  { server: 'weather', name: 'get_weather', description: 'Current weather and forecast for a city' },
];

const pairOf = (pairs: Pair[], a: string, b: string) => pairs.find((p) => (p.toolA === a && p.toolB === b) || (p.toolA === b && p.toolB === a));

describe('pairs and clusters', () => {
  it('flags near-duplicates, groups them into clusters, and leaves the unrelated tool out', async () => {
    const res = await analyze({ toolList: CONFUSABLE });
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('all');
    expect(res.body.pairs).toHaveLength(15);
    expect(pairOf(res.body.pairs, 'docs/search_docs', 'docs/find_passages')?.flagged).toBe(true);
    expect(pairOf(res.body.pairs, 'docs/search_docs', 'weather/get_weather')?.flagged).toBe(false);
    for (const p of res.body.pairs) expect(p.flagged).toBe(p.similarity >= 0.85);
    expect(res.body.clusters.map((c) => c.tools)).toEqual([['docs/search_docs', 'docs/find_passages', 'kb/lookup_passages'], ['billing/create_invoice', 'billing/new_invoice']]);
    expect(res.body.stats).toMatchObject({ toolCount: 6, pairCount: 15, flaggedCount: res.body.pairs.filter((p) => p.flagged).length, clusterCount: 2 });
    expect(res.body.neighbours[0]?.neighbours[0]?.tool).toMatch(/passages/);
  });

  it('moves flags and clusters with the threshold', async () => {
    const strict = await analyze({ toolList: CONFUSABLE, similarityThreshold: 0.999 });
    expect(strict.body.clusters).toEqual([]);
    const loose = await analyze({ toolList: CONFUSABLE, similarityThreshold: 0 });
    expect(loose.body.stats.flaggedCount).toBe(15);
    expect(loose.body.clusters).toHaveLength(1);
    expect(loose.body.clusters[0]?.size).toBe(6);
  });

  it('adds fullSimilarity (with parameters) when asked', async () => {
    const tools = CONFUSABLE.slice(0, 2).map((t, i) => ({ ...t, parameters: i ? { mode: '(string) output mode' } : { query: '(string) what to find', limit: '(int) how many' } }));
    const res = await analyze({ toolList: tools, computeFullSimilarity: true });
    const pair = res.body.pairs[0];
    expect(pair?.fullSimilarity).toBeTypeOf('number');
    // Different parameters pull the full score below the description-only one.
    expect(pair?.fullSimilarity).toBeLessThan(pair?.similarity ?? 0);
  });

  it('scores with TF-IDF under description_overlap, reporting no model', async () => {
    const res = await analyze({ toolList: CONFUSABLE, method: 'description_overlap', similarityThreshold: 0.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ method: 'description_overlap', embeddingModel: null });
    expect(pairOf(res.body.pairs, 'billing/create_invoice', 'billing/new_invoice')?.flagged).toBe(true);
    expect(pairOf(res.body.pairs, 'billing/create_invoice', 'weather/get_weather')?.similarity).toBe(0);
  });
});

describe('overlap matrix', () => {
  const tools = [
    { server: 's', name: 'search_docs', description: 'Search documents for a query', inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } } } },
    { server: 's', name: 'find_docs', description: 'Find documents matching a query', inputSchema: { type: 'object', properties: { query: { type: 'string' }, page: { type: 'integer' } } } },
    { server: 's', name: 'ping', description: 'Check the service is up' },
    { server: 's', name: 'status', description: 'Report the service status' },
  ];

  it('combines semantic 0.5, parameters 0.3 and description 0.2, renormalising where neither tool has parameters', async () => {
    const res = await overlap({ toolList: tools });
    expect(res.status).toBe(200);
    expect(res.body.weights).toEqual({ semantic: 0.5, parameters: 0.3, description: 0.2 });
    const { matrix, dimensions } = res.body;
    if (!matrix || !dimensions?.semantic) throw new Error('expected dense matrices');
    expect(matrix).toHaveLength(4);
    const at = (m: (number | null)[][], r: number, c: number) => m[r]?.[c] ?? null;
    // search_docs x find_docs: all three dimensions.
    const p01 = at(dimensions.parameters, 0, 1);
    expect(p01).not.toBeNull();
    expect(at(matrix, 0, 1)).toBeCloseTo(0.5 * at(dimensions.semantic, 0, 1)! + 0.3 * p01! + 0.2 * at(dimensions.description, 0, 1)!, 3);
    // ping x status: neither has parameters, so no parameter score and weights 0.5 / 0.2 renormalised.
    expect(at(dimensions.parameters, 2, 3)).toBeNull();
    expect(at(matrix, 2, 3)).toBeCloseTo((0.5 * at(dimensions.semantic, 2, 3)! + 0.2 * at(dimensions.description, 2, 3)!) / 0.7, 3);
    // search_docs x ping: only one has parameters, which scores 0.
    expect(at(dimensions.parameters, 0, 2)).toBe(0);
    // Symmetric, unit diagonal.
    expect(at(matrix, 1, 0)).toBe(at(matrix, 0, 1));
    expect(at(matrix, 3, 3)).toBe(1);
  });

  it('takes weight overrides, and has no semantic dimension under description_overlap', async () => {
    const semanticOnly = await overlap({ toolList: tools, weights: { parameters: 0, description: 0 } });
    expect(semanticOnly.body.weights).toEqual({ semantic: 1, parameters: 0, description: 0 });
    expect(semanticOnly.body.matrix?.[0]?.[1]).toBe(semanticOnly.body.dimensions?.semantic?.[0]?.[1]);
    const lexical = await overlap({ toolList: tools, method: 'description_overlap' });
    expect(lexical.body.dimensions?.semantic).toBeNull();
    const d = lexical.body.dimensions;
    expect(lexical.body.matrix?.[2]?.[3]).toBe(d?.description[2]?.[3]);
    expect(lexical.body.matrix?.[0]?.[1]).toBeCloseTo((0.3 * (d?.parameters[0]?.[1] ?? 0) + 0.2 * (d?.description[0]?.[1] ?? 0)) / 0.5, 3);
  });
});

describe.skipIf(!hasSharedData)('large inputs (the shared 2,797-tool file)', () => {
  const slice = sharedSlice(250);
  const n = slice.reduce((sum, s) => sum + s.tools.length, 0);

  it('lists flagged pairs and top-k neighbours above 200 tools, every pair on request', async () => {
    const sparse = await analyze({ serverList: slice, duplicateIds: 'number', topK: 3, similarityThreshold: 0.9 });
    expect(sparse.status).toBe(200);
    expect(sparse.body.mode).toBe('sparse');
    expect(sparse.body.pairs.every((p) => p.flagged)).toBe(true);
    expect(sparse.body.pairs).toHaveLength(sparse.body.stats.flaggedCount);
    expect(sparse.body.neighbours).toHaveLength(n);
    expect(sparse.body.neighbours.every((x) => x.neighbours.length === 3)).toBe(true);
    expect(sparse.body.warnings.join(' ')).toContain('top 3 neighbours');

    const all = await analyze({ serverList: slice, duplicateIds: 'number', similarityThreshold: 0.9, computeFullSimilarity: true });
    expect(all.body.mode).toBe('all');
    expect(all.body.pairs).toHaveLength((n * (n - 1)) / 2);
    expect(all.body.pairs.filter((p) => p.flagged)).toHaveLength(sparse.body.stats.flaggedCount);
    expect(all.body.pairs[0]?.fullSimilarity).toBeTypeOf('number');
    // The same flagged pairs, with the same scores, either way.
    const key = (p: Pair) => `${p.toolA}|${p.toolB}|${p.similarity}`;
    expect(all.body.pairs.filter((p) => p.flagged).map(key).sort()).toEqual(sparse.body.pairs.map(key).sort());
  });

  it('gives the overlap of candidate pairs instead of n x n matrices above 200 tools', async () => {
    const res = await overlap({ serverList: slice, duplicateIds: 'number', topK: 2 });
    expect(res.status).toBe(200);
    expect(res.body.matrix).toBeUndefined();
    expect(res.body.pairs.length).toBeGreaterThanOrEqual(n);
    expect(res.body.pairs[0]).toEqual(expect.objectContaining({ overlap: expect.any(Number), description: expect.any(Number) }));
  });

  it('analyses the whole file with description_overlap', async () => {
    const servers = readSharedData();
    const started = performance.now();
    const res = await analyze({ serverList: servers, method: 'description_overlap', duplicateIds: 'number' });
    const ms = Math.round(performance.now() - started);
    expect(res.status).toBe(200);
    expect(res.body.stats.toolCount).toBe(2797);
    expect(res.body.mode).toBe('sparse');
    expect(res.body.tools.map((t) => t.id)).toContain('Azure/List and query databases#2');
    console.log(
      `whole shared file, description_overlap: ${res.body.stats.toolCount} tools, ${res.body.stats.pairCount} pairs, ${res.body.stats.flaggedCount} flagged, ` +
        `${res.body.stats.clusterCount} clusters, ${ms} ms through the route (timings ${JSON.stringify(res.body.stats.timings)})`,
    );
    expect(ms).toBeLessThan(15_000);
  });
});
