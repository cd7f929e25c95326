import { createYielder } from '@/lib/event-loop';
import type { ToolAction } from '@/lib/text/actions';

/**
 * What a tool acts on, as a vector of general word meaning: the object words of its name and
 * the first clause of its description ("story", "issue"; "iteration", "cycle"), embedded by a
 * model that knows words (the offline word vectors' phraseVectors). action-adjust.ts compares
 * two tools' objects with it when they share a verb but no object word.
 *
 * The vector travels inside the ToolAction (objectVector) so the similarity kernel's workers,
 * which get the actions as JSON, adjust exactly as the request thread does: 8-bit components
 * in base64 (about 136 characters for 100 dimensions; the cosine moves by well under 0.01).
 */

/** The phrase a tool's object is embedded from; empty when the tool names no object. */
export function objectPhrase(action: ToolAction): string {
  return [...new Set([...action.object, ...action.described])].join(' ');
}

/** A unit vector as signed bytes (x 127) in base64; undefined for a zero vector (no known word). */
export function encodeObjectVector(vector: ArrayLike<number>): string | undefined {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
  if (!(norm > 0)) return undefined;
  const scale = 127 / Math.sqrt(norm);
  const bytes = new Int8Array(vector.length);
  for (let i = 0; i < vector.length; i++) bytes[i] = Math.max(-127, Math.min(127, Math.round(vector[i]! * scale)));
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

/** Decodes into `out` (length = dimensions) as a unit vector; false when the encoding does not fit. */
export function decodeObjectVector(encoded: string, out: Float32Array): boolean {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length !== out.length) return false;
  let norm = 0;
  for (let i = 0; i < out.length; i++) {
    const x = (bytes[i]! << 24) >> 24;
    out[i] = x;
    norm += x * x;
  }
  if (!(norm > 0)) return false;
  const inverse = 1 / Math.sqrt(norm);
  for (let i = 0; i < out.length; i++) out[i]! *= inverse;
  return true;
}

/** The length of an encoded vector (its dimensions), or 0. */
export function objectVectorDimensions(encoded: string | undefined): number {
  return encoded ? Buffer.byteLength(encoded, 'base64') : 0;
}

const PHRASES_PER_CALL = 500;

/**
 * The actions with their objects' vectors. Phrases repeat (many tools act on "project"), so
 * each distinct phrase is embedded once; cooperative between batches (lib/event-loop.ts).
 */
export async function withObjectVectors(actions: readonly ToolAction[], phraseVectors: (phrases: string[]) => Promise<Float32Array[]>): Promise<ToolAction[]> {
  const pause = createYielder();
  const phrases = actions.map(objectPhrase);
  const distinct = [...new Set(phrases.filter((p) => p.length > 0))];
  const encoded = new Map<string, string | undefined>();
  for (let at = 0; at < distinct.length; at += PHRASES_PER_CALL) {
    const batch = distinct.slice(at, at + PHRASES_PER_CALL);
    const vectors = await phraseVectors(batch);
    batch.forEach((phrase, k) => encoded.set(phrase, vectors[k] ? encodeObjectVector(vectors[k]) : undefined));
    await pause();
  }
  return actions.map((action, i) => {
    const objectVector = encoded.get(phrases[i]!);
    return objectVector ? { ...action, objectVector } : action;
  });
}
