import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { errorResult, jsonResult } from '../result';
import { getDemoState, PRIORITIES, type Todo, type TodoStore } from '../state';
import type { DemoServerDefinition } from '../types';

const PRIORITY_RANK: Record<Todo['priority'], number> = { high: 0, medium: 1, low: 2 };

const idParam = z.string().min(1).describe('Id of the todo, as returned by create_todo or list_todos (e.g. "3")');
const priorityParam = z.enum(PRIORITIES);
// A plain pattern rather than z.iso.date(), whose leap-year regex would clutter the schema the model sees.
const dueDateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => !Number.isNaN(Date.parse(s)) && new Date(s).toISOString().startsWith(s), 'Not a valid calendar date')
  .describe('Due date as YYYY-MM-DD');

function unknownTodo(store: TodoStore, id: string) {
  const known = [...store.items.keys()].join(', ') || 'none';
  return errorResult(`Todo '${id}' not found. Existing todo ids: ${known}.`);
}

function byCreated(a: Todo, b: Todo): number {
  return a.createdAt.localeCompare(b.createdAt) || Number(a.id) - Number(b.id);
}

const SORTS: Record<'createdAt' | 'dueDate' | 'priority', (a: Todo, b: Todo) => number> = {
  createdAt: byCreated,
  // Undated todos go last: they are the least urgent by date.
  dueDate: (a, b) => (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') || byCreated(a, b),
  priority: (a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] || byCreated(a, b),
};

function registerCreate(server: McpServer) {
  server.registerTool(
    'create_todo',
    {
      title: 'Create todo',
      description: 'Create a new todo item with a title and optional description, priority and due date. Returns the created todo with its id.',
      inputSchema: {
        title: z.string().trim().min(1).max(200).describe('Short summary of the task'),
        description: z.string().max(2000).optional().describe('Longer details about the task'),
        priority: priorityParam.default('medium').describe('How important the task is'),
        dueDate: dueDateParam.optional(),
      },
    },
    ({ title, description, priority, dueDate }) => {
      const store = getDemoState().todos;
      const todo: Todo = {
        id: String(store.nextId++),
        title,
        ...(description !== undefined ? { description } : {}),
        priority,
        ...(dueDate !== undefined ? { dueDate } : {}),
        completed: false,
        createdAt: new Date().toISOString(),
      };
      store.items.set(todo.id, todo);
      return jsonResult({ todo });
    },
  );
}

function registerList(server: McpServer) {
  server.registerTool(
    'list_todos',
    {
      title: 'List todos',
      description:
        'List todo items, optionally filtered by completion status or priority and sorted by creation date, due ' +
        'date or priority. Use this to see all todos or a filtered subset.',
      inputSchema: {
        completed: z.boolean().optional().describe('true: only completed todos; false: only open ones. Omit for both'),
        priority: priorityParam.optional().describe('Only todos with this priority'),
        sortBy: z.enum(['createdAt', 'dueDate', 'priority']).default('createdAt').describe('Sort order'),
        limit: z.number().int().min(1).max(100).default(50).describe('Maximum number of todos to return'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ completed, priority, sortBy, limit }) => {
      const matching = [...getDemoState().todos.items.values()]
        .filter((t) => (completed === undefined || t.completed === completed) && (priority === undefined || t.priority === priority))
        .sort(SORTS[sortBy]);
      return jsonResult({ total: matching.length, todos: matching.slice(0, limit) });
    },
  );
}

function registerUpdate(server: McpServer) {
  server.registerTool(
    'update_todo',
    {
      title: 'Update todo',
      description:
        'Update an existing todo by id: change its title, description, priority or due date, or mark it ' +
        'completed or not completed. Only the fields you pass change.',
      inputSchema: {
        id: idParam,
        title: z.string().trim().min(1).max(200).optional().describe('New title'),
        description: z.string().max(2000).optional().describe('New description'),
        priority: priorityParam.optional().describe('New priority'),
        dueDate: dueDateParam.optional(),
        completed: z.boolean().optional().describe('true marks the todo done, false reopens it'),
      },
    },
    ({ id, ...changes }) => {
      const store = getDemoState().todos;
      const todo = store.items.get(id);
      if (!todo) return unknownTodo(store, id);
      const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<Todo>;
      if (Object.keys(defined).length === 0) {
        return errorResult('Nothing to update: pass at least one of title, description, priority, dueDate, completed.');
      }
      const updated: Todo = { ...todo, ...defined };
      store.items.set(id, updated);
      return jsonResult({ todo: updated, changed: Object.keys(defined) });
    },
  );
}

function registerSearch(server: McpServer) {
  server.registerTool(
    'search_todos',
    {
      title: 'Search todos',
      description:
        'Search todos by text: finds items whose title or description contains all the query words ' +
        '(case-insensitive). Use this to find a todo when you know what it is about but not its id.',
      inputSchema: {
        query: z.string().trim().min(1).describe('Words to look for in titles and descriptions'),
        completed: z.boolean().optional().describe('Only completed (true) or only open (false) todos'),
        limit: z.number().int().min(1).max(100).default(20).describe('Maximum number of matches'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ query, completed, limit }) => {
      const words = query.toLowerCase().split(/\s+/).filter(Boolean);
      const matches = [...getDemoState().todos.items.values()]
        .filter((t) => completed === undefined || t.completed === completed)
        .map((t) => {
          const title = t.title.toLowerCase();
          const text = `${title} ${(t.description ?? '').toLowerCase()}`;
          return { todo: t, found: words.every((w) => text.includes(w)), inTitle: words.filter((w) => title.includes(w)).length };
        })
        .filter((m) => m.found)
        .sort((a, b) => b.inTitle - a.inTitle || byCreated(a.todo, b.todo))
        .map((m) => m.todo);
      return jsonResult({ query, total: matches.length, todos: matches.slice(0, limit) });
    },
  );
}

function registerDelete(server: McpServer) {
  server.registerTool(
    'delete_todo',
    {
      title: 'Delete todo',
      description: 'Permanently delete a todo by id.',
      inputSchema: { id: idParam },
      annotations: { destructiveHint: true },
    },
    ({ id }) => {
      const store = getDemoState().todos;
      const todo = store.items.get(id);
      if (!todo) return unknownTodo(store, id);
      store.items.delete(id);
      return jsonResult({ deleted: true, todo });
    },
  );
}

export const todoServer: DemoServerDefinition = {
  id: 'todo',
  title: 'Todo list',
  description: 'A personal todo list kept in memory: create, list, update, search and delete todos.',
  register(server) {
    registerCreate(server);
    registerList(server);
    registerUpdate(server);
    registerSearch(server);
    registerDelete(server);
  },
};
