/** Documents the rag demo starts with, so search and answers work on a fresh install. */
export const SEED_DOCUMENTS: readonly { title: string; source: string; tags: string[]; content: string }[] = [
  {
    title: 'Model Context Protocol overview',
    source: 'https://modelcontextprotocol.io/introduction',
    tags: ['mcp', 'protocol'],
    content:
      'The Model Context Protocol (MCP) is an open protocol that standardizes how applications provide context ' +
      'and tools to large language models. An MCP server exposes tools, resources and prompts; an MCP client ' +
      'inside the host application connects to one or more servers. Messages are JSON-RPC 2.0. ' +
      'Servers can be reached over stdio, where the client spawns the server as a child process, or over HTTP. ' +
      'The streamable HTTP transport sends each client message as an HTTP POST and may answer with JSON or an ' +
      'event stream. The older HTTP+SSE transport keeps a server-sent events stream open and receives client ' +
      'messages on a separate POST endpoint announced in an endpoint event. ' +
      'Every session starts with an initialize handshake in which client and server agree on a protocol ' +
      'version and exchange capabilities. Tools are listed with tools/list and invoked with tools/call; each ' +
      'tool has a name, a description and a JSON Schema for its input. Clear, distinct tool descriptions help ' +
      'a model choose the right tool.',
  },
  {
    title: 'SQLite WAL mode and concurrency',
    source: 'https://sqlite.org/wal.html',
    tags: ['sqlite', 'database'],
    content:
      'SQLite is an embedded relational database stored in a single file. By default it uses a rollback ' +
      'journal, but write-ahead logging (WAL) mode usually performs better for applications with concurrent ' +
      'readers. In WAL mode, changes are appended to a separate WAL file and readers continue to see a ' +
      'consistent snapshot while a writer commits. There is still only one writer at a time. ' +
      'A checkpoint copies pages from the WAL file back into the main database file; automatic checkpoints ' +
      'run when the WAL reaches about 1000 pages. Enable WAL with PRAGMA journal_mode=WAL. ' +
      'Set PRAGMA busy_timeout so that a connection waits for a lock instead of failing immediately with ' +
      'SQLITE_BUSY. Foreign key enforcement is off by default and must be enabled per connection with ' +
      'PRAGMA foreign_keys=ON.',
  },
  {
    title: 'Vector search with cosine similarity',
    source: 'internal-wiki/vector-search.md',
    tags: ['embeddings', 'search'],
    content:
      'Vector search finds items whose embeddings are close to the embedding of a query. An embedding model ' +
      'maps text to a fixed-length vector of numbers so that texts with similar meaning get similar vectors. ' +
      'Cosine similarity measures the angle between two vectors: 1 means the same direction, 0 means ' +
      'unrelated. When vectors are normalized to unit length, cosine similarity equals the dot product. ' +
      'A brute-force search compares the query with every stored vector, which is exact and fast enough for ' +
      'tens of thousands of items. Larger collections use approximate nearest neighbour indexes such as HNSW ' +
      'or IVF, trading a little recall for much lower latency. Results are usually limited to the top k ' +
      'matches, optionally with a minimum similarity score.',
  },
  {
    title: 'Retrieval-augmented generation pipeline',
    source: 'internal-wiki/rag-pipeline.md',
    tags: ['rag', 'llm'],
    content:
      'Retrieval-augmented generation (RAG) grounds a language model in your own documents. The pipeline has ' +
      'four stages. First, ingestion stores the raw document text with metadata such as title and source. ' +
      'Second, chunking splits each document into passages small enough to embed; chunk sizes of 100 to 500 ' +
      'tokens with some overlap are common, and splitting on sentence boundaries keeps passages readable. ' +
      'Third, each chunk is embedded and added to a vector index. Fourth, at query time the question is ' +
      'embedded, the most similar chunks are retrieved, and they are placed in the prompt as context so the ' +
      'model can answer with citations. Retrieval quality depends mostly on chunking and on the embedding ' +
      'model; answers should say when the retrieved context does not contain the answer.',
  },
];
