import os from 'node:os';
import path from 'node:path';

/**
 * The converted word vectors, kept across test files and runs: converting takes about 3 s and
 * several hundred MB once, and every test file has its own DATA_DIR. Files that need the real
 * vectors point WORD_VECTORS_FILE here (the file lock in word-vectors.ts serialises the first
 * conversion when several test workers start together).
 */
export const SHARED_WORD_VECTORS_FILE = path.join(os.tmpdir(), 'mcp-eval-similarity-test', 'wink-sg-100d.bin');

export function useSharedWordVectors(): void {
  process.env.WORD_VECTORS_FILE = SHARED_WORD_VECTORS_FILE;
}
