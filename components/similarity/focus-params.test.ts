import { describe, expect, it } from 'vitest';
import { isFocusPair, readFocusParams, similarityPairHref } from './focus-params';

describe('the similarity page URL for one pair', () => {
  it('names each server once and the pair in order, and reads back the same', () => {
    const href = similarityPairHref('todo/list_todos', 'todo/search todos');
    expect(href).toBe('/similarity?servers=todo&focus=todo%2Flist_todos&focus=todo%2Fsearch+todos');
    const read = readFocusParams(new URL(href, 'http://x').searchParams);
    expect(read).toEqual({ serverNames: ['todo'], serverIds: [], focus: ['todo/list_todos', 'todo/search todos'] });
    expect(readFocusParams(new URL(similarityPairHref('rag/a', 'todo/b'), 'http://x').searchParams).serverNames).toEqual(['rag', 'todo']);
  });

  it('ignores a focus that is not exactly two tools, and matches a pair in either order', () => {
    expect(readFocusParams(new URLSearchParams('focus=a/x&serverIds=s1')).focus).toBeNull();
    expect(readFocusParams(new URLSearchParams('focus=a/x&focus=a/x')).focus).toBeNull();
    expect(isFocusPair(['a/x', 'b/y'], 'b/y', 'a/x')).toBe(true);
    expect(isFocusPair(['a/x', 'b/y'], 'a/x', 'c/z')).toBe(false);
    expect(isFocusPair(null, 'a/x', 'b/y')).toBe(false);
  });
});
