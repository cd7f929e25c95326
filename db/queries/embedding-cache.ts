import 'server-only';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
// eslint-disable-next-line no-restricted-imports -- SQLite fast path, used only when not on Postgres (one synchronous step behind the gate)
import { getDb, getSqlite } from '../client';
import { isPostgres } from '../dialect';
import { run } from '../sql';
import { embeddingCache } from '../tables';
import { withTransaction } from '../transaction';

/**
 * The embedding cache: vectors keyed by (model, sha256 of the text), stored as float32 bytes
 * (a SQLite BLOB, a Postgres bytea). An analysis of thousands of tools looks up and stores
 * thousands of rows at once, in chunks: on Postgres a chunk is one statement bound as arrays
 * (= ANY, unnest), which took 5,000 lookups from ~0.7 s to ~0.1 s and 5,000 stores from ~3.2 s
 * to ~0.3 s against one bound value per key; on SQLite a store is a prepared statement per row.
 */

/** Keys per lookup and rows per INSERT: far below either dialect's bound-parameter limit, and one SQL text per full chunk. */
const CHUNK = 500;

/** The cached vectors of `model` among `textHashes` (a missing hash is simply absent from the map). */
export async function findCachedEmbeddings(model: string, textHashes: readonly string[]): Promise<Map<string, Float32Array>> {
  const found = new Map<string, Float32Array>();
  for (let start = 0; start < textHashes.length; start += CHUNK) {
    const rows = await getDb()
      .select({ textHash: embeddingCache.textHash, dimensions: embeddingCache.dimensions, vector: embeddingCache.vector })
      .from(embeddingCache)
      .where(and(eq(embeddingCache.model, model), hashIn(textHashes.slice(start, start + CHUNK))));
    for (const row of rows) found.set(row.textHash, toFloat32(row.vector, row.dimensions));
  }
  return found;
}

/**
 * Stores (or replaces) vectors of `model`, all in one transaction, in hash order: two analyses
 * storing overlapping texts at once lock their rows in the same order (no deadlock on Postgres).
 */
export async function saveCachedEmbeddings(model: string, entries: readonly { textHash: string; vector: Float32Array }[]): Promise<void> {
  if (entries.length === 0) return;
  const sorted = [...entries].sort((a, b) => (a.textHash < b.textHash ? -1 : a.textHash > b.textHash ? 1 : 0));
  await withTransaction(async () => {
    for (let start = 0; start < sorted.length; start += CHUNK) {
      const chunk = sorted.slice(start, start + CHUNK);
      if (isPostgres()) await savePostgres(model, chunk);
      else saveSqlite(model, chunk);
    }
  });
}

function hashIn(hashes: string[]) {
  return isPostgres() ? sql`${embeddingCache.textHash} = any(${sql.param(hashes)}::text[])` : inArray(embeddingCache.textHash, hashes);
}

const bytesOf = (vector: Float32Array): Buffer => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

/** One prepared statement row by row, inside withTransaction's BEGIN IMMEDIATE: 3-5x faster than a 500-row INSERT through drizzle. */
function saveSqlite(model: string, entries: readonly { textHash: string; vector: Float32Array }[]): void {
  const insert = getSqlite().prepare<[string, string, number, Buffer]>(
    `insert into embedding_cache (model, text_hash, dimensions, vector) values (?, ?, ?, ?)
     on conflict (model, text_hash) do update set dimensions = excluded.dimensions, vector = excluded.vector`,
  );
  for (const { textHash, vector } of entries) insert.run(model, textHash, vector.length, bytesOf(vector));
}

async function savePostgres(model: string, entries: readonly { textHash: string; vector: Float32Array }[]): Promise<void> {
  await run(sql`insert into embedding_cache (model, text_hash, dimensions, vector)
    select ${model}, u.text_hash, u.dimensions, u.vector
      from unnest(${sql.param(entries.map((e) => e.textHash))}::text[], ${sql.param(entries.map((e) => e.vector.length))}::int[], ${sql.param(entries.map((e) => bytesOf(e.vector)))}::bytea[])
        as u(text_hash, dimensions, vector)
    on conflict (model, text_hash) do update set dimensions = excluded.dimensions, vector = excluded.vector`);
}

/** How many vectors are cached for `model` (for diagnostics and tests). */
export async function countCachedEmbeddings(model: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(embeddingCache).where(eq(embeddingCache.model, model));
  return row?.n ?? 0;
}

/** A copy into its own aligned buffer: the stored bytes may sit at any offset of a shared one. */
function toFloat32(blob: Buffer, dimensions: number): Float32Array {
  const out = new Float32Array(dimensions);
  new Uint8Array(out.buffer).set(blob.subarray(0, dimensions * 4));
  return out;
}
