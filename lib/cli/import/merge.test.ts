import { describe, expect, it } from 'vitest';
import { asExistingSuite, mergeIntoSuite, type ExistingSuite } from './merge';
import type { ImportedSuite } from './types';

const http = (url: string) => ({ type: 'http' as const, url });
const caseOn = (name: string, server: string, query = `query of ${name}`) => ({ name, query, servers: [server], expectedServer: server, expectedTool: 't', expectedParameters: null });

function imported(cases: ReturnType<typeof caseOn>[], servers: ImportedSuite['servers'], argumentMatching: 'strict' | 'bfcl' = 'strict'): ImportedSuite {
  return { servers, testCases: cases, argumentMatching, report: cases.map((c) => ({ id: c.name, status: 'imported' as const, reason: 'expects t' })) };
}

describe('mergeIntoSuite', () => {
  const existing: ExistingSuite = { name: 'mine', models: [{ provider: 'local', model: 'lexical' }], gates: { f1: 0.8 }, servers: { a: http('http://a/') }, testCases: [caseOn('one', 'a'), { file: 'cases.json' }] };

  it('keeps the file, adds new cases and servers, and reports unchanged cases as already imported', () => {
    const merged = mergeIntoSuite(imported([caseOn('ONE', 'a', 'query of one'), caseOn('two', 'b')], { a: http('http://a/'), b: http('http://b/') }), existing);
    expect(merged.report.map((r) => r.status)).toEqual(['skipped', 'imported']);
    // 'ONE' has the same key as 'one' but another name: it differs.
    expect(merged.report[0]?.reason).toMatch(/already has a case one that differs/);
    expect(merged.suite).toMatchObject({ name: 'mine', gates: { f1: 0.8 }, servers: { a: http('http://a/'), b: http('http://b/') } });
    expect(merged.suite.testCases).toHaveLength(3);

    const again = mergeIntoSuite(imported([caseOn('one', 'a'), caseOn('two', 'b')], { a: http('http://a/'), b: http('http://b/') }), merged.suite);
    expect(again.report.map((r) => r.status)).toEqual(['already imported', 'already imported']);
    expect(again.suite).toEqual(merged.suite);
  });

  it('skips a case whose server the file defines differently, and gives new cases the import matching when the file default differs', () => {
    const merged = mergeIntoSuite(imported([caseOn('x', 'a'), caseOn('y', 'c')], { a: http('http://elsewhere/'), c: http('http://c/') }, 'bfcl'), existing);
    expect(merged.report.map((r) => [r.status, r.reason])).toEqual([
      ['skipped', 'the suite defines its server a differently'],
      ['imported', 'expects t'],
    ]);
    expect(merged.suite.servers).toEqual({ a: http('http://a/'), c: http('http://c/') });
    expect(merged.suite.testCases.at(-1)).toMatchObject({ name: 'y', argumentMatching: 'bfcl' });
  });

  it('refuses a file that is not a suite', () => {
    expect(asExistingSuite([1])).toMatch(/not a suite/);
    expect(asExistingSuite({ servers: [], testCases: [] })).toMatch(/servers/);
    expect(asExistingSuite({ servers: {}, testCases: {} })).toMatch(/testCases/);
    expect(asExistingSuite({ servers: {}, testCases: [] })).toEqual({ servers: {}, testCases: [] });
  });
});
