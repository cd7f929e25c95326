import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { SuiteError } from '@/lib/cli/errors';
import { loadSuite } from '@/lib/cli/suite/load';
import { sequenceOf } from '@/lib/cli/suite/sequence';

/** CLI suites (issue 17): a case takes the sequence fields inline or from an exported case file. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-sequence-suite-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const SEARCH = { server: 'todo', tool: 'search_todos', arguments: { query: 'milk' } };
const UPDATE = { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.items[0].id' } } } };
const sequence = { mode: 'sequence', expectedCalls: [SEARCH, UPDATE], callOrder: 'any', maxSteps: 3, forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }], execute: 'read-only' };

function writeSuite(cases: unknown[]): string {
  const file = path.join(dir, `suite-${Math.random().toString(36).slice(2)}.yaml`);
  fs.writeFileSync(file, stringify({ servers: { todo: { transport: 'static', tools: [{ name: 'search_todos', inputSchema: { type: 'object' } }] } }, models: [{ provider: 'local', model: 'lexical' }], testCases: cases }));
  return file;
}

describe('suite cases with sequence fields', () => {
  it('reads them inline and from a JSON case file, and passes on only those set', () => {
    fs.writeFileSync(path.join(dir, 'cases.json'), JSON.stringify([{ name: 'from file', query: 'q', servers: ['todo'], expectedServer: 'todo', expectedTool: 'search_todos', expectedParameters: { query: 'milk' }, ...sequence }]));
    const suite = loadSuite(writeSuite([{ name: 'inline', query: 'q', servers: ['todo'], ...sequence }, { file: 'cases.json' }, { name: 'plain', query: 'q', servers: ['todo'] }]), {});
    const [inline, fromFile, plain] = suite.cases;
    expect(sequenceOf(inline!)).toEqual(sequence);
    expect(sequenceOf(fromFile!)).toEqual(sequence);
    expect(sequenceOf(plain!)).toEqual({});
  });

  it('refuses a bad value with the field named', () => {
    const file = writeSuite([{ name: 'bad', query: 'q', servers: ['todo'], mode: 'sequence', maxSteps: 40 }]);
    expect(() => loadSuite(file, {})).toThrow(SuiteError);
    try {
      loadSuite(file, {});
    } catch (err) {
      expect(JSON.stringify((err as SuiteError).problems)).toContain('maxSteps');
    }
  });

  /** The problems a suite is refused with (none: it loads). */
  function problemsOf(file: string): SuiteError['problems'] {
    try {
      loadSuite(file, {});
      return [];
    } catch (err) {
      if (err instanceof SuiteError) return err.problems;
      throw err;
    }
  }

  it('applies the API cross-field rules inline: a selection case with loop fields, a forbidden expected tool, a pair unlike expectedCalls[0]', () => {
    const file = writeSuite([
      { name: 'ok', query: 'q', servers: ['todo'], expectedServer: 'todo', expectedTool: 'search_todos' },
      { name: 'selection with loop fields', query: 'q', servers: ['todo'], expectedServer: 'todo', expectedTool: 'search_todos', maxSteps: 3, execute: 'read-only' },
      { name: 'forbids its own call', query: 'q', servers: ['todo'], ...sequence, forbiddenTools: [{ server: 'todo', tool: 'update_todo' }] },
      { name: 'pair unlike first call', query: 'q', servers: ['todo'], ...sequence, expectedServer: 'todo', expectedTool: 'update_todo' },
    ]);
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    const lineOf = (text: string, after: string) => lines.findIndex((l, i) => i > lines.findIndex((m) => m.includes(after)) && l.includes(text)) + 1;
    const problems = problemsOf(file);
    expect(problems.map((p) => p.field).sort()).toEqual(['testCases[1].execute', 'testCases[1].maxSteps', 'testCases[2].forbiddenTools[0]', 'testCases[3].expectedCalls']);
    for (const p of problems) expect(p.file).toBe(file);
    expect(problems.find((p) => p.field === 'testCases[1].maxSteps')).toMatchObject({ line: lineOf('maxSteps', 'selection with loop fields'), message: expect.stringMatching(/^maxSteps needs mode "sequence"/) });
    expect(problems.find((p) => p.field === 'testCases[2].forbiddenTools[0]')?.message).toBe('todo/update_todo is an expected call and cannot be forbidden');
  });

  it('applies them to a case file row too, naming the file, its row and the field', () => {
    fs.writeFileSync(
      path.join(dir, 'bad-cases.jsonl'),
      [
        JSON.stringify({ name: 'fine', query: 'q', servers: ['todo'], expectedServer: 'todo', expectedTool: 'search_todos' }),
        JSON.stringify({ name: 'selection mocks', query: 'q', servers: ['todo'], expectedServer: 'todo', expectedTool: 'search_todos', mockResults: [{ server: 'todo', tool: 'search_todos', result: { text: '[]' } }] }),
      ].join('\n'),
    );
    const problems = problemsOf(writeSuite([{ file: 'bad-cases.jsonl' }]));
    expect(problems).toEqual([{ file: path.join(dir, 'bad-cases.jsonl'), line: 2, field: 'bad-cases.jsonl row 2', message: expect.stringMatching(/^mockResults: mockResults needs mode "sequence"/) }]);
  });

  it('refuses a $fromResult past the expected calls with its path', () => {
    const past = { ...UPDATE, arguments: { id: { $fromResult: { call: 5, path: '$.items[0].id' } } } };
    const problems = problemsOf(writeSuite([{ name: 'past', query: 'q', servers: ['todo'], mode: 'sequence', expectedCalls: [SEARCH, past] }]));
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toMatch(/^testCases\[0\]\.expectedCalls\[1\]\.arguments\.id/);
    expect(problems[0]!.message).toMatch(/past the expected calls/);
  });
});
