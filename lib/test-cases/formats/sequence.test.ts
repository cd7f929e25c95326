import { describe, expect, it } from 'vitest';
import { csvFormat } from './csv';
import { jsonlFormat } from './jsonl';
import { sequenceRecordFields } from './sequence';
import type { TestCaseRecord } from './types';

const plain: TestCaseRecord = { name: 'plain', query: 'q', servers: ['todo'], expectedServer: 'todo', expectedTool: 'search_todos', expectedParameters: null };
const calls = [
  { server: 'todo', tool: 'search_todos' },
  { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.todos[0].id' } } } },
];
const sequence: TestCaseRecord = { ...plain, name: 'seq', mode: 'sequence', expectedCalls: calls, callOrder: 'any', maxSteps: 3, execute: { allow: [{ server: 'todo', tool: 'search_todos' }] }, context: [{ role: 'user', content: '=1+1, "quoted"' }] };

describe('sequence fields in files', () => {
  it('keeps only values that differ from a selection case (one expected call is the pair)', () => {
    expect(sequenceRecordFields({ mode: 'selection', callOrder: 'exact', maxSteps: 5, execute: 'none', expectedCalls: [calls[0]!], context: [], forbiddenTools: null, mockResults: null })).toEqual({});
    expect(Object.keys(sequenceRecordFields(sequence))).toEqual(['mode', 'expectedCalls', 'callOrder', 'context', 'maxSteps', 'execute']);
  });

  it('CSV: no sequence columns for selection cases; with a sequence case, JSON cells that read back (formula-looking text too)', () => {
    expect(csvFormat.serialize([plain]).split('\r\n')[0]).toBe('name,query,servers,expectedServer,expectedTool,expectedParameters,argumentMatching,tags');
    const text = csvFormat.serialize([plain, sequence]);
    expect(text.split('\r\n')[0]).toBe('name,query,servers,expectedServer,expectedTool,expectedParameters,argumentMatching,tags,mode,expectedCalls,callOrder,context,forbiddenTools,maxSteps,execute,mockResults');
    const rows = csvFormat.parse(text);
    expect(rows[0]).toEqual({ row: 1, value: expect.not.objectContaining({ mode: expect.anything() }) });
    expect(rows[1]).toEqual({ row: 2, value: expect.objectContaining({ mode: 'sequence', expectedCalls: calls, callOrder: 'any', maxSteps: 3, execute: sequence.execute, context: sequence.context }) });
  });

  it('CSV: a sequence cell that is not JSON fails its row, naming the column; words pass through for the schema to judge', () => {
    const header = 'name,query,servers,mode,expectedCalls,maxSteps,execute';
    const rows = csvFormat.parse(`${header}\na,q,todo,sequence,[oops,,\nb,q,todo,sequence,,many,read-only\n`);
    expect(rows[0]).toEqual({ row: 1, error: expect.stringMatching(/^expectedCalls is not valid JSON/) });
    expect(rows[1]).toEqual({ row: 2, value: expect.objectContaining({ maxSteps: 'many', execute: 'read-only' }) });
  });

  it('JSONL carries them as JSON', () => {
    const [row] = jsonlFormat.parse(jsonlFormat.serialize([sequence]));
    expect(row).toEqual({ row: 1, value: expect.objectContaining({ mode: 'sequence', expectedCalls: calls, maxSteps: 3 }) });
  });
});
