import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { yieldToEventLoop } from '@/lib/event-loop';
import { buildIndex, type WordVectorTable } from './word-vector-table';

/**
 * The compact on-disk form of a word-vector table, one file so that one atomic rename
 * publishes it whole:
 *
 *   "WVEC0001" | uint32 LE header length | header JSON (utf8) | pad to 4
 *   vocabulary: words joined by "\n" (utf8) | pad to 4
 *   ranks: uint32 LE x count | vectors: float32 LE x count x dimensions
 *
 * Loading is one read plus typed-array views over the same buffer (no copy, no parsing of
 * numbers), which is what keeps it far under a second.
 */
const MAGIC = 'WVEC0001';

export type WordVectorFileHeader = {
  dimensions: number;
  count: number;
  vocabularyBytes: number;
  /** What the file was converted from, so a changed source triggers a new conversion. */
  source: string;
};

const align4 = (n: number) => (n + 3) & ~3;

export function encodeWordVectors(words: readonly string[], ranks: Uint32Array, vectors: Float32Array, dimensions: number, source: string): Buffer {
  const vocabulary = Buffer.from(words.join('\n'), 'utf8');
  const header: WordVectorFileHeader = { dimensions, count: words.length, vocabularyBytes: vocabulary.length, source };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const headerEnd = align4(MAGIC.length + 4 + headerBytes.length);
  const vocabularyEnd = align4(headerEnd + vocabulary.length);
  const out = Buffer.alloc(vocabularyEnd + ranks.byteLength + vectors.byteLength);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(headerBytes.length, MAGIC.length);
  headerBytes.copy(out, MAGIC.length + 4);
  vocabulary.copy(out, headerEnd);
  Buffer.from(ranks.buffer, ranks.byteOffset, ranks.byteLength).copy(out, vocabularyEnd);
  Buffer.from(vectors.buffer, vectors.byteOffset, vectors.byteLength).copy(out, vocabularyEnd + ranks.byteLength);
  return out;
}

/** Writes beside the target and renames: a crash mid-write leaves a stray temp file, never a broken table. */
export function writeFileAtomically(file: string, data: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  try {
    fs.writeFileSync(temp, data);
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

export function readWordVectorHeader(buffer: Buffer): { header: WordVectorFileHeader; headerEnd: number } | null {
  if (buffer.length < MAGIC.length + 4 || buffer.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
  const length = buffer.readUInt32LE(MAGIC.length);
  const start = MAGIC.length + 4;
  if (start + length > buffer.length) return null;
  try {
    const header = JSON.parse(buffer.toString('utf8', start, start + length)) as WordVectorFileHeader;
    return { header, headerEnd: align4(start + length) };
  } catch {
    return null;
  }
}

type ParsedFile = { header: WordVectorFileHeader; words: string[]; bytes: Uint8Array; vocabularyEnd: number; vectorsStart: number };

function parseWordVectorFile(buffer: Buffer, expectedSource: string | null): ParsedFile | null {
  const parsed = readWordVectorHeader(buffer);
  if (!parsed || (expectedSource !== null && parsed.header.source !== expectedSource)) return null;
  const { header, headerEnd } = parsed;
  const vocabularyEnd = align4(headerEnd + header.vocabularyBytes);
  const vectorsStart = vocabularyEnd + header.count * 4;
  if (buffer.length !== vectorsStart + header.count * header.dimensions * 4) return null;
  const words = buffer.toString('utf8', headerEnd, headerEnd + header.vocabularyBytes).split('\n');
  if (words.length !== header.count) return null;
  // A fresh ArrayBuffer holds big files from readFileSync, but small ones may sit in the shared pool at any offset.
  const bytes: Uint8Array = buffer.byteOffset % 4 === 0 ? buffer : new Uint8Array(buffer);
  return { header, words, bytes, vocabularyEnd, vectorsStart };
}

function toTable({ header, bytes, vocabularyEnd, vectorsStart }: ParsedFile, index: Map<string, number>): WordVectorTable {
  return {
    dimensions: header.dimensions,
    index,
    ranks: new Uint32Array(bytes.buffer, bytes.byteOffset + vocabularyEnd, header.count),
    vectors: new Float32Array(bytes.buffer, bytes.byteOffset + vectorsStart, header.count * header.dimensions),
  };
}

/** The table in `file`, or null when the file is missing, foreign, truncated or from another source (null: any source). */
export function readWordVectors(file: string, expectedSource: string | null): WordVectorTable | null {
  let buffer: Buffer;
  try {
    buffer = fs.readFileSync(file);
  } catch {
    return null;
  }
  const parsed = parseWordVectorFile(buffer, expectedSource);
  return parsed && toTable(parsed, buildIndex(parsed.words));
}

const INDEX_CHUNK = 10_000;

/**
 * readWordVectors without holding the request thread: the 41 MB read happens off it and the
 * 100,000-word index is built in chunks with a macrotask turn between them (the whole load
 * was one 65-160 ms block, the first local run of a batch included).
 */
export async function readWordVectorsAsync(file: string, expectedSource: string | null): Promise<WordVectorTable | null> {
  let buffer: Buffer;
  try {
    buffer = await fs.promises.readFile(file);
  } catch {
    return null;
  }
  await yieldToEventLoop();
  const parsed = parseWordVectorFile(buffer, expectedSource);
  if (!parsed) return null;
  const index = new Map<string, number>();
  for (let start = 0; start < parsed.words.length; start += INDEX_CHUNK) {
    await yieldToEventLoop();
    const end = Math.min(parsed.words.length, start + INDEX_CHUNK);
    for (let i = start; i < end; i++) index.set(parsed.words[i] as string, i);
  }
  return toTable(parsed, index);
}
