import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getRun } from '@/db/queries/runs';
import { insertServer } from '@/db/queries/servers';
import type { McpServerRow } from '@/db/schema';
import { executeRun } from '@/lib/eval/run/runner';
import type { Trajectory } from '@/lib/eval/sequence/types';
import { getDemoState, resetDemoState } from '@/lib/mcp/demo/state';
import { DEFAULT_SYSTEM_PROMPT } from '@/lib/providers/shared/prompts';
import { SENTINEL_API_KEY } from '@/lib/providers/testing/fixtures';
import { agentScript } from '@/tests/helpers/agent-script';
import { startDemoServers } from '@/tests/helpers/demo-server';
import { FAKE_MODEL, seedRun } from '@/tests/helpers/eval-seed';
import { startLlmServer, type LlmServer } from '@/tests/helpers/llm-server';
import { scriptedModel, seedSequenceCase, sequenceContext } from '@/tests/helpers/sequence-seed';
import { waitFor } from '@/tests/helpers/wait';

/** The loop's stopping rules, errors fed back, context and cancellation, on the real demo todo server. */

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

type Body = { messages: Record<string, unknown>[] };

async function trajectoryOf(runId: string): Promise<Trajectory> {
  const trajectory = (await getRun(runId))?.trajectory;
  if (!trajectory) throw new Error(`run ${runId} has no trajectory`);
  return trajectory;
}

async function runCase(caseId: string, api: 'openai' | 'anthropic' = 'openai', signal = new AbortController().signal) {
  if (!llm) throw new Error('start the scripted model first');
  const run = await seedRun(caseId, 1, scriptedModel(api, api === 'openai' ? llm.openaiBaseUrl : llm.anthropicBaseUrl));
  const outcome = await executeRun(run, sequenceContext(SENTINEL_API_KEY), signal);
  return { run, outcome };
}

describe('sequence mode: stopping, errors and context', () => {
  it('stops at maxSteps when the model keeps calling, and says so', async () => {
    llm = await startLlmServer({ respond: agentScript([() => ({ toolCalls: [{ name: 'list_todos', arguments: {} }] })]) });
    const caseId = await seedSequenceCase([todo], { query: 'Show my todos', maxSteps: 2, execute: 'read-only', expectedCalls: [{ server: 'todo', tool: 'list_todos' }] });
    const { run, outcome } = await runCase(caseId);
    expect(outcome).toMatchObject({ status: 'completed', classification: 'TP' });
    const trajectory = await trajectoryOf(run.id);
    expect(trajectory.stop).toBe('max_steps');
    expect(trajectory.steps).toHaveLength(2);
    expect(trajectory.calls.map((c) => c.source)).toEqual(['executed', 'executed']);
    expect(llm.requests).toHaveLength(2);
    expect((await getRun(run.id))?.failureReasons).toContain('max_steps');
  });

  it.each(['openai', 'anthropic'] as const)('feeds a tool error back in the wire format (%s) and the model goes on', async (api) => {
    llm = await startLlmServer({
      respond: agentScript([
        () => ({ toolCalls: [{ name: 'update_todo', arguments: { id: '999', completed: true } }] }),
        (turn) => ({ text: turn.results[0]?.isError || /not found/.test(turn.results[0]?.content ?? '') ? 'That todo does not exist.' : 'Done.' }),
      ]),
    });
    const caseId = await seedSequenceCase([todo], { query: 'Complete todo 999', execute: { allow: [{ server: 'todo', tool: 'update_todo' }] }, expectedCalls: [{ server: 'todo', tool: 'update_todo' }] });
    const { run } = await runCase(caseId, api);
    const trajectory = await trajectoryOf(run.id);
    expect(trajectory.calls[0]).toMatchObject({ source: 'executed', result: { isError: true, text: "Todo '999' not found. Existing todo ids: 1, 2, 3." } });
    expect(trajectory.finalText).toBe('That todo does not exist.');
    const last = (llm.requests[1]?.body as Body).messages.at(-1);
    if (api === 'openai') expect(last).toEqual({ role: 'tool', tool_call_id: trajectory.calls[0]?.id, content: "Todo '999' not found. Existing todo ids: 1, 2, 3." });
    else expect(last).toEqual({ role: 'user', content: [{ type: 'tool_result', tool_use_id: trajectory.calls[0]?.id, content: "Todo '999' not found. Existing todo ids: 1, 2, 3.", is_error: true }] });
    expect((await getRun(run.id))?.failureReasons).toContain('tool_error:update_todo');
  });

  it('never sends arguments the tool schema refuses, nor a call of a tool that was not offered', async () => {
    llm = await startLlmServer({
      respond: agentScript([
        () => ({
          toolCalls: [
            { name: 'update_todo', arguments: { id: 2, completed: 'yes' } },
            { name: 'launch_rocket', arguments: {} },
            { name: 'create_todo', arguments: '{"title": ' },
          ],
        }),
        () => ({ text: 'Gave up.' }),
      ]),
    });
    const caseId = await seedSequenceCase([todo], { query: 'Complete todo 2', execute: { allow: [{ server: 'todo', tool: 'update_todo' }, { server: 'todo', tool: 'create_todo' }] } });
    const { run } = await runCase(caseId);
    expect(getDemoState().todos.items.get('2')?.completed).toBe(false);
    expect(getDemoState().todos.items.size).toBe(3);
    const calls = (await trajectoryOf(run.id)).calls;
    expect(calls.map((c) => [c.server, c.tool, c.source, c.result.isError])).toEqual([
      ['todo', 'update_todo', 'error', true],
      ['(unknown)', 'launch_rocket', 'error', true],
      ['todo', 'create_todo', 'error', true],
    ]);
    expect(calls[0]?.result.text).toMatch(/^Invalid arguments \(not sent to the server\): /);
    expect(calls[1]?.result.text).toBe("Unknown tool 'launch_rocket': no tool of that name was offered.");
    expect(calls[2]?.result.text).toMatch(/^The call's arguments could not be read: arguments are not valid JSON/);
  });

  it('sends the context turns verbatim before the query, with the tools under their offered names', async () => {
    llm = await startLlmServer({ default: { text: 'It is done already.' } });
    const caseId = await seedSequenceCase([todo], {
      query: 'Now mark it done',
      context: [
        { role: 'user', content: 'What do I have to do about the certificate?' },
        { role: 'assistant', content: 'Let me search.', toolCalls: [{ id: 'ctx_1', server: 'todo', tool: 'search_todos', arguments: { query: 'certificate' } }] },
        { role: 'tool', callId: 'ctx_1', content: '{"todos":[{"id":"2","title":"Renew the SSL certificate"}]}' },
        { role: 'assistant', content: 'Todo 2: Renew the SSL certificate.' },
      ],
    });
    const { run } = await runCase(caseId);
    expect((llm.requests[0]?.body as Body).messages).toEqual([
      { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
      { role: 'user', content: 'What do I have to do about the certificate?' },
      { role: 'assistant', content: 'Let me search.', tool_calls: [{ id: 'ctx_1', type: 'function', function: { name: 'search_todos', arguments: '{"query":"certificate"}' } }] },
      { role: 'tool', tool_call_id: 'ctx_1', content: '{"todos":[{"id":"2","title":"Renew the SSL certificate"}]}' },
      { role: 'assistant', content: 'Todo 2: Renew the SSL certificate.' },
      { role: 'user', content: 'Now mark it done' },
    ]);
    // A negative case answered in text: TN, one step, nothing called.
    expect(await getRun(run.id)).toMatchObject({ status: 'completed', classification: 'TN', steps: 1 });
  });

  it('marks a forbidden call as the case failure, mocked and not run', async () => {
    llm = await startLlmServer({ respond: agentScript([() => ({ toolCalls: [{ name: 'delete_todo', arguments: { id: '1' } }] }), () => ({ text: 'Removed.' })]) });
    const caseId = await seedSequenceCase([todo], {
      query: 'Clean up the report todo',
      execute: 'read-only',
      forbiddenTools: [{ server: 'todo', tool: 'delete_todo' }],
      expectedCalls: [{ server: 'todo', tool: 'update_todo' }],
    });
    const { run, outcome } = await runCase(caseId);
    expect(outcome.classification).toBe('FN');
    expect((await getRun(run.id))?.failureReasons).toEqual(expect.arrayContaining(['forbidden_tool:delete_todo']));
    expect((await trajectoryOf(run.id)).calls[0]?.source).toBe('not_executed');
    expect(getDemoState().todos.items.has('1')).toBe(true);
  });

  it('cancels mid-loop: the run is cancelled and keeps the trajectory so far', async () => {
    llm = await startLlmServer({ respond: agentScript([() => ({ toolCalls: [{ name: 'list_todos', arguments: {} }] }), () => ({ hang: true })]) });
    const caseId = await seedSequenceCase([todo], { query: 'Show my todos', execute: 'read-only' });
    const job = new AbortController();
    const running = runCase(caseId, 'openai', job.signal);
    await waitFor(() => llm?.requests.length === 2);
    job.abort(new Error('stopped by the user'));
    const { run, outcome } = await running;
    expect(outcome).toEqual({ status: 'cancelled', classification: null, errorMessage: 'cancelled before this run finished' });
    const stored = await getRun(run.id);
    expect(stored?.status).toBe('cancelled');
    expect(stored?.steps).toBe(1);
    expect(stored?.trajectory?.stop).toBe('cancelled');
    expect(stored?.trajectory?.calls.map((c) => [c.tool, c.source])).toEqual([['list_todos', 'executed']]);
  });

  it('fails the run when the provider fails mid-loop, keeping the calls made and the error', async () => {
    llm = await startLlmServer({ respond: agentScript([() => ({ toolCalls: [{ name: 'list_todos', arguments: {} }] }), () => ({ status: 400 })]) });
    const caseId = await seedSequenceCase([todo], { query: 'Show my todos', execute: 'read-only' });
    const { run, outcome } = await runCase(caseId);
    expect(outcome.status).toBe('failed');
    expect(outcome.errorMessage).toMatch(/^LLM provider bad response|^LLM provider upstream \(HTTP 400\)/);
    const stored = await getRun(run.id);
    expect(stored).toMatchObject({ status: 'failed', steps: 1, trajectory: { stop: 'error', error: outcome.errorMessage } });
    expect(stored?.trajectory?.calls.map((c) => [c.tool, c.source])).toEqual([['list_todos', 'executed']]);
    expect(JSON.stringify(stored)).not.toContain(SENTINEL_API_KEY);
  });

  it('the local router makes one selection, runs nothing and says so', async () => {
    const caseId = await seedSequenceCase([todo], { query: 'delete todo', execute: { allow: [{ server: 'todo', tool: 'delete_todo' }] }, expectedCalls: [{ server: 'todo', tool: 'delete_todo' }] });
    const run = await seedRun(caseId, 1, { ...FAKE_MODEL, model: 'lexical' });
    const outcome = await executeRun(run, sequenceContext(), new AbortController().signal);
    expect(outcome.status).toBe('completed');
    const trajectory = await trajectoryOf(run.id);
    expect(trajectory).toMatchObject({ singleStep: true, stop: 'answered' });
    expect(trajectory.steps).toHaveLength(1);
    expect(trajectory.calls.map((c) => [c.tool, c.source])).toEqual([['delete_todo', 'not_executed']]);
    expect(getDemoState().todos.items.size).toBe(3);
  });
});
