import { describe, expect, it } from 'vitest';
import { lexicalText } from '@/lib/similarity/texts';
import { corpusIdf, distinctiveWords, proposeRuleDrafts, requestFromSentence, type PairTool } from './query';

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

const SEARCH: PairTool = {
  server: 'fs',
  name: 'search_files',
  description: 'Searches the contents of files in a directory for a text pattern and returns matching lines.',
  inputSchema: obj({ directory: { type: 'string' }, pattern: { type: 'string' } }, ['directory', 'pattern']),
};
const FIND: PairTool = { server: 'fs', name: 'find_files', description: 'Finds files whose names match a glob in a directory tree.', inputSchema: obj({ path: { type: 'string' }, glob: { type: 'string' } }, ['path', 'glob']) };
const LIST: PairTool = {
  server: 'todo',
  name: 'list_todos',
  description: 'List todos, optionally filtered by completion status or priority.',
  inputSchema: obj({ completed: { type: 'boolean' }, priority: { type: 'string', enum: ['high', 'medium', 'low'] } }),
};
const SEARCH_TODOS: PairTool = { server: 'todo', name: 'search_todos', description: 'Search todos by keyword in their title and notes.', inputSchema: obj({ query: { type: 'string' } }, ['query']) };
const CHUNK: PairTool = {
  server: 'rag',
  name: 'rag_chunk_document',
  description: 'Use this tool when the user wants smaller pieces. Split a document that is already in the knowledge base into smaller passages (chunks) for indexing; re-chunking replaces the previous chunks.',
  inputSchema: obj({ documentId: { type: 'string', description: 'Id of an ingested document, e.g. "doc-1"' }, chunkSize: { type: 'integer', minimum: 10, maximum: 1000 } }, ['documentId', 'chunkSize']),
};
const INGEST: PairTool = { server: 'rag', name: 'rag_ingest_document', description: 'Add a new document to the knowledge base with its title and text.', inputSchema: obj({ title: { type: 'string' }, content: { type: 'string' } }, ['title']) };
const WEATHER: PairTool = { server: 'w', name: 'weather', description: 'Weather forecast for a city.', inputSchema: obj({ city: { type: 'string' } }, ['city']) };
const FORECAST: PairTool = { server: 'w', name: 'forecast', description: 'Weather forecast for a city.', inputSchema: obj({ city: { type: 'string' } }, ['city']) };

const ALL = [SEARCH, FIND, LIST, SEARCH_TODOS, CHUNK, INGEST, WEATHER, FORECAST];
const idf = corpusIdf(ALL.map((t) => lexicalText(t)));

/** A person's request: a capital, one final period or question mark, no dangling preposition, no template debris. */
function expectSentence(query: string) {
  expect(query).toMatch(/^[A-Z]/);
  expect(query).toMatch(/[^.?!][.?!]$/);
  expect(query).not.toMatch(/\b(?:for|to|of|with|in|by|and|the|a)\.$/i);
  expect(query).not.toMatch(/[{}]|undefined|null|\s{2}|\s[,.]|\.\./);
  expect(query).not.toMatch(/\b(?:user|this tool|LLM)\b/i);
}

describe('rule-based drafts', () => {
  it('each query uses words only its tool has, and none only the neighbour has', () => {
    const [a, b] = proposeRuleDrafts(SEARCH, FIND, idf);
    expect(a?.target).toBe('a');
    expect(b?.target).toBe('b');
    expect(a?.query.toLowerCase()).toMatch(/contents|text/);
    expect(a?.query.toLowerCase()).not.toMatch(/glob|names/);
    expect(b?.query.toLowerCase()).toMatch(/names|glob/);
    expect(b?.query.toLowerCase()).not.toMatch(/contents/);
    expect(distinctiveWords(SEARCH, FIND, idf)).toContain('contents');
    expect(distinctiveWords(SEARCH, FIND, idf)).not.toContain('files');
  });

  it('fills required parameters with plausible values and expects exactly what the query states', () => {
    const [search, find] = proposeRuleDrafts(SEARCH, FIND, idf);
    expect(Object.keys(search?.expectedParameters ?? {}).sort()).toEqual(['directory', 'pattern']);
    for (const v of Object.values(search?.expectedParameters ?? {})) expect(search?.query).toContain(String(v));
    expect(find?.expectedParameters.glob).toBe('*.log');
    expect(find?.query).toContain('*.log');
    const [chunk] = proposeRuleDrafts(CHUNK, INGEST, idf);
    // The example in the parameter's description, and an integer inside the schema's bounds.
    expect(chunk?.expectedParameters).toEqual({ documentId: 'doc-1', chunkSize: 10 });
    expect(chunk?.query).toContain('doc-1');
    expect(chunk?.query).toMatch(/\b10\b/);
  });

  it('states an enum value the neighbour cannot take when no parameter is required', () => {
    const [list, search] = proposeRuleDrafts(LIST, SEARCH_TODOS, idf);
    expect(list?.expectedParameters).toEqual({ priority: 'high' });
    expect(list?.query).toContain('priority high');
    expect(list?.query).not.toMatch(/optionally/i);
    expect(search?.expectedParameters).toEqual({ query: { $contains: 'budget' } });
  });

  it('every query reads as a sentence', () => {
    for (const [x, y] of [[SEARCH, FIND], [LIST, SEARCH_TODOS], [CHUNK, INGEST], [WEATHER, FORECAST]] as const) {
      const drafts = proposeRuleDrafts(x, y, idf);
      expect(drafts.length).toBeGreaterThan(0);
      for (const d of drafts) expectSentence(d.query);
    }
  });

  it('two tools with the same words get one draft that says they cannot be told apart', () => {
    const drafts = proposeRuleDrafts(WEATHER, FORECAST, idf);
    expect(drafts).toHaveLength(1);
    expect(drafts[0]?.rationale).toMatch(/cannot be told apart by description/);
    expect(drafts[0]?.query).toBe('I need the weather forecast for the city Paris.');
    expect(drafts[0]?.expectedParameters).toEqual({ city: 'Paris' });
  });

  it('turns description sentences into requests and refuses ones that talk about the caller', () => {
    expect(requestFromSentence('Searches the contents of files for a pattern and returns matching lines.')).toBe('search the contents of files for a pattern');
    expect(requestFromSentence('Splits a document into passages (chunks) for indexing.')).toBe('split a document into passages for indexing');
    expect(requestFromSentence('Use this when the user asks for help.')).toBeNull();
    expect(requestFromSentence('Weather forecast for a city.')).toBeNull();
  });
});

describe('a tool whose description the neighbour contains', () => {
  const NOW: PairTool = { server: 'w', name: 'get_weather_now', description: 'Get the current weather conditions for a city right now.', inputSchema: obj({ city: { type: 'string' } }, ['city']) };
  const PLAIN: PairTool = { server: 'w', name: 'get_weather', description: 'Get the current weather for a city.', inputSchema: obj({ city: { type: 'string' } }, ['city']) };
  const idfW = corpusIdf([NOW, PLAIN].map((t) => lexicalText(t)));

  it('says no query asks for it alone, instead of claiming its parameters separate them', () => {
    const drafts = proposeRuleDrafts(PLAIN, NOW, idfW);
    const plain = drafts.find((d) => d.target === 'a');
    const now = drafts.find((d) => d.target === 'b');
    expect(plain?.evidence).toEqual({ words: [], parameters: [] });
    expect(plain?.rationale).toContain('no query can ask for get_weather alone');
    expect(plain?.rationale).not.toContain('leans on its parameters');
    // The neighbour has words of its own, and its draft asks for them.
    expect(now?.evidence.words.length).toBeGreaterThan(0);
    expect(now?.rationale).toMatch(/^Asks for what only get_weather_now describes/);
  });
});
