// The demo's "embedding model": a hashed bag of words. Deterministic and dependency-free,
// yet good enough that queries sharing vocabulary with a passage rank it first.

export const EMBEDDING_MODEL = 'hashed-bag-of-words-512';
export const EMBEDDING_DIMENSIONS = 512;

export type ChunkStrategy = 'sentence' | 'fixed';
export type ChunkOptions = { chunkSize: number; overlap: number; strategy: ChunkStrategy };

const STOPWORDS = new Set(
  (
    'a an and are as at be but by can do does for from has have how i if in into is it its of on or ' +
    'so than that the their them then there these they this to was were what when where which who ' +
    'why will with you your about over after also may more most only other such some each'
  ).split(' '),
);

/** Crude plural folding so "documents" and "document" share a bucket. */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !STOPWORDS.has(w))
    .map(stem);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Unit-length vector, so cosine similarity is a plain dot product. */
export function embedText(text: string): number[] {
  const counts = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  for (const token of tokenize(text)) {
    const bucket = fnv1a(token) % EMBEDDING_DIMENSIONS;
    counts[bucket] = (counts[bucket] ?? 0) + 1;
  }
  // Sublinear term frequency: a word repeated five times should not drown the query's other words.
  const vector = counts.map((c) => (c > 0 ? 1 + Math.log(c) : 0));
  const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0));
  return norm === 0 ? vector : vector.map((v) => v / norm);
}

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** The usual rule of thumb for English text (about 0.75 words per token). */
export function estimateTokens(text: string): number {
  return Math.ceil(countWords(text) / 0.75);
}

export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function chunkFixed(words: string[], { chunkSize, overlap }: ChunkOptions): string[] {
  const chunks: string[] = [];
  const step = chunkSize - overlap;
  for (let start = 0; start < words.length; start += step) {
    chunks.push(words.slice(start, start + chunkSize).join(' '));
    if (start + chunkSize >= words.length) break;
  }
  return chunks;
}

/** Packs whole sentences up to chunkSize words; overlap carries trailing sentences forward. */
function chunkBySentence(text: string, { chunkSize, overlap }: ChunkOptions): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let currentWords = 0;
  let fresh = 0;
  for (const sentence of splitSentences(text)) {
    const words = countWords(sentence);
    if (fresh > 0 && currentWords + words > chunkSize) {
      chunks.push(current.join(' '));
      const carried: string[] = [];
      let carriedWords = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const w = countWords(current[i] ?? '');
        if (carriedWords + w > overlap) break;
        carried.unshift(current[i] ?? '');
        carriedWords += w;
      }
      current = carried;
      currentWords = carriedWords;
      fresh = 0;
    }
    current.push(sentence);
    currentWords += words;
    fresh++;
  }
  if (fresh > 0) chunks.push(current.join(' '));
  return chunks;
}

export function chunkText(text: string, options: ChunkOptions): string[] {
  if (options.overlap >= options.chunkSize) throw new RangeError('overlap must be smaller than chunkSize');
  return options.strategy === 'fixed'
    ? chunkFixed(text.split(/\s+/).filter(Boolean), options)
    : chunkBySentence(text, options);
}
