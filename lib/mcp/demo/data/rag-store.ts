import type { RagChunk, RagDocument, RagStore } from '../state';
import { chunkText, cosine, embedText, type ChunkOptions } from './rag-index';

export const DEFAULT_CHUNK_OPTIONS: ChunkOptions = { chunkSize: 60, overlap: 0, strategy: 'sentence' };

export type ScoredChunk = { chunk: RagChunk; document: RagDocument; score: number };

export function addDocument(
  store: RagStore,
  input: { title: string; content: string; source?: string; tags?: string[]; ingestedAt?: string },
): RagDocument {
  const doc: RagDocument = {
    id: `doc-${store.nextId++}`,
    title: input.title,
    content: input.content,
    ...(input.source !== undefined ? { source: input.source } : {}),
    tags: input.tags ?? [],
    ingestedAt: input.ingestedAt ?? new Date().toISOString(),
  };
  store.documents.set(doc.id, doc);
  store.chunks.set(doc.id, []);
  return doc;
}

/** Replaces the document's chunks; their embeddings go with them. */
export function chunkDocument(store: RagStore, documentId: string, options: ChunkOptions): RagChunk[] {
  const doc = store.documents.get(documentId);
  if (!doc) return [];
  const chunks = chunkText(doc.content, options).map((text, index) => ({
    id: `${documentId}-chunk-${index}`,
    documentId,
    index,
    text,
  }));
  store.chunks.set(documentId, chunks);
  return chunks;
}

export function embedChunks(
  store: RagStore,
  documentId: string,
  options: { chunkIds?: string[]; reembed?: boolean } = {},
): { embedded: number; skipped: number } {
  const wanted = options.chunkIds ? new Set(options.chunkIds) : undefined;
  let embedded = 0;
  let skipped = 0;
  for (const chunk of store.chunks.get(documentId) ?? []) {
    if (wanted && !wanted.has(chunk.id)) continue;
    if (chunk.embedding && !options.reembed) {
      skipped++;
      continue;
    }
    chunk.embedding = embedText(chunk.text);
    embedded++;
  }
  return { embedded, skipped };
}

/** Only embedded chunks are searchable, as in a real index. */
export function rankChunks(
  store: RagStore,
  query: string,
  options: { documentIds?: string[]; minScore?: number } = {},
): ScoredChunk[] {
  const queryVector = embedText(query);
  const scored: ScoredChunk[] = [];
  for (const [documentId, chunks] of store.chunks) {
    if (options.documentIds && !options.documentIds.includes(documentId)) continue;
    const document = store.documents.get(documentId);
    if (!document) continue;
    for (const chunk of chunks) {
      if (!chunk.embedding) continue;
      const score = cosine(queryVector, chunk.embedding);
      if (score > 0 && score >= (options.minScore ?? 0)) scored.push({ chunk, document, score });
    }
  }
  return scored.sort((a, b) => b.score - a.score);
}

export function roundScore(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
