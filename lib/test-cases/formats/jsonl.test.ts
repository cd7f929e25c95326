import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/errors';
import { jsonlFormat } from './jsonl';

describe('jsonl format', () => {
  it('numbers rows by physical line, skipping blank lines', () => {
    const text = '\uFEFF{"name":"a"}\r\n\n   \n{"name":"b","query":"x"}\n[1,2]\n{oops\n"str"\n\n';
    expect(jsonlFormat.parse(text)).toEqual([
      { row: 1, value: { name: 'a' } },
      { row: 4, value: { name: 'b', query: 'x' } },
      { row: 5, error: 'the line is not a JSON object' },
      { row: 6, error: expect.stringMatching(/^the line is not valid JSON: /) },
      { row: 7, error: 'the line is not a JSON object' },
    ]);
  });

  it.each(['', '\n\n  \n', '\uFEFF'])('rejects an empty document %j', (text) => {
    expect(() => jsonlFormat.parse(text)).toThrow(expect.objectContaining({ code: 'invalid_document' }) as ValidationError);
  });

  it('writes one compact object per line', () => {
    const text = jsonlFormat.serialize([
      { name: 'a', query: 'line\nbreak', servers: [], expectedServer: null, expectedTool: null, expectedParameters: null },
      { name: 'b', query: 'q', servers: ['s'], expectedServer: 's', expectedTool: 't', expectedParameters: { x: 1 } },
    ]);
    expect(text.split('\n')).toHaveLength(3);
    expect(text.endsWith('\n')).toBe(true);
  });
});
