import 'server-only';
import { getSqlite } from '../client';

/**
 * The embedding cache: vectors keyed by (model, sha256 of the text), stored as float32 BLOBs.
 * Raw prepared statements, because an analysis of thousands of tools looks up and stores
 * thousands of rows at once.
 */

/** SQLite allows 32,766 bound parameters; chunks of 500 keep each statement small and reused (one SQL text per full chunk). */
const LOOKUP_CHUNK = 500;

type CacheRow = { text_hash: string; dimensions: number; vector: Buffer };

/** The cached vectors of `model` among `textHashes` (a missing hash is simply absent from the map). */
export async function findCachedEmbeddings(model: string, textHashes: readonly string[]): Promise<Map<string, Float32Array>> {
  const sqlite = getSqlite();
  const found = new Map<string, Float32Array>();
  for (let start = 0; start < textHashes.length; start += LOOKUP_CHUNK) {
    const chunk = textHashes.slice(start, start + LOOKUP_CHUNK);
    const sql = `select text_hash, dimensions, vector from embedding_cache where model = ? and text_hash in (${chunk.map(() => '?').join(',')})`;
    for (const row of sqlite.prepare<string[], CacheRow>(sql).all(model, ...chunk)) {
      found.set(row.text_hash, toFloat32(row.vector, row.dimensions));
    }
  }
  return found;
}

/** Stores (or replaces) vectors of `model`, all in one transaction. */
export async function saveCachedEmbeddings(model: string, entries: readonly { textHash: string; vector: Float32Array }[]): Promise<void> {
  if (entries.length === 0) return;
  const sqlite = getSqlite();
  const insert = sqlite.prepare<[string, string, number, Buffer]>(
    `insert into embedding_cache (model, text_hash, dimensions, vector) values (?, ?, ?, ?)
     on conflict (model, text_hash) do update set dimensions = excluded.dimensions, vector = excluded.vector`,
  );
  sqlite.transaction(() => {
    for (const { textHash, vector } of entries) {
      insert.run(model, textHash, vector.length, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
    }
  })();
}

/** How many vectors are cached for `model` (for diagnostics and tests). */
export async function countCachedEmbeddings(model: string): Promise<number> {
  return getSqlite().prepare<[string], number>('select count(*) from embedding_cache where model = ?').pluck().get(model) ?? 0;
}

/** A copy into its own aligned buffer: the BLOB's bytes may sit at any offset of a shared one. */
function toFloat32(blob: Buffer, dimensions: number): Float32Array {
  const out = new Float32Array(dimensions);
  new Uint8Array(out.buffer).set(blob.subarray(0, dimensions * 4));
  return out;
}
