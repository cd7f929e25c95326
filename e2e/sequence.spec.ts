import { expect, test } from '@playwright/test';
import { agentScript } from '../tests/helpers/agent-script';
import { startLlmServer, type LlmServer } from '../tests/helpers/llm-server';

/**
 * Sequence mode in the production build (issue 17): a case whose model creates a todo and then
 * completes it by the id the first result returned, executed for real on the app's own demo
 * todo server, next to the local router's single step, in one batch.
 */

type Batch = { id: string; status: string; counts: { total: number; completed: number; failed: number } };
type Run = { id: string; status: string; classification: string | null; modelSettings: { provider: string }; selectedTool: string | null };

const SENTINEL_KEY = 'zq-E2E-sequence-key-81f0c2d4';
let llm: LlmServer;

test.beforeAll(async () => {
  llm = await startLlmServer({
    respond: agentScript([
      () => ({ toolCalls: [{ name: 'create_todo', arguments: { title: 'Sequence e2e: water the plants' } }] }),
      (turn) => ({ toolCalls: [{ name: 'update_todo', arguments: { id: turn.read(0, 'todo', 'id'), completed: true } }] }),
      () => ({ text: 'Created and completed.' }),
    ]),
  });
});

test.afterAll(async () => {
  await llm.close();
});

test('a sequence case runs the agent loop against the demo todo server, and the local router makes one step', async ({ request }) => {
  const servers = (await (await request.get('/api/servers?limit=200')).json()) as { items: { id: string; name: string }[] };
  const todo = servers.items.find((s) => s.name === 'todo');
  expect(todo?.name).toBe('todo');

  const created = await request.post('/api/test-cases', {
    data: {
      name: 'sequence e2e: create then complete',
      query: 'Add a todo to water the plants, then mark it done',
      serverIds: [todo?.id],
      mode: 'sequence',
      execute: { allow: [{ server: 'todo', tool: 'create_todo' }, { server: 'todo', tool: 'update_todo' }] },
      expectedCalls: [
        { server: 'todo', tool: 'create_todo' },
        { server: 'todo', tool: 'update_todo', arguments: { id: { $fromResult: { call: 0, path: '$.todo.id' } }, completed: true } },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const testCase = (await created.json()) as { id: string };

  const started = await request.post('/api/batches', {
    data: {
      name: 'sequence e2e',
      testCaseIds: [testCase.id],
      models: [
        { provider: 'openai', model: 'scripted', baseUrl: llm.openaiBaseUrl, timeout: 10, maxRetries: 0 },
        { provider: 'local', model: 'lexical' },
      ],
    },
    headers: { 'x-openai-api-key': SENTINEL_KEY },
  });
  expect(started.status()).toBe(202);
  const batch = (await started.json()) as Batch;
  expect(await (await request.get(`/api/batches/${batch.id}/events`)).text()).toContain('event: done');
  const done = (await (await request.get(`/api/batches/${batch.id}`)).json()) as Batch;
  expect(done.counts).toMatchObject({ total: 2, completed: 2, failed: 0 });

  const runs = (await (await request.get(`/api/test-runs?batchId=${batch.id}`)).json()) as { items: Run[] };
  const byProvider = Object.fromEntries(runs.items.map((r) => [r.modelSettings.provider, r]));
  expect(byProvider.openai).toMatchObject({ status: 'completed', classification: 'TP', selectedTool: 'create_todo' });
  expect(byProvider.local?.status).toBe('completed');
  const detail = (await (await request.get(`/api/test-runs/${byProvider.openai?.id}`)).json()) as { evaluation: { reasoning: string } };
  expect(detail.evaluation.reasoning).toMatch(/^2 of 2 expected call\(s\) made; 2 call\(s\) in 3 step\(s\)/);

  // Executed for real: the todo exists on the server and is completed.
  const found = await request.post(`/api/servers/${todo?.id}/tools/search_todos/call`, { data: { arguments: { query: 'water the plants' } } });
  const text = JSON.stringify(await found.json());
  expect(text).toContain('Sequence e2e: water the plants');
  expect(text).toMatch(/\\"completed\\": true/);

  // Three model turns, each with the key; the key is not in anything the API returns.
  expect(llm.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${SENTINEL_KEY}`, `Bearer ${SENTINEL_KEY}`, `Bearer ${SENTINEL_KEY}`]);
  expect(JSON.stringify(runs) + JSON.stringify(detail)).not.toContain(SENTINEL_KEY);
});
