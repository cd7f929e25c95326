import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDemoClient, type DemoClient } from '@/tests/helpers/demo-client';
import { resetDemoState } from '../state';

type Passage = { chunkId: string; documentId: string; documentTitle: string; score: number; text: string };
type SearchResult = { resultCount: number; results: Passage[] };
type Answer = { answer: string; confidence: number; citations: Passage[] };

const GARDENING =
  'Tomatoes need at least six hours of direct sunlight every day. Water tomato plants deeply twice a week. ' +
  'Mulch keeps the soil moist and suppresses weeds. Prune suckers so the plant puts its energy into fruit.';

describe('rag demo server', () => {
  let c: DemoClient;
  beforeEach(async () => {
    resetDemoState();
    c = await connectDemoClient('rag');
  });
  afterEach(async () => {
    await c.close();
  });

  it('searches the seeded documents, best match first', async () => {
    const { results } = await c.ok<SearchResult>('rag_search', { query: 'How do I enable WAL mode in SQLite?', topK: 3 });
    expect(results).toHaveLength(3);
    expect(results[0]?.documentTitle).toBe('SQLite WAL mode and concurrency');
    expect(results.map((r) => r.score)).toEqual([...results.map((r) => r.score)].sort((a, b) => b - a));
    const filtered = await c.ok<SearchResult>('rag_search', { query: 'WAL checkpoint', documentIds: ['doc-3'], minScore: 0.99 });
    expect(filtered.results).toEqual([]);
  });

  it('retrieves context within the token budget, with sources', async () => {
    const ctx = await c.ok<{ context: string; tokenEstimate: number; sources: { documentTitle: string }[] }>('rag_retrieve_context', {
      query: 'cosine similarity between vectors',
      maxTokens: 200,
    });
    expect(ctx.tokenEstimate).toBeLessThanOrEqual(200);
    expect(ctx.sources[0]?.documentTitle).toBe('Vector search with cosine similarity');
    expect(ctx.context).toContain('[Vector search with cosine similarity]');
    expect(ctx.context).toMatch(/dot product/);
    const bare = await c.ok<{ context: string }>('rag_retrieve_context', { query: 'cosine similarity', includeSources: false, maxTokens: 100 });
    expect(bare.context).not.toContain('[');
  });

  it('answers from the best passage and cites it', async () => {
    const a = await c.ok<Answer>('rag_answer_question', { question: 'What does a checkpoint do in WAL mode?' });
    expect(a.answer).toMatch(/^According to "SQLite WAL mode and concurrency": A checkpoint copies pages/);
    expect(a.confidence).toBeGreaterThan(0.2);
    expect(a.citations[0]?.chunkId).toBe('doc-2-chunk-1');
    const detailed = await c.ok<Answer>('rag_answer_question', { question: 'What chunk size is common in a RAG pipeline?', style: 'detailed' });
    expect(detailed.answer).toContain('100 to 500 tokens');
  });

  it('says so when the knowledge base has no answer', async () => {
    const a = await c.ok<Answer>('rag_answer_question', { question: 'Who won the football world cup?' });
    expect(a).toMatchObject({ answer: 'The knowledge base does not contain information about this question.', confidence: 0, citations: [] });
  });

  it('ingests a document that is searchable at once', async () => {
    const doc = await c.ok<{ documentId: string; wordCount: number; chunkCount: number; indexed: boolean }>('rag_ingest_document', {
      title: 'Growing tomatoes',
      content: GARDENING,
      tags: ['garden'],
    });
    expect(doc).toMatchObject({ documentId: 'doc-5', indexed: true, chunkCount: 1, wordCount: 36 });
    const { results } = await c.ok<SearchResult>('rag_search', { query: 'how much sunlight do tomatoes need', topK: 1 });
    expect(results[0]?.documentId).toBe('doc-5');
  });

  it('runs the manual pipeline: ingest without indexing, chunk, embed, then search', async () => {
    const { documentId } = await c.ok<{ documentId: string }>('rag_ingest_document', { title: 'Tomatoes', content: GARDENING, autoIndex: false });
    const before = await c.ok<SearchResult>('rag_search', { query: 'tomato sunlight', documentIds: [documentId] });
    expect(before.resultCount).toBe(0);

    const notChunked = await c.call('rag_embed_chunks', { documentId });
    expect(notChunked).toMatchObject({ isError: true });
    expect(notChunked.text).toMatch(/run rag_chunk_document first/);

    const chunked = await c.ok<{ chunkCount: number; chunks: { chunkId: string; wordCount: number }[] }>('rag_chunk_document', {
      documentId,
      chunkSize: 12,
      overlap: 4,
      strategy: 'fixed',
    });
    expect(chunked.chunkCount).toBe(4);
    expect(chunked.chunks.map((ch) => ch.wordCount)).toEqual([12, 12, 12, 12]);

    const partial = await c.ok<{ embedded: number; dimensions: number }>('rag_embed_chunks', { documentId, chunkIds: [`${documentId}-chunk-0`] });
    expect(partial).toMatchObject({ embedded: 1, dimensions: 512 });
    const rest = await c.ok<{ embedded: number; skipped: number }>('rag_embed_chunks', { documentId });
    expect(rest).toMatchObject({ embedded: 3, skipped: 1 });
    const again = await c.ok<{ embedded: number }>('rag_embed_chunks', { documentId, reembed: true });
    expect(again.embedded).toBe(4);

    const after = await c.ok<SearchResult>('rag_search', { query: 'hours of direct sunlight', documentIds: [documentId] });
    expect(after.results[0]?.chunkId).toBe(`${documentId}-chunk-0`);
  });

  it('keeps whole sentences with the sentence strategy', async () => {
    const chunked = await c.ok<{ chunks: { chunkId: string }[] }>('rag_chunk_document', { documentId: 'doc-4', chunkSize: 30 });
    expect(chunked.chunks.length).toBeGreaterThan(3);
    const { results } = await c.ok<SearchResult>('rag_search', { query: 'retrieval', documentIds: ['doc-4'] });
    expect(results).toEqual([]); // re-chunking cleared the embeddings
    await c.ok('rag_embed_chunks', { documentId: 'doc-4' });
    const { results: found } = await c.ok<SearchResult>('rag_search', { query: 'chunking sentence boundaries', documentIds: ['doc-4'] });
    expect(found[0]?.text).toMatch(/^[A-Z].*\.$/);
  });

  it('answers unknown documents and bad chunk settings with isError results', async () => {
    for (const [tool, args] of [
      ['rag_chunk_document', { documentId: 'doc-42' }],
      ['rag_embed_chunks', { documentId: 'doc-42' }],
      ['rag_search', { query: 'x', documentIds: ['doc-42'] }],
      ['rag_retrieve_context', { query: 'x', documentIds: ['doc-42'] }],
      ['rag_answer_question', { question: 'x', documentIds: ['doc-42'] }],
    ] as const) {
      const outcome = await c.call(tool, args);
      expect(outcome.isError, tool).toBe(true);
      expect(outcome.text).toContain("Document 'doc-42' not found");
    }
    const overlap = await c.call('rag_chunk_document', { documentId: 'doc-1', chunkSize: 20, overlap: 20 });
    expect(overlap.isError).toBe(true);
    const badChunk = await c.call('rag_embed_chunks', { documentId: 'doc-1', chunkIds: ['doc-1-chunk-99'] });
    expect(badChunk).toMatchObject({ isError: true, text: "Chunks not found in 'doc-1': doc-1-chunk-99." });
  });
});
