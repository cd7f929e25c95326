import { describe, expect, it } from 'vitest';
import { diffWords } from './word-diff';

describe('diffWords', () => {
  it('marks added and removed words and keeps the texts', () => {
    const parts = diffWords('Search the docs by keyword.', 'Search the API docs by exact keyword.')!;
    expect(parts.filter((p) => p.op !== 'add').map((p) => p.text).join('')).toBe('Search the docs by keyword.');
    expect(parts.filter((p) => p.op !== 'del').map((p) => p.text).join('')).toBe('Search the API docs by exact keyword.');
    expect(parts.filter((p) => p.op === 'add').map((p) => p.text.trim())).toEqual(['API', 'exact']);
  });

  it('handles an empty before text', () => {
    expect(diffWords('', 'New text')).toEqual([{ op: 'add', text: 'New text' }]);
  });
});
