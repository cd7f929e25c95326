import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectDemoClient, type DemoClient } from '@/tests/helpers/demo-client';
import { resetDemoState, type Todo } from '../state';

type TodoList = { total: number; todos: Todo[] };

describe('todo demo server', () => {
  let c: DemoClient;
  beforeEach(async () => {
    resetDemoState();
    c = await connectDemoClient('todo');
  });
  afterEach(async () => {
    await c.close();
  });

  it('starts with the seeded todos', async () => {
    const { total, todos } = await c.ok<TodoList>('list_todos');
    expect(total).toBe(3);
    expect(todos.map((t) => t.id)).toEqual(['1', '2', '3']);
    expect(todos[0]).toMatchObject({ title: 'Write the Q3 evaluation report', priority: 'high', completed: false });
  });

  it('creates a todo with defaults and keeps it between calls', async () => {
    const { todo } = await c.ok<{ todo: Todo }>('create_todo', { title: 'Book flights', dueDate: '2025-12-01' });
    expect(todo).toMatchObject({ id: '4', title: 'Book flights', priority: 'medium', dueDate: '2025-12-01', completed: false });
    expect(todo.description).toBeUndefined();
    expect(Date.parse(todo.createdAt)).not.toBeNaN();

    const again = await connectDemoClient('todo');
    try {
      const { total, todos } = await again.ok<TodoList>('list_todos');
      expect(total).toBe(4);
      expect(todos.at(-1)?.title).toBe('Book flights');
    } finally {
      await again.close();
    }
  });

  it('lists with filters, sorting and a limit', async () => {
    await c.ok('create_todo', { title: 'Call the bank', priority: 'high', dueDate: '2025-09-05' });
    const open = await c.ok<TodoList>('list_todos', { completed: false });
    expect(open.todos.map((t) => t.id)).toEqual(['1', '2', '4']);
    const done = await c.ok<TodoList>('list_todos', { completed: true });
    expect(done.todos.map((t) => t.title)).toEqual(['Buy coffee beans']);
    const high = await c.ok<TodoList>('list_todos', { priority: 'high', sortBy: 'dueDate' });
    expect(high.todos.map((t) => t.id)).toEqual(['4', '1']);
    const byPriority = await c.ok<TodoList>('list_todos', { sortBy: 'priority', limit: 2 });
    expect(byPriority.total).toBe(4);
    expect(byPriority.todos.map((t) => t.priority)).toEqual(['high', 'high']);
  });

  it('updates only the given fields', async () => {
    const { todo, changed } = await c.ok<{ todo: Todo; changed: string[] }>('update_todo', { id: '2', completed: true, priority: 'low' });
    expect(todo).toMatchObject({ id: '2', title: 'Renew the SSL certificate', completed: true, priority: 'low', dueDate: '2025-10-15' });
    expect(changed.sort()).toEqual(['completed', 'priority']);
    const { todos } = await c.ok<TodoList>('list_todos', { completed: true });
    expect(todos.map((t) => t.id)).toEqual(['2', '3']);
  });

  it('searches titles and descriptions case-insensitively', async () => {
    const ssl = await c.ok<TodoList>('search_todos', { query: 'ssl' });
    expect(ssl.todos.map((t) => t.id)).toEqual(['2']);
    const staging = await c.ok<TodoList>('search_todos', { query: 'STAGING server' });
    expect(staging.todos.map((t) => t.id)).toEqual(['2']);
    const none = await c.ok<TodoList>('search_todos', { query: 'coffee', completed: false });
    expect(none.total).toBe(0);
  });

  it('deletes a todo', async () => {
    const { deleted, todo } = await c.ok<{ deleted: boolean; todo: Todo }>('delete_todo', { id: '3' });
    expect(deleted).toBe(true);
    expect(todo.title).toBe('Buy coffee beans');
    const { total } = await c.ok<TodoList>('list_todos');
    expect(total).toBe(2);
  });

  it('answers unknown ids and empty updates with isError results', async () => {
    for (const [tool, args] of [
      ['update_todo', { id: '99', completed: true }],
      ['delete_todo', { id: '99' }],
    ] as const) {
      const outcome = await c.call(tool, args);
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toContain("Todo '99' not found");
      expect(outcome.text).toContain('1, 2, 3');
    }
    const empty = await c.call('update_todo', { id: '1' });
    expect(empty.isError).toBe(true);
    expect(empty.text).toMatch(/Nothing to update/);
  });

  it('rejects invalid arguments through the input schema', async () => {
    const badPriority = await c.call('create_todo', { title: 'x', priority: 'urgent' });
    expect(badPriority.isError).toBe(true);
    const badDate = await c.call('create_todo', { title: 'x', dueDate: '2025-02-30' });
    expect(badDate.isError).toBe(true);
    const missing = await c.call('create_todo', {});
    expect(missing.isError).toBe(true);
    expect((await c.ok<TodoList>('list_todos')).total).toBe(3);
  });
});
