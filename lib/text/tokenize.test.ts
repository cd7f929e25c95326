import { describe, expect, it } from 'vitest';
import { contentWords, humanizeName, stemWord, tokenize, unicodeWords } from './tokenize';

describe('contentWords', () => {
  it('splits identifiers as people read them and drops stop words and bare numbers', () => {
    expect(contentWords('rag_retrieve_context')).toEqual(['rag', 'retrieve', 'context']);
    expect(contentWords('getHTTPServerStatus list-todos')).toEqual(['get', 'http', 'server', 'status', 'list', 'todos']);
    expect(contentWords('Use this tool to delete the 3 files, e.g. old ones')).toEqual(['delete', 'files', 'old']);
    expect(contentWords('mp3 s3Bucket')).toEqual(['mp3', 's3', 'bucket']);
    expect(contentWords('  ')).toEqual([]);
  });
});

describe('tokenize', () => {
  it('splits identifiers, lowercases and drops stop words', () => {
    expect(tokenize('getWeatherForecast list_todos search-documents HTTPServer')).toEqual([
      'weather',
      'forecast',
      'list',
      'todo',
      'search',
      'document',
      'http',
      'server',
    ]);
    expect(tokenize('Can you please show me the items?')).toEqual(['item']);
  });

  it('lets inflections meet on one stem', () => {
    const groups = [
      ['create', 'created', 'creating', 'creates'],
      ['search', 'searches', 'searching', 'searched'],
      ['todo', 'todos'],
      ['run', 'running'],
      ['query', 'queries'],
    ];
    for (const group of groups) expect(new Set(group.map(stemWord)).size).toBe(1);
    expect(stemWord('status')).toBe('status');
    expect(stemWord('address')).toBe('address');
  });
});

describe('unicodeWords', () => {
  it('lowercases, drops stop words and splits identifiers', () => {
    expect(unicodeWords('Search the Knowledge Base for relevant documents')).toEqual(['search', 'knowledge', 'base', 'relevant', 'documents']);
    expect(unicodeWords('getRunSummary of run_id 42')).toEqual(['get', 'run', 'summary', 'run', 'id', '42']);
    expect(unicodeWords('Crée une tâche')).toEqual(['crée', 'une', 'tâche']);
  });
});

describe('humanizeName', () => {
  it('reads an identifier as words, separators collapsed', () => {
    expect(humanizeName('rag_retrieve_context')).toBe('rag retrieve context');
    expect(humanizeName('getHTTPServerStatus')).toBe('get HTTP Server Status');
    expect(humanizeName('  memory.read_graph--v2 ')).toBe('memory read graph v2');
  });
});

describe('the variants, side by side', () => {
  it('differ where their callers need them to', () => {
    const text = 'Creates HTTPServer tâches for the user';
    // Stems for TF-IDF; whole ASCII words for word vectors; words of any script for wording.
    expect(tokenize(text)).toEqual(['creat', 'http', 'server', 'che', 'user']);
    expect(contentWords(text)).toEqual(['creates', 'http', 'server', 'ches', 'user']);
    expect(unicodeWords(text)).toEqual(['creates', 'httpserver', 'tâches', 'user']);
  });
});
