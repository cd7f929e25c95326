import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as batchesRoute from '@/app/api/batches/route';
import * as runRoute from '@/app/api/test-runs/[id]/route';
import * as runsRoute from '@/app/api/test-runs/route';
import * as casesRoute from '@/app/api/test-cases/route';
import { getRun } from '@/db/queries/runs';
import { getDemoState, resetDemoState } from '@/lib/mcp/demo/state';
import { createServer } from '@/lib/servers/service';
import { agentScript } from './helpers/agent-script';
import { call } from './helpers/api';
import { waitForBatch } from './helpers/wait-batch';
import { storedAnywhere } from './helpers/stored-anywhere';
import { startDemoServers } from './helpers/demo-server';
import { startLlmServer, type LlmServer } from './helpers/llm-server';

/**
 * A sequence case from the API to the stored verdict: created with POST /api/test-cases, run
 * by POST /api/batches with the key in a header, against the real demo todo server and the
 * Anthropic SDK. The key reaches the provider on every turn and is stored nowhere.
 */

const SENTINEL_KEY = 'zq-SEQUENCE-api-key-3c9d1f0a77';
let demo: Awaited<ReturnType<typeof startDemoServers>>;
let llm: LlmServer;
let todoId: string;

beforeAll(async () => {
  resetDemoState();
  demo = await startDemoServers();
  llm = await startLlmServer({
    respond: agentScript([
      () => ({ toolCalls: [{ name: 'search_todos', arguments: { query: 'evaluation report' } }] }),
      (turn) => ({ toolCalls: [{ name: 'update_todo', arguments: { id: turn.read(0, 'todos', 0, 'id'), priority: 'low' } }] }),
      () => ({ text: 'Lowered.' }),
    ]),
  });
  todoId = (await createServer({ name: 'todo', transport: 'streamable-http', url: `${demo.baseUrl}/demo/todo/mcp` })).id;
});

afterAll(async () => {
  await Promise.all([demo?.close(), llm?.close()]);
});

describe('a sequence case through the API', () => {
  it('is created, run as an agent loop in a batch, and stored with its trajectory and per-call verdicts', async () => {
    const created = await call<{ id: string }>(casesRoute.POST, 'POST', '/api/test-cases', {
      body: {
        name: 'lower the report todo',
        query: 'Find the evaluation report todo and lower its priority',
        serverIds: [todoId],
        mode: 'sequence',
        maxSteps: 4,
        execute: { allow: [{ server: 'todo', tool: 'search_todos' }, { server: 'todo', tool: 'update_todo' }] },
        expectedCalls: [
          { server: 'todo', tool: 'search_todos' },
          { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.todos[0].id' } }, priority: 'low' } },
        ],
      },
    });
    expect(created.status).toBe(201);
    const batch = await call<{ id: string }>(batchesRoute.POST, 'POST', '/api/batches', {
      body: { testCaseIds: [created.body.id], models: [{ provider: 'anthropic', model: 'claude-test', baseUrl: llm.anthropicBaseUrl, timeout: 5, maxRetries: 0 }], samples: 1 },
      headers: { 'x-anthropic-api-key': SENTINEL_KEY },
    });
    expect(batch.status).toBe(202);
    await waitForBatch(batch.body.id);

    const runs = await call<{ items: { id: string; status: string; classification: string; inputTokens: number }[] }>(runsRoute.GET, 'GET', '/api/test-runs', { query: { batchId: batch.body.id } });
    expect(runs.body.items.map((r) => [r.status, r.classification])).toEqual([['completed', 'TP']]);
    const runId = runs.body.items[0]?.id ?? '';
    const detail = await call<{ selectedTool: string; evaluation: { reasoning: string } }>(runRoute.GET, 'GET', `/api/test-runs/${runId}`, { params: { id: runId } });
    expect(detail.body.selectedTool).toBe('search_todos');
    expect(detail.body.evaluation.reasoning).toMatch(/^2 of 2 expected call\(s\) made; 2 call\(s\) in 3 step\(s\)/);
    expect((await getRun(runId))?.trajectory?.calls.map((c) => [c.tool, c.source, c.arguments])).toEqual([
      ['search_todos', 'executed', { query: 'evaluation report' }],
      ['update_todo', 'executed', { id: '1', priority: 'low' }],
    ]);
    expect(getDemoState().todos.items.get('1')?.priority).toBe('low');

    // The key went with every turn and was stored nowhere.
    expect(llm.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${SENTINEL_KEY}`, `Bearer ${SENTINEL_KEY}`, `Bearer ${SENTINEL_KEY}`]);
    expect(await storedAnywhere(SENTINEL_KEY)).toBe(false);
  });
});
