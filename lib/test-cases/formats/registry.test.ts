import { describe, expect, it } from 'vitest';
import type { ValidationError } from '@/lib/errors';
import { detectTestCaseFormat, getTestCaseFormat, TEST_CASE_FORMATS } from './registry';
import { TEST_CASE_FORMAT_IDS } from './types';

describe('test case format registry', () => {
  it('has exactly one format per id, filed under its own id', () => {
    expect(Object.keys(TEST_CASE_FORMATS).sort()).toEqual([...TEST_CASE_FORMAT_IDS].sort());
    for (const [id, format] of Object.entries(TEST_CASE_FORMATS)) {
      expect(format.id).toBe(id);
      expect(format.description).not.toBe('');
      expect(format.contentType).toMatch(/^[a-z]+\/[a-z0-9.+-]+/);
      expect(format.fileExtension).toMatch(/^[a-z]+$/);
      expect(getTestCaseFormat(id)).toBe(format);
    }
  });

  it.each(['xml', 'toString', '__proto__', ''])('rejects unknown id %j, listing the known ones', (id) => {
    expect(() => getTestCaseFormat(id)).toThrow(
      expect.objectContaining({ code: 'unknown_format', message: expect.stringContaining('json, jsonl, csv'), details: { format: id, known: ['json', 'jsonl', 'csv'] } }) as ValidationError,
    );
  });
});

describe('detectTestCaseFormat', () => {
  it.each([
    ['text/csv', '[1]', 'csv'],
    ['text/csv; charset=utf-8', '{}', 'csv'],
    ['application/x-ndjson', '[', 'jsonl'],
    ['application/jsonl', 'name', 'jsonl'],
    ['Application/JSON; charset=UTF-8', '{"a":1}', 'json'],
    [null, '  \n[{"name":"a"}]', 'json'],
    ['text/plain', '{"name":"a"}\n{"name":"b"}', 'jsonl'],
    ['application/octet-stream', '\uFEFF[]', 'json'],
    [null, 'name,query\na,b', 'csv'],
    [null, '', 'csv'],
  ] as const)('content type %j with %j -> %s', (contentType, text, expected) => {
    expect(detectTestCaseFormat(contentType, text)).toBe(expected);
  });
});
