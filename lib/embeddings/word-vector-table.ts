/**
 * A word-vector vocabulary in memory: word -> row of `vectors` (row-major, `dimensions`
 * floats each), and the word's frequency rank in the source corpus (1 = most frequent), which
 * the sentence embedding turns into a weight.
 */
export type WordVectorTable = {
  dimensions: number;
  index: Map<string, number>;
  ranks: Uint32Array;
  vectors: Float32Array;
};

export function buildIndex(words: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  words.forEach((word, i) => index.set(word, i));
  return index;
}
