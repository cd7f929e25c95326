import { describe, expect, it } from 'vitest';
import { JSON_PATH_MAX_LENGTH, parseJsonPath, readJsonPath } from './json-path';

const read = (doc: unknown, path: string) => {
  const parsed = parseJsonPath(path);
  if (!parsed.ok) throw new Error(parsed.error);
  return readJsonPath(doc, parsed.segments);
};

describe('JSONPath subset', () => {
  it('parses $, .key, quoted keys and indexes', () => {
    expect(parseJsonPath('$')).toEqual({ ok: true, segments: [] });
    expect(parseJsonPath(`$.items[0].id`)).toEqual({ ok: true, segments: ['items', 0, 'id'] });
    expect(parseJsonPath(`$['a key']["b\\"q"][12]`)).toEqual({ ok: true, segments: ['a key', 'b"q', 12] });
  });

  it.each([
    ['items', 'starts with $'],
    ['$.', "after '.'"],
    ['$[*]', 'inside []'],
    ['$..id', "after '.'"],
    ['$[?(@.x)]', 'inside []'],
    ['$[-1]', 'inside []'],
    ["$['open", 'unclosed'],
    ['$ .a', "unexpected ' '"],
  ])('rejects %j (%s)', (path, message) => {
    const parsed = parseJsonPath(path);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toContain(message);
  });

  it('bounds the length and the number of segments', () => {
    expect(parseJsonPath(`$${'.a'.repeat(JSON_PATH_MAX_LENGTH)}`)).toEqual({ ok: false, error: expect.stringContaining('characters') });
    expect(parseJsonPath(`$${'.a'.repeat(33)}`)).toEqual({ ok: false, error: expect.stringContaining('segments') });
  });

  it('reads the value or reports nothing found, without walking prototypes', () => {
    const doc = { items: [{ id: 7, tags: ['x'] }], 'a key': null };
    expect(read(doc, '$.items[0].id')).toEqual({ found: true, value: 7 });
    expect(read(doc, "$['a key']")).toEqual({ found: true, value: null });
    expect(read(doc, '$.items[1].id')).toEqual({ found: false });
    expect(read(doc, '$.items.id')).toEqual({ found: false });
    expect(read(doc, '$[0]')).toEqual({ found: false });
    expect(read(doc, '$.constructor')).toEqual({ found: false });
    expect(read(doc, '$.items[0].tags.length')).toEqual({ found: false });
  });
});
