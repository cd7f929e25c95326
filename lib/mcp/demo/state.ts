import { SEED_DOCUMENTS } from './data/rag-documents';
import { addDocument, chunkDocument, DEFAULT_CHUNK_OPTIONS, embedChunks } from './data/rag-store';

export const PRIORITIES = ['low', 'medium', 'high'] as const;
export type Priority = (typeof PRIORITIES)[number];

export type Todo = {
  id: string;
  title: string;
  description?: string;
  priority: Priority;
  dueDate?: string;
  completed: boolean;
  createdAt: string;
};

export type RagDocument = {
  id: string;
  title: string;
  content: string;
  source?: string;
  tags: string[];
  ingestedAt: string;
};

export type RagChunk = { id: string; documentId: string; index: number; text: string; embedding?: number[] };

export type TodoStore = { items: Map<string, Todo>; nextId: number };
export type RagStore = { documents: Map<string, RagDocument>; chunks: Map<string, RagChunk[]>; nextId: number };
export type DemoState = { todos: TodoStore; rag: RagStore };

const SEED_TODOS: Omit<Todo, 'id'>[] = [
  {
    title: 'Write the Q3 evaluation report',
    description: 'Summarize tool-selection accuracy per model for the team review',
    priority: 'high',
    dueDate: '2025-09-30',
    completed: false,
    createdAt: '2025-09-01T09:00:00.000Z',
  },
  {
    title: 'Renew the SSL certificate',
    description: 'The certificate for the staging server expires next month',
    priority: 'medium',
    dueDate: '2025-10-15',
    completed: false,
    createdAt: '2025-09-02T10:30:00.000Z',
  },
  {
    title: 'Buy coffee beans',
    priority: 'low',
    completed: true,
    createdAt: '2025-09-03T08:15:00.000Z',
  },
];

function createDemoState(): DemoState {
  const todos: TodoStore = { items: new Map(), nextId: 1 };
  for (const seed of SEED_TODOS) {
    const id = String(todos.nextId++);
    todos.items.set(id, { id, ...seed });
  }
  const rag: RagStore = { documents: new Map(), chunks: new Map(), nextId: 1 };
  for (const seed of SEED_DOCUMENTS) {
    const doc = addDocument(rag, { ...seed, ingestedAt: '2025-09-01T00:00:00.000Z' });
    chunkDocument(rag, doc.id, DEFAULT_CHUNK_OPTIONS);
    embedChunks(rag, doc.id);
  }
  return { todos, rag };
}

// Next.js bundles each route handler separately, so a module-level variable would give
// every route its own copy; globalThis is shared by all of them in one server process.
const KEY = '__mcpEvalHarnessDemoState';
const holder = globalThis as typeof globalThis & { [KEY]?: DemoState };

export function getDemoState(): DemoState {
  holder[KEY] ??= createDemoState();
  return holder[KEY];
}

/** Back to the seeded data (tests). */
export function resetDemoState(): void {
  holder[KEY] = createDemoState();
}
