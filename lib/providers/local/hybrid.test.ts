import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS } from '../testing/fixtures';
import { createHybridScorer, EMBEDDING_SHARE, type QueryEmbedder } from './hybrid';
import { scoreTfIdf } from './tfidf';

/**
 * A stand-in embedding: one dimension per known word, so "remove" and "delete" can be made
 * synonyms (the same axis) while sharing no letters. The real word vectors are exercised in
 * tests/local-router.test.ts.
 */
const AXES: Record<string, number> = { delete: 0, remove: 0, forecast: 1, weather: 1, todo: 2, add: 3, list: 4, search: 5, document: 6 };

function stubEmbedder(calls: string[][]): QueryEmbedder {
  return {
    embed: async (texts) => {
      calls.push(texts);
      return texts.map((text) => {
        const v = new Float32Array(8);
        for (const word of text.toLowerCase().split(/[^a-z]+/)) {
          const axis = AXES[word.replace(/s$/, '')];
          if (axis !== undefined) v[axis]! += 1;
        }
        return v;
      });
    },
  };
}

describe('hybrid local scorer', () => {
  it('adds EMBEDDING_SHARE x the embedding cosine to the TF-IDF cosine', async () => {
    const scorer = createHybridScorer('stub', async () => stubEmbedder([]));
    const query = 'weather forecast for Oslo';
    const hybrid = await scorer.score(query, DEMO_TOOLS);
    const lexical = new Map(scoreTfIdf(query, DEMO_TOOLS).map((s) => [s.name, s.score]));
    expect(hybrid[0]?.name).toBe('get_forecast');
    for (const s of hybrid) {
      expect(s.score).toBeGreaterThanOrEqual((1 - EMBEDDING_SHARE) * (lexical.get(s.name) ?? 0) - 1e-9);
      expect(s.score).toBeLessThanOrEqual((1 - EMBEDDING_SHARE) * (lexical.get(s.name) ?? 0) + EMBEDDING_SHARE + 1e-9);
    }
  });

  it('ranks a tool the query names only by a synonym above the rest', async () => {
    const tools = [
      { exposedName: 'list_items', description: 'List every item.', inputSchema: { type: 'object' } },
      { exposedName: 'delete_item', description: 'Delete an item by id.', inputSchema: { type: 'object' } },
    ];
    const scorer = createHybridScorer('stub', async () => stubEmbedder([]));
    const [best] = await scorer.score('remove number 4', tools);
    expect(best).toMatchObject({ name: 'delete_item' });
    expect(best!.score).toBeGreaterThan(0);
  });

  it('names the embedding model, loads it once and embeds each tool text once', async () => {
    const calls: string[][] = [];
    let loads = 0;
    const scorer = createHybridScorer('stub-model', async () => {
      loads++;
      return stubEmbedder(calls);
    });
    expect(scorer.id).toContain('stub-model');
    await scorer.warmUp?.();
    await scorer.score('add a todo', DEMO_TOOLS);
    await scorer.score('search documents', DEMO_TOOLS);
    expect(loads).toBe(1);
    // Per call: the query, then names and descriptions only the first time.
    const toolTexts = calls.slice(1).flat().filter((t) => t !== 'search documents');
    expect(new Set(toolTexts).size).toBe(toolTexts.length);
  });

  it('retries a failed load on the next call instead of failing forever', async () => {
    let attempt = 0;
    const scorer = createHybridScorer('stub', async () => {
      attempt++;
      if (attempt === 1) throw new Error('disk full');
      return stubEmbedder([]);
    });
    await expect(scorer.score('add a todo', DEMO_TOOLS)).rejects.toThrow('disk full');
    await expect(scorer.score('add a todo', DEMO_TOOLS)).resolves.toHaveLength(DEMO_TOOLS.length);
  });
});
