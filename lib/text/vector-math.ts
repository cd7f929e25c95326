/** Scales `vector` to unit length in place; a zero vector stays zero (it has no direction). */
export function normalizeInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  if (sum === 0 || !Number.isFinite(sum)) {
    vector.fill(0);
    return vector;
  }
  const scale = 1 / Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i]! *= scale;
  return vector;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** Euclidean length of a dense vector. */
export function norm(vector: Float32Array): number {
  return Math.sqrt(dot(vector, vector));
}

/** A sparse vector keyed by term (a word, a stem): term frequencies or TF-IDF weights. */
export type TermVector = ReadonlyMap<string, number>;

/** Euclidean length of a term vector. */
export function termNorm(vector: TermVector): number {
  return Math.sqrt([...vector.values()].reduce((sum, w) => sum + w * w, 0));
}

/** Cosine of two term vectors; 0 when they share no term (so also when either is empty). */
export function termCosine(a: TermVector, b: TermVector): number {
  let product = 0;
  for (const [term, w] of a) product += w * (b.get(term) ?? 0);
  if (product === 0) return 0;
  return product / (termNorm(a) * termNorm(b));
}

/** A sparse vector over numbered terms: `terms` ascending, `weights[p]` the weight of `terms[p]`. */
export type SparseVector = { terms: Int32Array; weights: Float32Array };

/** Dot product of two sparse vectors by a merge of their ascending term lists. */
export function sparseDot(a: SparseVector, b: SparseVector): number {
  let p = 0;
  let q = 0;
  let sum = 0;
  while (p < a.terms.length && q < b.terms.length) {
    const ta = a.terms[p]!;
    const tb = b.terms[q]!;
    if (ta === tb) sum += a.weights[p++]! * b.weights[q++]!;
    else if (ta < tb) p++;
    else q++;
  }
  return sum;
}
