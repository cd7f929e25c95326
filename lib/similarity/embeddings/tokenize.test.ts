import { describe, expect, it } from 'vitest';
import { contentWords } from './tokenize';

describe('contentWords', () => {
  it('splits identifiers as people read them and drops stop words and bare numbers', () => {
    expect(contentWords('rag_retrieve_context')).toEqual(['rag', 'retrieve', 'context']);
    expect(contentWords('getHTTPServerStatus list-todos')).toEqual(['get', 'http', 'server', 'status', 'list', 'todos']);
    expect(contentWords('Use this tool to delete the 3 files, e.g. old ones')).toEqual(['delete', 'files', 'old']);
    expect(contentWords('mp3 s3Bucket')).toEqual(['mp3', 's3', 'bucket']);
    expect(contentWords('  ')).toEqual([]);
  });
});
