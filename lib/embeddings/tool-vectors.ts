import { humanizeName } from '@/lib/text/tokenize';
import { norm, normalizeInPlace } from '@/lib/text/vector-math';

/**
 * A tool's embedding is a weighted mix of two embeddings: its name read as words
 * ("list_directory_with_sizes" -> "list directory with sizes") and its description. The name
 * is what a model reads first and what tool designers keep consistent across a server
 * ("list_todos" and "search_todos"), while averaged description vectors blur long texts
 * together (a description carrying a schema summary sat close to everything).
 *
 * NAME_WEIGHT was chosen on the hand-labeled pairs of tests/similarity-labeled.test.ts
 * (demo, filesystem and memory servers) with the wink word vectors: description alone gave a
 * separation of -0.18 (a differing pair above the lowest confusable pair), name weight 0.3
 * +0.16, 0.4 +0.25, 0.5 +0.21, 0.6 +0.09; at 0.4 the calibrated model also flags the fewest
 * pairs of those servers that no one labeled (54 of 780 instead of 92). The calibration of
 * every model is measured on these mixed vectors (derive-calibration.ts).
 */
export const NAME_WEIGHT = 0.4;

export function nameText(tool: { name: string }): string {
  return humanizeName(tool.name);
}

/**
 * Unit vector of NAME_WEIGHT x name + (1 - NAME_WEIGHT) x text, each scaled to unit length
 * first. A text the model knows nothing of (a zero vector) stays zero, name or not: a tool is
 * never compared on its name alone, and a zero vector is never flagged (cosine 0 with
 * everything). A name of unknown words (or another size) leaves the text's direction.
 */
export function mixNameVector(name: Float32Array, text: Float32Array): Float32Array {
  const out = new Float32Array(text.length);
  const textNorm = norm(text);
  if (textNorm === 0) return out;
  const nameNorm = name.length === text.length ? norm(name) : 0;
  const nameScale = nameNorm === 0 ? 0 : NAME_WEIGHT / nameNorm;
  const textScale = (1 - NAME_WEIGHT) / textNorm;
  for (let i = 0; i < out.length; i++) out[i] = nameScale * (name[i] ?? 0) + textScale * text[i]!;
  return normalizeInPlace(out);
}
