import { describe, expect, it } from 'vitest';
import type { EmbeddingProvider } from '@/lib/embeddings/types';
import { rememberingEmbed } from './remembered-vectors';

const provider = (model: string): EmbeddingProvider => ({ model }) as EmbeddingProvider;

/** A cache stand-in that counts the texts it is asked for and returns a vector per text. */
function countingEmbed() {
  const asked: string[] = [];
  const embed = async (p: EmbeddingProvider, texts: string[]) => {
    asked.push(...texts);
    return texts.map((t) => Float32Array.of(t.length, p.model.length));
  };
  return { asked, embed };
}

describe('rememberingEmbed', () => {
  it('returns what the cache returns, in order, and asks it only for texts it has not seen for that model', async () => {
    const inner = countingEmbed();
    const { embed, forget } = rememberingEmbed(inner.embed, (p) => p.model, 3);
    const first = await embed(provider('m'), ['a', 'bb', 'a']);
    expect(first.map((v) => Array.from(v))).toEqual([[1, 1], [2, 1], [1, 1]]);
    const again = await embed(provider('m'), ['bb', 'ccc', 'a']);
    expect(again.map((v) => Array.from(v))).toEqual([[2, 1], [3, 1], [1, 1]]);
    expect(again[0]).toBe(first[1]);
    // Another model is another key.
    await embed(provider('mm'), ['a']);
    expect(inner.asked).toEqual(['a', 'bb', 'a', 'ccc', 'a']);
    // Capacity 3: the least recently used ('bb' of model m) went out when the fourth key came in.
    await embed(provider('m'), ['bb']);
    expect(inner.asked.slice(5)).toEqual(['bb']);
    forget();
    await embed(provider('m'), ['ccc']);
    expect(inner.asked.slice(6)).toEqual(['ccc']);
  });

  it('passes a call with more texts than it keeps straight through, keeping none of them', async () => {
    const inner = countingEmbed();
    const { embed } = rememberingEmbed(inner.embed, (p) => p.model, 2);
    await embed(provider('m'), ['a', 'b', 'c']);
    await embed(provider('m'), ['a']);
    expect(inner.asked).toEqual(['a', 'b', 'c', 'a']);
  });
});
