import { describe, expect, it } from 'vitest';
import { findMock, mayExecute } from './policy';

const search = { server: 'todo', tool: 'search_todos', annotations: { readOnlyHint: true } };
const remove = { server: 'todo', tool: 'delete_todo', annotations: { destructiveHint: true } as { readOnlyHint?: boolean } };

describe('mayExecute', () => {
  it("runs nothing under 'none' (the default), even a read-only tool", () => {
    expect(mayExecute('none', search)).toBe(false);
  });

  it("runs under 'read-only' only the tools whose listing says readOnlyHint: true", () => {
    expect(mayExecute('read-only', search)).toBe(true);
    expect(mayExecute('read-only', remove)).toBe(false);
    expect(mayExecute('read-only', { server: 'todo', tool: 'x', annotations: null })).toBe(false);
  });

  it('runs under {allow} exactly the listed server and tool pairs', () => {
    const policy = { allow: [{ server: 'todo', tool: 'delete_todo' }] };
    expect(mayExecute(policy, remove)).toBe(true);
    expect(mayExecute(policy, search)).toBe(false);
    expect(mayExecute(policy, { ...remove, server: 'other' })).toBe(false);
  });
});

describe('findMock', () => {
  const mocks = [
    { server: 'todo', tool: 'delete_todo', match: { id: '3', opts: { hard: true } }, result: { text: 'hard delete of 3' } },
    { server: 'todo', tool: 'delete_todo', match: { id: '3' }, result: { text: 'delete of 3' } },
    { server: 'todo', tool: 'delete_todo', result: { text: 'any delete', isError: true } },
  ];

  it('takes the first mock, in the case order, whose match is a subset of the arguments (deep equal values)', () => {
    expect(findMock(mocks, { server: 'todo', tool: 'delete_todo', arguments: { id: '3', opts: { hard: true }, extra: 1 } })?.result.text).toBe('hard delete of 3');
    expect(findMock(mocks, { server: 'todo', tool: 'delete_todo', arguments: { id: '3', opts: { hard: false } } })?.result.text).toBe('delete of 3');
    expect(findMock(mocks, { server: 'todo', tool: 'delete_todo', arguments: { id: 3 } })?.result.text).toBe('any delete');
    expect(findMock(mocks, { server: 'todo', tool: 'delete_todo', arguments: null })?.result.text).toBe('any delete');
  });

  it('answers null for another tool or server, or without mocks', () => {
    expect(findMock(mocks, { server: 'todo', tool: 'update_todo', arguments: { id: '3' } })).toBeNull();
    expect(findMock(mocks, { server: 'notes', tool: 'delete_todo', arguments: { id: '3' } })).toBeNull();
    expect(findMock(null, { server: 'todo', tool: 'delete_todo', arguments: {} })).toBeNull();
  });
});
