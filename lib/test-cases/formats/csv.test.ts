import { describe, expect, it } from 'vitest';
import type { ValidationError } from '@/lib/errors';
import { csvFormat } from './csv';
import type { TestCaseRecord } from './types';

const HEADER = 'name,query,servers,expectedServer,expectedTool,expectedParameters';

const record = (over: Partial<TestCaseRecord> = {}): TestCaseRecord => ({
  name: 'n',
  query: 'q',
  servers: ['s'],
  expectedServer: null,
  expectedTool: null,
  expectedParameters: null,
  ...over,
});

const invalidDocument = expect.objectContaining({ code: 'invalid_document' }) as ValidationError;

describe('csv parse', () => {
  it('reads quotes, doubled quotes, commas and line breaks inside fields, with CRLF and a BOM', () => {
    const text = `\uFEFF${HEADER}\r\n"a, ""b""","line1\r\nline2",s1; s2 ;,s1,get,"{""city"":""Paris""}"\r\n`;
    expect(csvFormat.parse(text)).toEqual([
      { row: 1, value: { name: 'a, "b"', query: 'line1\r\nline2', servers: ['s1', 's2'], expectedServer: 's1', expectedTool: 'get', expectedParameters: { city: 'Paris' } } },
    ]);
  });

  it('accepts snake_case and any-case headers, in any order, ignoring unknown columns', () => {
    const text = 'ID,Query,NAME,expected_server,Expected_Tool,EXPECTED_PARAMETERS,SERVERS\n7,q,n,s,t,,s\n';
    expect(csvFormat.parse(text)).toEqual([{ row: 1, value: { name: 'n', query: 'q', servers: ['s'], expectedServer: 's', expectedTool: 't', expectedParameters: null } }]);
  });

  it('treats empty and missing optional columns as empty (servers [] and nulls)', () => {
    expect(csvFormat.parse('name,query\nn,q')).toEqual([{ row: 1, value: { name: 'n', query: 'q', servers: [], expectedServer: null, expectedTool: null, expectedParameters: null } }]);
    expect(csvFormat.parse(`${HEADER}\nn,q,,  ,,`)).toEqual([{ row: 1, value: { name: 'n', query: 'q', servers: [], expectedServer: null, expectedTool: null, expectedParameters: null } }]);
  });

  it('numbers data rows from 1, counts a multi-line record once and skips (but counts) blank lines', () => {
    const text = `${HEADER}\na,"multi\nline\nquery",s,,,\n\nb,q,s,,,\r\nc,q,s,,,`;
    expect(csvFormat.parse(text).map((r) => [r.row, 'value' in r ? r.value.name : r.error])).toEqual([
      [1, 'a'],
      [3, 'b'],
      [4, 'c'],
    ]);
  });

  it('reports bad rows without failing the document', () => {
    const text = [HEADER, 'a,q,s,,,', 'too,few', 'b,q,s,,,{not json}', 'c,q,s,,,[1]', '"d"x,q,s,,,', 'e,q,s,,,null', '"f,q,s,,,'].join('\n');
    expect(csvFormat.parse(text)).toEqual([
      { row: 1, value: expect.objectContaining({ name: 'a' }) },
      { row: 2, error: 'the row has 2 fields but the header has 6' },
      { row: 3, error: expect.stringMatching(/^expectedParameters is not valid JSON: /) },
      { row: 4, error: 'expectedParameters must be a JSON object' },
      { row: 5, error: 'unexpected text after the closing quote of a field' },
      { row: 6, value: expect.objectContaining({ name: 'e', expectedParameters: null }) },
      { row: 7, error: 'a quoted field is never closed' },
    ]);
  });

  it('returns no rows for a header-only document', () => {
    expect(csvFormat.parse(`${HEADER}\r\n`)).toEqual([]);
  });

  it.each([
    ['empty', ''],
    ['only whitespace and a BOM', '\uFEFF \r\n '],
    ['missing the query column', 'name,servers\na,s'],
    ['missing name and query', 'foo,bar\n1,2'],
    ['a malformed header', '"name,query\n'],
    ['a duplicated column', 'name,query,expected_server,expectedServer\na,q,s,s'],
    ['a blank first line', '\nname,query\na,q'],
  ])('rejects a document that is %s', (_label, text) => {
    expect(() => csvFormat.parse(text)).toThrow(invalidDocument);
  });

  it('names the missing columns', () => {
    expect(() => csvFormat.parse('name,servers\n')).toThrow(/missing: query/);
  });
});

describe('csv serialize', () => {
  it('writes the header and quotes only fields that need it', () => {
    const text = csvFormat.serialize([
      record({ name: 'plain', query: 'has, comma', servers: ['a', 'b'], expectedServer: 'a', expectedTool: 't', expectedParameters: { k: 'v' } }),
      record({ name: 'say "hi"', query: 'multi\nline' }),
    ]);
    expect(text).toBe(`${HEADER},argumentMatching,tags\r\nplain,"has, comma",a;b,a,t,"{""k"":""v""}",strict,\r\n"say ""hi""","multi\nline",s,,,,strict,\r\n`);
  });

  it('writes and reads the argument matching profile; an old file without the column reads as the default', () => {
    const text = csvFormat.serialize([record({ expectedServer: 's', expectedTool: 't', argumentMatching: 'bfcl' })]);
    expect(text.split('\r\n')[1]).toBe('n,q,s,s,t,,bfcl,');
    expect(csvFormat.parse(text)).toEqual([{ row: 1, value: expect.objectContaining({ argumentMatching: 'bfcl' }) }]);
    const old = csvFormat.parse(`${HEADER}\na,q,s,,,`);
    expect(old).toHaveLength(1);
    expect('value' in old[0]! && Object.hasOwn(old[0].value, 'argumentMatching')).toBe(false);
  });
});

describe('csv tags', () => {
  it('writes tags ";"-separated and reads them back; an empty cell or an old file without the column has none', () => {
    const text = csvFormat.serialize([record({ tags: ['smoke', 'weather v2'] }), record({ name: 'm' })]);
    expect(text.split('\r\n').slice(1, 3)).toEqual(['n,q,s,,,,strict,smoke;weather v2', 'm,q,s,,,,strict,']);
    const rows = csvFormat.parse(text);
    expect(rows[0]).toEqual({ row: 1, value: expect.objectContaining({ tags: ['smoke', 'weather v2'] }) });
    expect('value' in rows[1]! && Object.hasOwn(rows[1].value, 'tags')).toBe(false);
  });
});

describe('csv formula injection', () => {
  it.each(['=1+2', '+cmd', '-2', '@SUM(A1)', '\tx', '\rx'])('prefixes a cell starting with %j with a single quote, and imports it back', (name) => {
    const text = csvFormat.serialize([record({ name })]);
    const firstCell = text.split('\r\n')[1]!.replace(/^"/, '');
    expect(firstCell.startsWith(`'${name}`)).toBe(true);
    expect(csvFormat.parse(text)).toEqual([{ row: 1, value: expect.objectContaining({ name }) }]);
  });

  it('escapes every column, not just the name', () => {
    const text = csvFormat.serialize([record({ query: '=q', servers: ['-s'], expectedServer: '+e', expectedTool: '@t' })]);
    expect(text.split('\r\n')[1]).toBe("n,'=q,'-s,'+e,'@t,,strict,");
  });

  it('removes the quote on import only when a trigger character follows', () => {
    const rows = csvFormat.parse("name,query\n'=x,'plain\n''=y,'\n");
    expect(rows).toEqual([
      { row: 1, value: expect.objectContaining({ name: '=x', query: "'plain" }) },
      { row: 2, value: expect.objectContaining({ name: "'=y", query: "'" }) },
    ]);
  });

  it('keeps values that already start with quotes intact through a round trip', () => {
    const names = ["'=x", "''-y", "'plain", "'"];
    const text = csvFormat.serialize(names.map((name) => record({ name })));
    expect(text.split('\r\n').slice(1, 3)).toEqual(["''=x,q,s,,,,strict,", "'''-y,q,s,,,,strict,"]);
    expect(csvFormat.parse(text).map((r) => ('value' in r ? r.value.name : r.error))).toEqual(names);
  });
});
