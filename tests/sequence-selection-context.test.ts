import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getRun } from '@/db/queries/runs';
import { insertServer } from '@/db/queries/servers';
import type { McpServerRow } from '@/db/schema';
import { executeRun } from '@/lib/eval/run/runner';
import { CONTEXT_NOT_SENT_TEXT } from '@/lib/eval/run/sequence/context';
import type { ContextTurn } from '@/lib/eval/sequence/types';
import { DEFAULT_SYSTEM_PROMPT } from '@/lib/providers/shared/prompts';
import { SENTINEL_API_KEY } from '@/lib/providers/testing/fixtures';
import { startDemoServers } from '@/tests/helpers/demo-server';
import { FAKE_MODEL, seedRun } from '@/tests/helpers/eval-seed';
import { startLlmServer, type LlmServer } from '@/tests/helpers/llm-server';
import { scriptedModel, seedSequenceCase, sequenceContext } from '@/tests/helpers/sequence-seed';

/**
 * A selection case's `context` (issue 17) reaches the model before the query, in each SDK's
 * wire format, in the selection turn and in the self-assessment turn; the first call is judged
 * as in any selection run. The local router reads the query alone and the run says so.
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
afterEach(async () => {
  await llm?.close();
  llm = undefined;
});

const CONTEXT: ContextTurn[] = [
  { role: 'user', content: 'What do I have to do about the certificate?' },
  { role: 'assistant', content: 'Let me search.', toolCalls: [{ id: 'ctx_1', server: 'todo', tool: 'search_todos', arguments: { query: 'certificate' } }] },
  { role: 'tool', callId: 'ctx_1', content: '{"todos":[{"id":"2","title":"Renew the SSL certificate"}]}' },
  { role: 'assistant', content: 'Todo 2: Renew the SSL certificate.' },
];
const QUERY = 'Now mark it done';
const ASSESSMENT = { text: '{"confidence": 0.9, "reasoning": "The context names todo 2."}' };

type Body = { messages: Record<string, unknown>[]; tools?: unknown[]; tool_choice?: unknown };

function selectionCase(context: ContextTurn[] | null, tool = 'update_todo') {
  return seedSequenceCase([todo], { query: QUERY, mode: 'selection', context, expectedMcpServerName: 'todo', expectedToolName: tool });
}

async function startModel() {
  llm = await startLlmServer({ rules: [{ match: QUERY, replies: [{ toolCalls: [{ name: 'update_todo', arguments: { id: '2', completed: true } }] }] }], default: ASSESSMENT });
  return llm;
}

const OPENAI_CONTEXT = [
  { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
  { role: 'user', content: 'What do I have to do about the certificate?' },
  { role: 'assistant', content: 'Let me search.', tool_calls: [{ id: 'ctx_1', type: 'function', function: { name: 'search_todos', arguments: '{"query":"certificate"}' } }] },
  { role: 'tool', tool_call_id: 'ctx_1', content: '{"todos":[{"id":"2","title":"Renew the SSL certificate"}]}' },
  { role: 'assistant', content: 'Todo 2: Renew the SSL certificate.' },
];
const ANTHROPIC_CONTEXT = [
  { role: 'user', content: 'What do I have to do about the certificate?' },
  { role: 'assistant', content: [{ type: 'text', text: 'Let me search.' }, { type: 'tool_use', id: 'ctx_1', name: 'search_todos', input: { query: 'certificate' } }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'ctx_1', content: '{"todos":[{"id":"2","title":"Renew the SSL certificate"}]}' }] },
  { role: 'assistant', content: [{ type: 'text', text: 'Todo 2: Renew the SSL certificate.' }] },
];

describe('selection mode: the case context reaches the model', () => {
  it.each([
    ['openai', OPENAI_CONTEXT, { role: 'user', content: QUERY }],
    ['anthropic', ANTHROPIC_CONTEXT, { role: 'user', content: QUERY }],
  ] as const)('%s: the context turns go before the query, in the selection and the self-assessment turn; the first call is judged', async (api, wireContext, queryMessage) => {
    const server = await startModel();
    const caseId = await selectionCase(CONTEXT);
    const run = await seedRun(caseId, 1, scriptedModel(api, api === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl));
    const outcome = await executeRun(run, sequenceContext(SENTINEL_API_KEY), new AbortController().signal);
    expect(outcome).toMatchObject({ status: 'completed', classification: 'TP' });

    expect(server.requests).toHaveLength(2);
    const selection = server.requests[0]?.body as Body;
    expect(selection.messages).toEqual([...wireContext, queryMessage]);
    expect(selection.tools?.length).toBeGreaterThan(0);
    // The self-assessment replays the same conversation, then the choice and the question.
    const assessment = server.requests[1]?.body as Body;
    expect(assessment.messages.slice(0, wireContext.length + 1)).toEqual([...wireContext, queryMessage]);
    // Anthropic needs the tool definitions once tool_use blocks are in the history; tool_choice none keeps it to text.
    if (api === 'anthropic') expect(assessment.tool_choice).toEqual({ type: 'none' });

    const stored = await getRun(run.id);
    expect(stored).toMatchObject({ status: 'completed', classification: 'TP', selectedTool: 'update_todo', confidenceScore: expect.any(Number) });
    expect(stored?.extractedParameters).toEqual({ id: '2', completed: true });
    expect(JSON.stringify(stored?.llmResponseRaw)).not.toContain('contextNotSent');
  });

  it('without context a selection run sends the query alone, as before', async () => {
    const server = await startModel();
    const run = await seedRun(await selectionCase(null), 1, scriptedModel('openai', server.openaiBaseUrl));
    await executeRun(run, sequenceContext(SENTINEL_API_KEY), new AbortController().signal);
    expect((server.requests[0]?.body as Body).messages).toEqual([
      { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
      { role: 'user', content: QUERY },
    ]);
  });

  it('the local router reads the query alone and the run says the context was not sent', async () => {
    const caseId = await selectionCase(CONTEXT);
    const run = await seedRun(caseId, 1, { ...FAKE_MODEL, model: 'lexical' });
    const outcome = await executeRun(run, sequenceContext(), new AbortController().signal);
    expect(outcome.status).toBe('completed');
    const stored = await getRun(run.id);
    expect(stored?.status).toBe('completed');
    expect((stored?.llmResponseRaw as { contextNotSent?: string }).contextNotSent).toBe(CONTEXT_NOT_SENT_TEXT);
  });
});
