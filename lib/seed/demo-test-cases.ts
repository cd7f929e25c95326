import type { ExecutePolicy, ExpectedCall, MockResult } from '../eval/sequence/types';
import type { DemoServerId } from '../mcp/demo/types';

/** The sequence fields of a demo case (issue 17); the pair above them mirrors expectedCalls[0]. */
export type DemoSequence = {
  expectedCalls: ExpectedCall[];
  forbiddenTools: { server: string; tool: string }[];
  execute: ExecutePolicy;
  mockResults: MockResult[];
  maxSteps: number;
};

export type DemoTestCase = {
  name: string;
  query: string;
  servers: DemoServerId[];
  expectedServer: DemoServerId | null;
  expectedTool: string | null;
  expectedParameters: Record<string, unknown> | null;
  /** Set for a sequence-mode case (the agent loop); absent for a selection case. */
  sequence?: DemoSequence;
};

// Seeded on first start so a fresh install evaluates something real. The mix is deliberate:
// clear positives, cases that sit between the overlapping rag_* tools (or todo search vs list),
// cross-server cases, and negatives where the right answer is to call no tool at all.
export const DEMO_TEST_CASES: DemoTestCase[] = [
  // todo: clear positives
  {
    name: 'todo: create with priority',
    query: 'Add a high-priority todo to call the dentist and reschedule my appointment.',
    servers: ['todo'],
    expectedServer: 'todo',
    expectedTool: 'create_todo',
    expectedParameters: { title: { $contains: 'dentist' }, priority: 'high' },
  },
  {
    name: 'todo: create with due date',
    query: 'Remind me to submit the expense report by October 31, 2025.',
    servers: ['todo'],
    expectedServer: 'todo',
    expectedTool: 'create_todo',
    expectedParameters: { title: { $contains: 'expense report' }, dueDate: '2025-10-31' },
  },
  {
    name: 'todo: mark complete',
    query: 'Mark todo 2 as done.',
    servers: ['todo'],
    expectedServer: 'todo',
    expectedTool: 'update_todo',
    expectedParameters: { id: '2', completed: true, title: { $absent: true } },
  },
  {
    name: 'todo: delete by id',
    query: "Delete todo number 3, I don't need it anymore.",
    servers: ['todo'],
    expectedServer: 'todo',
    expectedTool: 'delete_todo',
    expectedParameters: { id: '3' },
  },
  {
    name: 'todo: list open high-priority',
    query: 'Show me all my open high-priority tasks.',
    servers: ['todo'],
    expectedServer: 'todo',
    expectedTool: 'list_todos',
    expectedParameters: { completed: false, priority: 'high' },
  },
  // todo: search vs list
  {
    name: 'todo: find by topic (search vs list)',
    query: 'Find the todo about the SSL certificate.',
    servers: ['todo'],
    expectedServer: 'todo',
    expectedTool: 'search_todos',
    expectedParameters: { query: { $regex: '(?:SSL|ssl|[Cc]ertificate)' } },
  },
  {
    name: 'todo: what is due first (list vs search)',
    query: "What's due soonest on my todo list?",
    servers: ['todo'],
    expectedServer: 'todo',
    expectedTool: 'list_todos',
    expectedParameters: { sortBy: 'dueDate' },
  },
  // rag: clear positives
  {
    name: 'rag: ingest meeting notes',
    query:
      "Save these meeting notes to the knowledge base as 'Sprint 14 retro': we agreed to move deploys to Tuesdays and to add a staging smoke test.",
    servers: ['rag'],
    expectedServer: 'rag',
    expectedTool: 'rag_ingest_document',
    expectedParameters: { title: 'Sprint 14 retro', content: { $contains: 'deploys to Tuesdays' } },
  },
  {
    name: 'rag: re-chunk a document',
    query: 'Re-chunk document doc-2 into chunks of roughly 200 words with 20 words of overlap.',
    servers: ['rag'],
    expectedServer: 'rag',
    expectedTool: 'rag_chunk_document',
    expectedParameters: { documentId: 'doc-2', chunkSize: { $approx: 200, $tolerance: 50 }, overlap: 20 },
  },
  {
    name: 'rag: embed chunks',
    query: 'Generate embeddings for the chunks of doc-5 so that it shows up in search.',
    servers: ['rag'],
    expectedServer: 'rag',
    expectedTool: 'rag_embed_chunks',
    expectedParameters: { documentId: 'doc-5' },
  },
  {
    name: 'rag: top passages',
    query: 'Which passages mention WAL checkpoints? Give me the top 3 matches with their scores.',
    servers: ['rag'],
    expectedServer: 'rag',
    expectedTool: 'rag_search',
    expectedParameters: { query: { $contains: 'checkpoint' }, topK: 3 },
  },
  {
    name: 'rag: answer from the docs',
    query: 'According to our documentation, what does PRAGMA busy_timeout do?',
    servers: ['rag'],
    expectedServer: 'rag',
    expectedTool: 'rag_answer_question',
    expectedParameters: { question: { $contains: 'busy_timeout' } },
  },
  {
    name: 'rag: context with a token budget',
    query: 'Pull together about 500 tokens of context on vector search that I can paste into my prompt.',
    servers: ['rag'],
    expectedServer: 'rag',
    expectedTool: 'rag_retrieve_context',
    expectedParameters: { query: { $contains: 'vector search' }, maxTokens: { $approx: 500, $tolerance: 100 } },
  },
  // rag: between search, retrieve_context and answer_question
  {
    name: 'rag: find information (search vs retrieve vs answer)',
    query: 'Find information about cosine similarity in the knowledge base.',
    servers: ['rag'],
    expectedServer: 'rag',
    expectedTool: 'rag_search',
    expectedParameters: { query: { $any: true } },
  },
  {
    name: 'rag: explain from documents (answer vs retrieve)',
    query: 'Using the stored documents, explain in detail how chunking works in a RAG pipeline.',
    servers: ['rag'],
    expectedServer: 'rag',
    expectedTool: 'rag_answer_question',
    expectedParameters: { question: { $any: true }, style: 'detailed' },
  },
  {
    name: 'rag: grounding passages (retrieve vs search)',
    query: 'Get me the relevant background text on SQLite locking to ground my reply.',
    servers: ['rag'],
    expectedServer: 'rag',
    expectedTool: 'rag_retrieve_context',
    expectedParameters: { query: { $contains: 'sqlite' } },
  },
  // valuerank
  {
    name: 'valuerank: definitions by tag',
    query: 'Which ValueRank scenario definitions are tagged privacy?',
    servers: ['valuerank'],
    expectedServer: 'valuerank',
    expectedTool: 'list_definitions',
    expectedParameters: { tag: 'privacy' },
  },
  {
    name: 'valuerank: runs of one model',
    query: 'Show me all evaluation runs that used GPT-4o.',
    servers: ['valuerank'],
    expectedServer: 'valuerank',
    expectedTool: 'list_runs',
    expectedParameters: { model: { $oneOf: ['gpt-4o', 'gpt 4o', 'gpt4o'] } },
  },
  {
    name: 'valuerank: run summary',
    query: 'Give me the summary of run run-101.',
    servers: ['valuerank'],
    expectedServer: 'valuerank',
    expectedTool: 'get_run_summary',
    expectedParameters: { runId: 'run-101' },
  },
  {
    name: 'valuerank: average scores (summary vs dimension analysis)',
    query: 'What were the average scores of run-103?',
    servers: ['valuerank'],
    expectedServer: 'valuerank',
    expectedTool: 'get_run_summary',
    expectedParameters: { runId: 'run-103' },
  },
  {
    name: 'valuerank: compare two runs on a dimension',
    query: 'How did run-101 compare with run-102 on privacy?',
    servers: ['valuerank'],
    expectedServer: 'valuerank',
    expectedTool: 'get_dimension_analysis',
    expectedParameters: { runId: 'run-101', compareToRunId: 'run-102', dimension: 'privacy' },
  },
  {
    name: 'valuerank: transcript summary',
    query: 'Summarize transcript tr-1003 for me.',
    servers: ['valuerank'],
    expectedServer: 'valuerank',
    expectedTool: 'get_transcript_summary',
    expectedParameters: { transcriptId: 'tr-1003' },
  },
  {
    name: 'valuerank: nested data via GraphQL',
    query: "Using GraphQL, fetch every definition's name together with the model of each of its runs.",
    servers: ['valuerank'],
    expectedServer: 'valuerank',
    expectedTool: 'graphql_query',
    expectedParameters: { query: { $regex: 'definitions[\\s\\S]*runs' } },
  },
  // several servers
  {
    name: 'cross: todo about a run',
    query: 'Create a todo to review the results of run-104 once it finishes.',
    servers: ['todo', 'valuerank'],
    expectedServer: 'todo',
    expectedTool: 'create_todo',
    expectedParameters: { title: { $contains: 'run-104' } },
  },
  {
    name: 'cross: knowledge base search among all servers',
    query: 'Find passages in the knowledge base that mention the streamable HTTP transport.',
    servers: ['rag', 'todo', 'valuerank'],
    expectedServer: 'rag',
    expectedTool: 'rag_search',
    expectedParameters: { query: { $contains: 'streamable' } },
  },
  {
    name: 'cross: run status among all servers',
    query: 'Is the llama-3.1-70b run still running?',
    servers: ['rag', 'todo', 'valuerank'],
    expectedServer: 'valuerank',
    expectedTool: 'list_runs',
    expectedParameters: { model: { $contains: 'llama' } },
  },
  // negatives: no tool should be called
  {
    name: 'negative: greeting',
    query: 'Hi there! How are you doing today?',
    servers: ['todo'],
    expectedServer: null,
    expectedTool: null,
    expectedParameters: null,
  },
  // sequence mode (README, "Sequence mode"): search, then complete the id the search returned.
  // The search runs for real on the in-memory demo server; the update gets a scripted result.
  // The name is its description (a case has no other): no UI label word in it (e2e finds
  // controls by label substrings such as "Provider" or "Model").
  {
    name: 'todo: find then complete (sequence: a multi-turn LLM runs the loop; the offline local router makes one selection)',
    query: 'Search for the coffee todo, then complete it.',
    servers: ['todo'],
    expectedServer: 'todo',
    expectedTool: 'search_todos',
    expectedParameters: { query: { $regex: 'coffee' } },
    sequence: {
      expectedCalls: [
        { server: 'todo', tool: 'search_todos', arguments: { query: { $regex: 'coffee' } } },
        { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.todos[0].id' } }, completed: true } },
      ],
      forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }],
      execute: { allow: [{ server: 'todo', tool: 'search_todos' }] },
      mockResults: [{ server: 'todo', tool: 'update_todo', result: { text: '{"ok":true}' } }],
      maxSteps: 4,
    },
  },
  {
    name: 'negative: weather',
    query: "What's the weather going to be like in Lisbon tomorrow?",
    servers: ['rag', 'todo', 'valuerank'],
    expectedServer: null,
    expectedTool: null,
    expectedParameters: null,
  },
  {
    name: 'negative: send an email',
    query: "Send an email to my manager saying I'll be late.",
    servers: ['todo'],
    expectedServer: null,
    expectedTool: null,
    expectedParameters: null,
  },
  {
    name: 'negative: start a run (read-only API)',
    query: 'Start a new evaluation run of claude-3-5-sonnet on the hiring fairness definition.',
    servers: ['valuerank'],
    expectedServer: null,
    expectedTool: null,
    expectedParameters: null,
  },
];
