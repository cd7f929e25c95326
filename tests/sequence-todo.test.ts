import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getRun } from '@/db/queries/runs';
import { getCallResults } from '@/db/queries/sequence-runs';
import { insertServer } from '@/db/queries/servers';
import type { McpServerRow } from '@/db/schema';
import { executeRun } from '@/lib/eval/run/runner';
import type { Trajectory } from '@/lib/eval/sequence/types';
import { getDemoState, resetDemoState } from '@/lib/mcp/demo/state';
import { SENTINEL_API_KEY } from '@/lib/providers/testing/fixtures';
import { agentScript } from '@/tests/helpers/agent-script';
import { startDemoServers } from '@/tests/helpers/demo-server';
import { seedRun } from '@/tests/helpers/eval-seed';
import { startLlmServer, type LlmServer } from '@/tests/helpers/llm-server';
import { scriptedModel, seedSequenceCase, sequenceContext } from '@/tests/helpers/sequence-seed';

/**
 * Sequence mode against the demo todo server, for real over streamable HTTP, with the model
 * scripted through the real OpenAI and Anthropic SDKs. The server's state is read afterwards
 * to tell what was executed from what was only mocked.
 */

let demo: { baseUrl: string; close(): Promise<void> };
let todo: McpServerRow;
let llm: LlmServer | undefined;

beforeAll(async () => {
  demo = await startDemoServers();
  todo = await insertServer({ name: 'todo', transport: 'streamable-http', url: `${demo.baseUrl}/demo/todo/mcp` });
});
afterAll(async () => {
  await demo.close();
});
beforeEach(() => resetDemoState());
afterEach(async () => {
  await llm?.close();
  llm = undefined;
});

type ChatBody = { messages: Record<string, unknown>[] };

async function trajectoryOf(runId: string): Promise<Trajectory> {
  const trajectory = (await getRun(runId))?.trajectory;
  if (!trajectory) throw new Error(`run ${runId} has no trajectory`);
  return trajectory;
}

const SEARCH_THEN_COMPLETE = agentScript([
  () => ({ toolCalls: [{ name: 'search_todos', arguments: { query: 'SSL certificate' } }], usage: { inputTokens: 100, outputTokens: 10 } }),
  (turn) => ({ toolCalls: [{ name: 'update_todo', arguments: { id: turn.read(0, 'todos', 0, 'id'), completed: true } }], usage: { inputTokens: 150, outputTokens: 12 } }),
  (turn) => ({ text: `Done: ${String(turn.read(0, 'todo', 'title'))} is completed.`, usage: { inputTokens: 200, outputTokens: 8 } }),
]);

describe.each(['openai', 'anthropic'] as const)('sequence mode on the demo todo server (%s)', (api) => {
  const baseUrl = (s: LlmServer) => (api === 'openai' ? s.openaiBaseUrl : s.anthropicBaseUrl);

  it('searches, then updates the id the search returned ($fromResult): both executed for real, the case TP', async () => {
    llm = await startLlmServer({ respond: SEARCH_THEN_COMPLETE });
    const caseId = await seedSequenceCase([todo], {
      query: 'Find the todo about the SSL certificate and mark it done',
      execute: { allow: [{ server: 'todo', tool: 'search_todos' }, { server: 'todo', tool: 'update_todo' }] },
      expectedCalls: [
        { server: 'todo', tool: 'search_todos' },
        { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.todos[0].id' } }, completed: true } },
      ],
    });
    const run = await seedRun(caseId, 1, scriptedModel(api, baseUrl(llm)));
    const outcome = await executeRun(run, sequenceContext(SENTINEL_API_KEY), new AbortController().signal);

    expect(outcome).toEqual({ status: 'completed', classification: 'TP', errorMessage: null });
    expect(getDemoState().todos.items.get('2')?.completed).toBe(true);
    const trajectory = await trajectoryOf(run.id);
    expect(trajectory.stop).toBe('answered');
    expect(trajectory.finalText).toBe('Done: Renew the SSL certificate is completed.');
    expect(trajectory.calls.map((c) => [c.step, c.server, c.tool, c.source, c.result.isError])).toEqual([
      [0, 'todo', 'search_todos', 'executed', false],
      [1, 'todo', 'update_todo', 'executed', false],
    ]);
    expect(trajectory.calls[1]?.arguments).toEqual({ id: '2', completed: true });
    expect(trajectory.calls[1]?.result.json).toMatchObject({ todo: { id: '2', completed: true }, changed: ['completed'] });
    expect(trajectory.steps.map((s) => [s.callCount, s.inputTokens, s.outputTokens])).toEqual([
      [1, 100, 10],
      [1, 150, 12],
      [0, 200, 8],
    ]);
    expect(await getRun(run.id)).toMatchObject({ status: 'completed', classification: 'TP', steps: 3, inputTokens: 450, outputTokens: 30, selectedTool: 'search_todos' });
    expect((await getCallResults(run.id)).map((c) => [c.expectedIndex, c.callIndex, c.outcome, c.argumentCorrectness])).toEqual([
      [0, 0, 'TP', null],
      [1, 1, 'TP', 1],
    ]);
    // The key reached the provider and nowhere else.
    expect(JSON.stringify(await getRun(run.id))).not.toContain(SENTINEL_API_KEY);
  });

  it('mocks a destructive call the case does not allow: it never reaches the server; a call with no script is "not executed"', async () => {
    llm = await startLlmServer({
      respond: agentScript([
        () => ({ toolCalls: [{ name: 'search_todos', arguments: { query: 'coffee' } }] }),
        (turn) => ({
          toolCalls: [
            { name: 'delete_todo', arguments: { id: turn.read(0, 'todos', 0, 'id') } },
            { name: 'update_todo', arguments: { id: '1', completed: true } },
          ],
        }),
        () => ({ text: 'Deleted.' }),
      ]),
    });
    const caseId = await seedSequenceCase([todo], {
      query: 'Delete the coffee todo',
      execute: 'read-only',
      mockResults: [
        { server: 'todo', tool: 'delete_todo', match: { id: '99' }, result: { text: 'wrong mock' } },
        { server: 'todo', tool: 'delete_todo', match: { id: '3' }, result: { text: '{"deleted":true}' } },
      ],
      expectedCalls: [
        { server: 'todo', tool: 'search_todos' },
        { server: 'todo', tool: 'delete_todo', arguments: { id: { $fromResult: { call: 0, path: '$.todos[0].id' } } } },
      ],
    });
    const run = await seedRun(caseId, 1, scriptedModel(api, baseUrl(llm)));
    const outcome = await executeRun(run, sequenceContext(SENTINEL_API_KEY), new AbortController().signal);

    expect(outcome.status).toBe('completed');
    // The server still holds both todos: neither the delete nor the update ran.
    expect(getDemoState().todos.items.get('3')?.title).toBe('Buy coffee beans');
    expect(getDemoState().todos.items.get('1')?.completed).toBe(false);
    const calls = (await trajectoryOf(run.id)).calls;
    expect(calls.map((c) => [c.tool, c.source, c.result.text.slice(0, 40)])).toEqual([
      ['search_todos', 'executed', expect.stringContaining('"query": "coffee"') as unknown as string],
      ['delete_todo', 'mock', '{"deleted":true}'],
      ['update_todo', 'not_executed', '(not executed: evaluation) This tool cal'],
    ]);
    // The model was shown the mock and the refusal as ordinary results of its calls.
    const lastBody = llm.requests.at(-1)?.body as ChatBody;
    expect(JSON.stringify(lastBody.messages)).toContain('{\\"deleted\\":true}');
    expect((await getCallResults(run.id)).map((c) => [c.tool, c.outcome])).toEqual([
      ['search_todos', 'TP'],
      ['delete_todo', 'TP'],
      ['update_todo', 'FP'],
    ]);
  });
});
