import { describe, expect, it } from 'vitest';
import { countCachedEmbeddings, findCachedEmbeddings, saveCachedEmbeddings } from '@/db/queries/embedding-cache';
import { sql } from 'drizzle-orm';
import { get } from '@/db/sql';
import { cacheModelKey, embedWithCache, hashText, type CacheStats } from '@/lib/embeddings/cache';
import { UNCALIBRATED } from '@/lib/embeddings/calibration-data';
import { normalizeInPlace } from '@/lib/text/vector-math';
import type { EmbeddingProvider } from '@/lib/embeddings/types';

type FakeProvider = EmbeddingProvider & { calls: string[][] };

/** A deterministic stand-in model that records what it was asked to embed. */
function fakeProvider(model: string, dimensions = 4, extra: { revision?: string } = {}): FakeProvider {
  const calls: string[][] = [];
  return {
    model,
    kind: 'word-vectors',
    dimensions,
    calibration: UNCALIBRATED,
    calls,
    ...extra,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map((text) => normalizeInPlace(Float32Array.from({ length: dimensions }, (_, i) => text.length + i + (model.length % 3))));
    },
  };
}

function stats(): { last: CacheStats | undefined; onStats: (s: CacheStats) => void } {
  const holder: { last: CacheStats | undefined; onStats: (s: CacheStats) => void } = { last: undefined, onStats: (s) => (holder.last = s) };
  return holder;
}

describe('embedWithCache', () => {
  it('embeds misses once (deduplicated), serves hits from SQLite, and keeps input order', async () => {
    const provider = fakeProvider('fake-a');
    const s = stats();
    const first = await embedWithCache(provider, ['alpha', 'be', 'alpha', 'gamma!'], { onStats: s.onStats });
    expect(provider.calls).toEqual([['alpha', 'be', 'gamma!']]);
    expect(s.last).toEqual({ hits: 0, misses: 3 });
    expect(first.map((v) => v.length)).toEqual([4, 4, 4, 4]);
    expect(Array.from(first[2]!)).toEqual(Array.from(first[0]!));

    const second = await embedWithCache(provider, ['gamma!', 'delta', 'alpha'], { onStats: s.onStats });
    expect(provider.calls[1]).toEqual(['delta']);
    expect(s.last).toEqual({ hits: 2, misses: 1 });
    expect(Array.from(second[0]!)).toEqual(Array.from(first[3]!));
    expect(Array.from(second[2]!)).toEqual(Array.from(first[0]!));
    expect(await countCachedEmbeddings('fake-a')).toBe(4);

    await embedWithCache(provider, ['alpha', 'delta']);
    expect(provider.calls).toHaveLength(2);
  });

  it('keeps models (and revisions of a model) apart', async () => {
    const a = fakeProvider('fake-sep');
    const b = fakeProvider('fake-sep-other');
    const revised = fakeProvider('fake-sep', 4, { revision: 'v2' });
    await embedWithCache(a, ['same text']);
    await embedWithCache(b, ['same text']);
    await embedWithCache(revised, ['same text']);
    expect([a.calls, b.calls, revised.calls]).toEqual([[['same text']], [['same text']], [['same text']]]);
    expect(cacheModelKey(revised)).toBe('fake-sep@v2');
    expect(await countCachedEmbeddings('fake-sep@v2')).toBe(1);
  });

  it('treats a row of another size as a miss and replaces it', async () => {
    await embedWithCache(fakeProvider('fake-dims', 4), ['resized']);
    const wider = fakeProvider('fake-dims', 6);
    const [vector] = await embedWithCache(wider, ['resized']);
    expect(wider.calls).toEqual([['resized']]);
    expect(vector).toHaveLength(6);
    const row = await get<{ dimensions: number }>(sql`select dimensions from embedding_cache where model = ${'fake-dims'} and text_hash = ${hashText('resized')}`);
    expect(row?.dimensions).toBe(6);
  });

  it('stores float32 vectors bit for bit', async () => {
    const provider = fakeProvider('fake-bits', 3);
    const [stored] = await embedWithCache(provider, ['bits']);
    const [loaded] = await embedWithCache(fakeProvider('fake-bits', 3), ['bits']);
    expect(Array.from(loaded!)).toEqual(Array.from(stored!));
  });

  it('concurrent stores of overlapping texts in different orders all land (rows locked in one order)', async () => {
    const entries = Array.from({ length: 1500 }, (_, i) => ({ textHash: hashText(`overlap ${i}`), vector: new Float32Array([i, 1, 2]) }));
    const orders = [entries, [...entries].reverse(), entries.slice(700).concat(entries.slice(0, 700)), [...entries].reverse().slice(300)];
    await Promise.all(orders.map((o) => saveCachedEmbeddings('fake-overlap', o)));
    expect(await countCachedEmbeddings('fake-overlap')).toBe(1500);
    const back = await findCachedEmbeddings('fake-overlap', [entries[42]?.textHash ?? '']);
    expect([...(back.get(entries[42]?.textHash ?? '') ?? [])]).toEqual([42, 1, 2]);
  });

  it('handles thousands of texts quickly', async () => {
    const provider = fakeProvider('fake-many', 64);
    const texts = Array.from({ length: 5000 }, (_, i) => `tool ${i} description`);
    let started = performance.now();
    await embedWithCache(provider, texts);
    const coldMs = performance.now() - started;
    started = performance.now();
    const warm = await embedWithCache(provider, texts);
    const warmMs = performance.now() - started;
    expect(provider.calls).toHaveLength(1);
    expect(warm).toHaveLength(5000);
    expect(await countCachedEmbeddings('fake-many')).toBe(5000);
    console.info(`embedding cache, 5000 texts: cold ${Math.round(coldMs)} ms, warm ${Math.round(warmMs)} ms`);
    expect(warmMs).toBeLessThan(1000);
  });
});
