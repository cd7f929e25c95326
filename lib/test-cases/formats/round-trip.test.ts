import { describe, expect, it } from 'vitest';
import { TEST_CASE_FORMATS } from './registry';
import type { ParsedRow, TestCaseRecord } from './types';

const TRICKY: TestCaseRecord[] = [
  {
    name: 'weather, "quoted"',
    query: 'What is the weather in "Paris", France?\nAnswer briefly.\r\nThanks',
    servers: ['weather', 'maps'],
    expectedServer: 'weather',
    expectedTool: 'get_forecast',
    expectedParameters: { city: 'Paris', days: 3, units: { $regex: '^(metric|si)$' }, tags: ['a', 'b'], nested: { deep: { $contains: 'x' } } },
    argumentMatching: 'bfcl',
    tags: ['smoke', 'weather v2', 'a-b.c_d'],
  },
  {
    name: 'negative: small talk',
    query: 'Tell me a joke 😀 — über naïve 日本語',
    servers: ['weather'],
    expectedServer: null,
    expectedTool: null,
    expectedParameters: null,
    argumentMatching: 'strict',
  },
  {
    name: '=HYPERLINK("http://evil")',
    query: '-5 degrees? +1 @mention\ttab',
    servers: [],
    expectedServer: 'maps',
    expectedTool: '@tool',
    expectedParameters: { $regex: '^a' },
    argumentMatching: 'strict',
  },
  {
    name: "'=already quoted",
    query: "''+two quotes",
    servers: ['a.b', 'c d'],
    expectedServer: 'c d',
    expectedTool: "it's",
    expectedParameters: {},
    argumentMatching: 'bfcl',
  },
  { name: '  padded  ', query: '\tleading tab', servers: ['x'], expectedServer: null, expectedTool: 'tool', expectedParameters: null, argumentMatching: 'strict' },
  { name: 'cr', query: '\rstarts with CR', servers: ['x'], expectedServer: 'x', expectedTool: null, expectedParameters: { n: null, b: false }, argumentMatching: 'bfcl' },
];

const values = (rows: ParsedRow[]) =>
  rows.map((r) => {
    if ('error' in r) throw new Error(`row ${r.row}: ${r.error}`);
    return r.value;
  });

describe.each(Object.values(TEST_CASE_FORMATS))('$id round trip', (format) => {
  it('gives back every record, tricky values included', () => {
    const text = format.serialize(TRICKY);
    const rows = format.parse(text);
    expect(values(rows)).toEqual(TRICKY);
    // Multi-line values must not shift the numbering: CSV counts records, JSONL escapes line breaks.
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('serializes an empty list', () => {
    const text = format.serialize([]);
    // An empty JSONL file is indistinguishable from an empty upload, which is refused.
    if (format.id === 'jsonl') expect(text).toBe('');
    else expect(format.parse(text)).toEqual([]);
  });

  it('drops extra properties a caller passes along', () => {
    const withExtras = { ...TRICKY[1]!, id: 'tc_1', createdAt: 'now' } as TestCaseRecord;
    expect(values(format.parse(format.serialize([withExtras])))).toEqual([TRICKY[1]]);
  });
});
