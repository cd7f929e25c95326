import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { countWords, EMBEDDING_DIMENSIONS, EMBEDDING_MODEL, estimateTokens, splitSentences, tokenize } from '../data/rag-index';
import {
  addDocument,
  chunkDocument,
  DEFAULT_CHUNK_OPTIONS,
  embedChunks,
  rankChunks,
  roundScore,
  type ScoredChunk,
} from '../data/rag-store';
import { errorResult, jsonResult } from '../result';
import { getDemoState, type RagStore } from '../state';
import type { DemoServerDefinition } from '../types';

// The six tool descriptions overlap on purpose (search / retrieve / answer all "find relevant
// passages"): the harness exists to measure how often models confuse tools like these.

const documentIdsParam = z
  .array(z.string())
  .min(1)
  .optional()
  .describe('Restrict to these document ids (e.g. ["doc-1"]). Default: the whole knowledge base.');

function unknownDocument(store: RagStore, id: string) {
  const known = [...store.documents.keys()].join(', ') || 'none';
  return errorResult(`Document '${id}' not found. Known documents: ${known}.`);
}

function unknownDocuments(store: RagStore, ids: string[] | undefined) {
  const missing = ids?.find((id) => !store.documents.has(id));
  return missing === undefined ? undefined : unknownDocument(store, missing);
}

function passage({ chunk, document, score }: ScoredChunk) {
  return { chunkId: chunk.id, documentId: document.id, documentTitle: document.title, score: roundScore(score), text: chunk.text };
}

/** Passages that share a real word with the question, so hash collisions alone never yield an answer. */
function answerablePassages(question: string, hits: ScoredChunk[]): ScoredChunk[] {
  const questionTokens = new Set(tokenize(question));
  return hits.filter((hit) => tokenize(hit.chunk.text).some((t) => questionTokens.has(t)));
}

/** The sentences of the best passages sharing most words with the question: a stand-in for generation. */
function bestSentences(question: string, hits: ScoredChunk[], count: number): string[] {
  const questionTokens = new Set(tokenize(question));
  return hits
    .flatMap((hit) => splitSentences(hit.chunk.text).map((sentence, i) => ({ sentence, hit, i })))
    .map((s) => ({ ...s, overlap: tokenize(s.sentence).filter((t) => questionTokens.has(t)).length }))
    .filter((s) => s.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap || b.hit.score - a.hit.score || a.i - b.i)
    .slice(0, count)
    .map((s) => s.sentence);
}

function registerIngest(server: McpServer) {
  server.registerTool(
    'rag_ingest_document',
    {
      title: 'Ingest document',
      description:
        'Add a new document to the knowledge base. Stores the full text with its title, source and tags and, ' +
        'unless autoIndex is false, also chunks and embeds it so it can be searched right away. Use this when ' +
        'the user provides text, notes or an article that should be available for later questions.',
      inputSchema: {
        title: z.string().min(1).max(200).describe('Human-readable document title'),
        content: z.string().min(1).max(200_000).describe('Full plain-text content of the document'),
        source: z.string().max(500).optional().describe('Where the text came from: a URL or file name'),
        tags: z.array(z.string().min(1)).max(20).optional().describe('Labels for grouping documents, e.g. ["hr", "policy"]'),
        autoIndex: z
          .boolean()
          .default(true)
          .describe('Chunk and embed with default settings right away. Set false to run rag_chunk_document and rag_embed_chunks yourself.'),
      },
    },
    ({ title, content, source, tags, autoIndex }) => {
      const store = getDemoState().rag;
      const doc = addDocument(store, { title, content, ...(source !== undefined ? { source } : {}), ...(tags ? { tags } : {}) });
      let chunkCount = 0;
      if (autoIndex) {
        chunkCount = chunkDocument(store, doc.id, DEFAULT_CHUNK_OPTIONS).length;
        embedChunks(store, doc.id);
      }
      return jsonResult({ documentId: doc.id, title: doc.title, wordCount: countWords(content), chunkCount, indexed: autoIndex });
    },
  );
}

function registerChunk(server: McpServer) {
  server.registerTool(
    'rag_chunk_document',
    {
      title: 'Chunk document',
      description:
        'Split a document that is already in the knowledge base into smaller passages (chunks) for indexing. ' +
        'Re-chunking replaces the previous chunks and clears their embeddings, so run rag_embed_chunks ' +
        'afterwards to make the document searchable again.',
      inputSchema: {
        documentId: z.string().min(1).describe('Id of an ingested document, e.g. "doc-1"'),
        chunkSize: z.number().int().min(10).max(1000).default(60).describe('Target chunk length in words'),
        overlap: z.number().int().min(0).max(500).default(0).describe('Words repeated between consecutive chunks; must be smaller than chunkSize'),
        strategy: z
          .enum(['sentence', 'fixed'])
          .default('sentence')
          .describe('"sentence" keeps sentences whole; "fixed" cuts at exact word counts'),
      },
    },
    ({ documentId, chunkSize, overlap, strategy }) => {
      const store = getDemoState().rag;
      if (!store.documents.has(documentId)) return unknownDocument(store, documentId);
      if (overlap >= chunkSize) return errorResult(`overlap (${overlap}) must be smaller than chunkSize (${chunkSize}).`);
      const chunks = chunkDocument(store, documentId, { chunkSize, overlap, strategy });
      return jsonResult({
        documentId,
        strategy,
        chunkCount: chunks.length,
        chunks: chunks.map((c) => ({ chunkId: c.id, index: c.index, wordCount: countWords(c.text), preview: c.text.slice(0, 80) })),
      });
    },
  );
}

function registerEmbed(server: McpServer) {
  server.registerTool(
    'rag_embed_chunks',
    {
      title: 'Embed chunks',
      description:
        "Compute vector embeddings for a document's chunks and add them to the search index. Only embedded " +
        'chunks are found by rag_search, rag_retrieve_context and rag_answer_question.',
      inputSchema: {
        documentId: z.string().min(1).describe('Id of the document whose chunks to embed, e.g. "doc-1"'),
        chunkIds: z.array(z.string()).min(1).optional().describe('Only these chunks. Default: every chunk of the document'),
        reembed: z.boolean().default(false).describe('Recompute embeddings that already exist'),
      },
    },
    ({ documentId, chunkIds, reembed }) => {
      const store = getDemoState().rag;
      if (!store.documents.has(documentId)) return unknownDocument(store, documentId);
      const chunks = store.chunks.get(documentId) ?? [];
      if (chunks.length === 0) return errorResult(`Document '${documentId}' has no chunks; run rag_chunk_document first.`);
      const unknown = chunkIds?.filter((id) => !chunks.some((c) => c.id === id)) ?? [];
      if (unknown.length > 0) return errorResult(`Chunks not found in '${documentId}': ${unknown.join(', ')}.`);
      const counts = embedChunks(store, documentId, { ...(chunkIds ? { chunkIds } : {}), reembed });
      return jsonResult({ documentId, ...counts, model: EMBEDDING_MODEL, dimensions: EMBEDDING_DIMENSIONS });
    },
  );
}

function registerSearch(server: McpServer) {
  server.registerTool(
    'rag_search',
    {
      title: 'Search knowledge base',
      description:
        'Search the knowledge base for passages relevant to a query. Returns the top matching chunks ranked by ' +
        'semantic similarity, each with its score, document title and chunk id. Use this to find where a ' +
        'topic is discussed in the stored documents.',
      inputSchema: {
        query: z.string().min(1).describe('What to look for, in natural language or keywords'),
        topK: z.number().int().min(1).max(50).default(5).describe('Maximum number of passages to return'),
        minScore: z.number().min(0).max(1).default(0).describe('Drop passages with a cosine similarity below this'),
        documentIds: documentIdsParam,
      },
    },
    ({ query, topK, minScore, documentIds }) => {
      const store = getDemoState().rag;
      const missing = unknownDocuments(store, documentIds);
      if (missing) return missing;
      const hits = rankChunks(store, query, { minScore, ...(documentIds ? { documentIds } : {}) }).slice(0, topK);
      return jsonResult({ query, resultCount: hits.length, results: hits.map(passage) });
    },
  );
}

function registerRetrieve(server: McpServer) {
  server.registerTool(
    'rag_retrieve_context',
    {
      title: 'Retrieve context',
      description:
        'Retrieve relevant context from the knowledge base for a query, as one block of text ready to put into ' +
        'a prompt. Collects the best matching passages in order of relevance until the token budget is used. ' +
        'Use this to ground a response in the stored documents.',
      inputSchema: {
        query: z.string().min(1).describe('The topic or question the context should cover'),
        maxTokens: z.number().int().min(50).max(8000).default(400).describe('Token budget for the returned context'),
        includeSources: z.boolean().default(true).describe('Prefix each passage with its document title'),
        documentIds: documentIdsParam,
      },
    },
    ({ query, maxTokens, includeSources, documentIds }) => {
      const store = getDemoState().rag;
      const missing = unknownDocuments(store, documentIds);
      if (missing) return missing;
      const parts: string[] = [];
      const sources: { chunkId: string; documentTitle: string; score: number }[] = [];
      let tokens = 0;
      for (const hit of rankChunks(store, query, documentIds ? { documentIds } : {})) {
        const text = includeSources ? `[${hit.document.title}] ${hit.chunk.text}` : hit.chunk.text;
        const cost = estimateTokens(text);
        if (tokens + cost > maxTokens) break;
        parts.push(text);
        sources.push({ chunkId: hit.chunk.id, documentTitle: hit.document.title, score: roundScore(hit.score) });
        tokens += cost;
      }
      return jsonResult({ query, context: parts.join('\n\n'), tokenEstimate: tokens, sources });
    },
  );
}

function registerAnswer(server: McpServer) {
  server.registerTool(
    'rag_answer_question',
    {
      title: 'Answer question',
      description:
        'Answer a question using the documents in the knowledge base. Finds the most relevant passages and ' +
        'returns an answer built from them, with citations. Use this when the user asks a question that the ' +
        'stored documents should answer.',
      inputSchema: {
        question: z.string().min(1).describe('The question to answer'),
        topK: z.number().int().min(1).max(10).default(3).describe('How many passages to base the answer on'),
        style: z.enum(['concise', 'detailed']).default('concise').describe('"concise": one sentence; "detailed": several'),
        documentIds: documentIdsParam,
      },
    },
    ({ question, topK, style, documentIds }) => {
      const store = getDemoState().rag;
      const missing = unknownDocuments(store, documentIds);
      if (missing) return missing;
      const ranked = rankChunks(store, question, { minScore: 0.1, ...(documentIds ? { documentIds } : {}) });
      const hits = answerablePassages(question, ranked).slice(0, topK);
      const top = hits[0];
      if (!top) {
        return jsonResult({ question, answer: 'The knowledge base does not contain information about this question.', confidence: 0, citations: [] });
      }
      const sentences = bestSentences(question, hits, style === 'concise' ? 1 : 3);
      return jsonResult({
        question,
        answer: `According to "${top.document.title}": ${sentences.join(' ')}`,
        confidence: roundScore(top.score),
        citations: hits.map(passage),
      });
    },
  );
}

export const ragServer: DemoServerDefinition = {
  id: 'rag',
  title: 'RAG pipeline',
  description:
    'A retrieval-augmented generation pipeline over an in-memory knowledge base: ingest, chunk, embed, search, ' +
    'retrieve context and answer questions. Seeded with documents about MCP, SQLite, vector search and RAG.',
  register(server) {
    registerIngest(server);
    registerChunk(server);
    registerEmbed(server);
    registerSearch(server);
    registerRetrieve(server);
    registerAnswer(server);
  },
};
