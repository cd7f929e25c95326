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
});
