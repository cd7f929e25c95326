import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/errors';
import { jsonFormat } from './json';

describe('json format', () => {
  it('keeps objects as-is and numbers rows by array index + 1', () => {
    const text = '\uFEFF[{"name":"a","query":"q","extra":1}, 42, null, [1], {"name":"b"}]';
    expect(jsonFormat.parse(text)).toEqual([
      { row: 1, value: { name: 'a', query: 'q', extra: 1 } },
      { row: 2, error: 'the item is not a JSON object' },
      { row: 3, error: 'the item is not a JSON object' },
      { row: 4, error: 'the item is not a JSON object' },
      { row: 5, value: { name: 'b' } },
    ]);
  });

  it.each([
    ['empty', '   '],
    ['not JSON', '[{"name":'],
    ['an object, not an array', '{"name":"a"}'],
    ['a string', '"x"'],
  ])('rejects a document that is %s', (_label, text) => {
    expect(() => jsonFormat.parse(text)).toThrow(ValidationError);
    try {
      jsonFormat.parse(text);
    } catch (err) {
      expect((err as ValidationError).code).toBe('invalid_document');
    }
  });

  it('serializes pretty-printed JSON with a trailing newline', () => {
    const text = jsonFormat.serialize([{ name: 'a', query: 'q', servers: ['s'], expectedServer: null, expectedTool: null, expectedParameters: null }]);
    expect(text.startsWith('[\n  {\n    "name": "a"')).toBe(true);
    expect(text.endsWith(']\n')).toBe(true);
  });
});
