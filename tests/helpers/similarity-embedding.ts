import { createHash } from 'node:crypto';
import { tokenize } from '@/lib/text/tokenize';
import { calibrate } from '@/lib/embeddings/calibration';
import type { EmbeddingBackend } from '@/lib/similarity/embedding-backend';
import type { Calibration, EmbeddingChoice, EmbeddingProvider } from '@/lib/embeddings/types';

/**
 * A small deterministic embedding model for tests: feature-hashed bag of word stems
 * (sublinear counts), L2-normalised. Texts with no word get a zero vector, as the real
 * providers promise. Its calibration is not the identity, so calibrated scores are tested.
 */

export const HASHED_MODEL = 'test/hashed-bag-of-words';
export const HASHED_DIMENSIONS = 256;
export const HASHED_CALIBRATION: Calibration = {
  anchors: [
    [-1, 0],
    [0, 0.3],
    [0.6, 0.85],
    [1, 1],
  ],
  derivation: 'test fixture',
};

function bucket(word: string): { index: number; sign: number } {
  const digest = createHash('md5').update(word).digest();
  return { index: digest.readUInt16LE(0) % HASHED_DIMENSIONS, sign: digest[2]! & 1 ? 1 : -1 };
}

export function embedHashed(text: string): Float32Array {
  const counts = new Map<string, number>();
  for (const w of tokenize(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const v = new Float32Array(HASHED_DIMENSIONS);
  for (const [word, count] of counts) {
    const { index, sign } = bucket(word);
    v[index]! += sign * (1 + Math.log(count));
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= Math.sqrt(norm);
  return v;
}

export type CountingProvider = EmbeddingProvider & { calls: string[][] };

export function createHashedProvider(): CountingProvider {
  const calls: string[][] = [];
  return {
    model: HASHED_MODEL,
    kind: 'word-vectors',
    dimensions: HASHED_DIMENSIONS,
    calibration: HASHED_CALIBRATION,
    calls,
    embed: async (texts) => {
      calls.push([...texts]);
      return texts.map(embedHashed);
    },
  };
}

/** An EmbeddingBackend over one provider, without the SQLite cache (pure unit tests). */
export function backendFor(provider: EmbeddingProvider, reason = 'test provider'): EmbeddingBackend {
  const choice: EmbeddingChoice = { provider, reason };
  return {
    resolve: async () => choice,
    embed: (p, texts, options) => p.embed(texts, options),
    calibrate,
  };
}

/** One provider per test file, shared by the mocked registry so tests can count embed calls. */
export const sharedHashedProvider = createHashedProvider();

type RegistryModule = typeof import('@/lib/embeddings/registry');

/**
 * For `vi.mock('@/lib/embeddings/registry', ...)`: every model resolves to the
 * hashed provider, but unknown names still fail through the real toEmbeddingModelId (400).
 */
export function hashedRegistry(actual: RegistryModule): RegistryModule {
  return {
    ...actual,
    resolveEmbeddingModel: async (requested) => {
      if (requested !== undefined && requested !== HASHED_MODEL) actual.toEmbeddingModelId(requested);
      return { provider: sharedHashedProvider, reason: requested ? `${requested} stood in for by ${HASHED_MODEL}` : `test default ${HASHED_MODEL}` };
    },
  };
}
