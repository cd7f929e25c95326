import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getRun } from '@/db/queries/runs';
import { getCallResults } from '@/db/queries/sequence-runs';
import { insertServer } from '@/db/queries/servers';
import { executeRun } from '@/lib/eval/run/runner';
import { envColumn } from '@/lib/servers/stored-secrets';
import { SENTINEL_API_KEY } from '@/lib/providers/testing/fixtures';
import { agentScript } from '@/tests/helpers/agent-script';
import { seedRun } from '@/tests/helpers/eval-seed';
import { startLlmServer, type LlmServer } from '@/tests/helpers/llm-server';
import { scriptedModel, seedSequenceCase, sequenceContext } from '@/tests/helpers/sequence-seed';
import { waitFor } from '@/tests/helpers/wait';

/**
 * Sequence mode against the npm reference server @modelcontextprotocol/server-memory, started
 * over stdio by the app's own transport (one session for the run): entities are created and
 * the graph read back for real; a destructive call the case does not allow never reaches it.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-sequence-memory-'));
const entry = path.resolve('node_modules/@modelcontextprotocol/server-memory/dist/index.js');
let llm: LlmServer | undefined;

afterEach(async () => {
  await llm?.close();
  llm = undefined;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Processes whose command line holds `marker` (the server's children are found by it). */
function processesWith(marker: string): string[] {
  try {
    return execFileSync('pgrep', ['-f', '--', marker], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

describe.each(['openai', 'anthropic'] as const)('sequence mode on server-memory over stdio (%s)', (api) => {
  it('creates an entity, reads the graph back with it, and a delete the case does not allow leaves it there', async () => {
    const memoryFile = path.join(dir, `${api}.jsonl`);
    const marker = `sequence-test-marker-${api}-${process.pid}`;
    const alive: number[] = [];
    const memory = await insertServer({ name: `memory-${api}`, transport: 'stdio', command: process.execPath, args: [entry, marker], envSecret: envColumn({ MEMORY_FILE_PATH: memoryFile }) });
    llm = await startLlmServer({
      respond: agentScript([
        () => ({ toolCalls: [{ name: 'create_entities', arguments: { entities: [{ name: 'Alice', entityType: 'person', observations: ['works at Acme'] }] } }] }),
        () => {
          alive.push(processesWith(marker).length);
          return { toolCalls: [{ name: 'read_graph', arguments: {} }] };
        },
        (turn) => {
          alive.push(processesWith(marker).length);
          return { toolCalls: [{ name: 'delete_entities', arguments: { entityNames: [turn.read(0, 'entities', 0, 'name')] } }] };
        },
        () => ({ text: 'Alice works at Acme.' }),
      ]),
    });
    const caseId = await seedSequenceCase([memory], {
      query: 'Remember that Alice works at Acme, then show me everything you know',
      execute: { allow: [{ server: memory.name, tool: 'create_entities' }, { server: memory.name, tool: 'read_graph' }] },
      expectedCalls: [
        { server: memory.name, tool: 'create_entities', arguments: { entities: [{ name: 'Alice', entityType: 'person', observations: ['works at Acme'] }] } },
        { server: memory.name, tool: 'read_graph' },
      ],
      forbiddenTools: [{ server: memory.name, tool: 'delete_entities' }],
    });
    const run = await seedRun(caseId, 1, scriptedModel(api, api === 'openai' ? llm.openaiBaseUrl : llm.anthropicBaseUrl));
    const outcome = await executeRun(run, sequenceContext(SENTINEL_API_KEY), new AbortController().signal);

    const stored = await getRun(run.id);
    const calls = stored?.trajectory?.calls ?? [];
    expect(calls.map((c) => [c.tool, c.source])).toEqual([
      ['create_entities', 'executed'],
      ['read_graph', 'executed'],
      ['delete_entities', 'not_executed'],
    ]);
    // The second call's result is the graph the first call wrote, read from the real server.
    expect(calls[1]?.result.json).toEqual({ entities: [{ name: 'Alice', entityType: 'person', observations: ['works at Acme'] }], relations: [] });
    // The forbidden delete was never sent: Alice is still on disk.
    expect(fs.readFileSync(memoryFile, 'utf8')).toContain('"name":"Alice"');
    expect(outcome).toMatchObject({ status: 'completed', classification: 'FN' });
    expect(stored?.failureReasons).toContain('forbidden_tool:delete_entities');
    expect((await getCallResults(run.id)).map((c) => [c.tool, c.outcome, c.argumentCorrectness])).toEqual([
      ['create_entities', 'TP', 1],
      ['read_graph', 'TP', null],
      ['delete_entities', 'FP', null],
    ]);
    // One server process served the run's calls (one session), and it ended with the run.
    expect(alive).toEqual([1, 1]);
    await waitFor(() => processesWith(marker).length === 0, 5_000);
  });
});
