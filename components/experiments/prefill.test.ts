import { describe, expect, it } from 'vitest';
import { parsePrefill, prefillHref, readPrefill, splitToolId, PREFILL_STORAGE_PREFIX, type Prefill } from './prefill';
import { prefillFromRunAdvice, prefillFromSimilarity } from './try-rewrite';

function memoryStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

const sample: Prefill = {
  name: 'Rewrite rag_search',
  variants: [{ name: 'rewrite', changes: [{ server: 'rag', tool: 'rag_search', description: 'Search the knowledge base — ünïcödé ✓', source: 'rule-based' }] }],
  focusTools: [{ server: 'rag', tool: 'rag_search' }],
};

describe('prefill payloads', () => {
  it('round-trips a small payload through the URL, non-ASCII text included', () => {
    const storage = memoryStorage();
    const href = prefillHref(sample, storage);
    expect(href).toMatch(/^\/experiments\/new\?p=[A-Za-z0-9_-]+$/);
    expect(storage.map.size).toBe(0);
    const params = new URL(href, 'http://x').searchParams;
    expect(readPrefill(params, storage)).toEqual(sample);
  });

  it('keeps a large payload in sessionStorage and reads it back by id', () => {
    const storage = memoryStorage();
    const big: Prefill = { ...sample, variants: [{ name: 'rewrite', changes: [{ server: 'rag', tool: 'rag_search', description: 'x'.repeat(5000) }] }] };
    const href = prefillHref(big, storage, () => 'abc123');
    expect(href).toBe('/experiments/new?prefill=abc123');
    expect(storage.map.has(`${PREFILL_STORAGE_PREFIX}abc123`)).toBe(true);
    expect(readPrefill(new URLSearchParams('prefill=abc123'), storage)).toEqual(big);
  });

  it('ignores malformed or hostile input instead of half-applying it', () => {
    const storage = memoryStorage();
    expect(readPrefill(new URLSearchParams('p=%%%'), storage)).toBeNull();
    expect(readPrefill(new URLSearchParams(`p=${btoa('{"variants":[]}')}`), storage)).toBeNull();
    expect(readPrefill(new URLSearchParams('prefill=../../etc'), storage)).toBeNull();
    expect(readPrefill(new URLSearchParams('prefill=missing'), storage)).toBeNull();
    expect(parsePrefill('{"variants":[{"name":"v","changes":[{"server":"","tool":"t"}]}]}')).toBeNull();
    expect(parsePrefill('not json')).toBeNull();
    expect(readPrefill(new URLSearchParams(''), storage)).toBeNull();
  });

  it('splits server/tool ids at the first slash only', () => {
    expect(splitToolId('rag/rag_search')).toEqual({ server: 'rag', tool: 'rag_search' });
    expect(splitToolId('fs/read/file')).toEqual({ server: 'fs', tool: 'read/file' });
    expect(splitToolId('noslash')).toBeNull();
    expect(splitToolId('/x')).toBeNull();
  });
});

describe('Try this rewrite', () => {
  it('from a similarity recommendation: the tool and its related tools, rewritten where the analysis wrote a revision', () => {
    const p = prefillFromSimilarity('rag/rag_search', ['rag/rag_retrieve_context', 'rag/rag_search'], [
      { tool: 'rag/rag_search', after: 'Keyword search over documents.', source: 'rules' },
      { tool: 'todo/create_todo', after: 'unrelated', source: 'llm' },
    ]);
    expect(p.variants).toEqual([
      {
        name: 'rewrite',
        changes: [
          { server: 'rag', tool: 'rag_search', description: 'Keyword search over documents.', source: 'rule-based' },
          { server: 'rag', tool: 'rag_retrieve_context' },
        ],
      },
    ]);
    expect(p.focusTools).toEqual([{ server: 'rag', tool: 'rag_search' }, { server: 'rag', tool: 'rag_retrieve_context' }]);
    expect(p.name).toBe('Rewrite rag_search');
  });

  it('from a run: both tools start with the descriptions the model saw', () => {
    const p = prefillFromRunAdvice('todo/create_todo', 'todo/update_todo', [
      { server: 'todo', name: 'create_todo', description: 'Create a todo' },
      { server: 'todo', name: 'update_todo', description: 'Update a todo' },
    ]);
    expect(p.variants[0]?.changes.map((c) => [c.tool, c.description])).toEqual([
      ['create_todo', 'Create a todo'],
      ['update_todo', 'Update a todo'],
    ]);
  });
});
