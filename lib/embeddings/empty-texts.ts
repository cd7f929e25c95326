/**
 * A text with no content (empty or whitespace) has no meaning to place, so every provider
 * returns a zero vector for it without asking the model (OpenAI rejects empty inputs outright).
 * A zero vector has cosine 0 with everything, so such a tool is never flagged as a duplicate.
 */
export async function embedNonEmpty(
  texts: readonly string[],
  dimensions: number,
  embed: (nonEmpty: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const positions: number[] = [];
  const nonEmpty: string[] = [];
  texts.forEach((text, i) => {
    if (text.trim().length === 0) return;
    positions.push(i);
    nonEmpty.push(text);
  });
  const vectors = nonEmpty.length > 0 ? await embed(nonEmpty) : [];
  if (vectors.length !== nonEmpty.length) throw new Error(`Embedding model returned ${vectors.length} vectors for ${nonEmpty.length} texts`);
  const out: Float32Array[] = texts.map(() => new Float32Array(dimensions));
  positions.forEach((position, i) => {
    out[position] = vectors[i] ?? new Float32Array(dimensions);
  });
  return out;
}
