import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lintRoute from '@/app/api/quality/lint/route';
import { REVIEW_SYSTEM_PROMPT } from '@/lib/quality/llm-prompt';
import { call } from './helpers/api';
import { startLlmServer, type LlmServer } from './helpers/llm-server';

type Review = { status: string; score?: number; rubric?: Record<string, number>; suggestedDescription?: string; reason?: string };
type Result = { reviewedBy?: string; tools: { id: string; llm?: Review; findings: { ruleId: string }[] }[] };
type ErrorBody = { error: { code: string; message: string } };

const KEY = 'sk-test-quality-0123456789';
const SUGGESTED = 'Lists the beehives of one apiary with their last inspection date. Use it to plan inspections; at most 50 hives are returned.';

const TOOLS = [
  { server: 'bees', name: 'list_hives', description: 'Hives.', inputSchema: { type: 'object', properties: { apiary: { type: 'string' } } } },
  { server: 'bees', name: 'smoke_hive', description: 'Smokes one hive before an inspection.' },
];

describe('LLM rubric review (scripted OpenAI server)', () => {
  let llm: LlmServer;
  beforeAll(async () => {
    llm = await startLlmServer({
      rules: [
        {
          match: /Tool to review: list_hives\n/,
          replies: [{ text: `Here is my review: ${JSON.stringify({ scores: { purpose: 1, usage: 0, limitations: 0, parameters: 2, length: 1, examples: 0 }, description: SUGGESTED })}` }],
        },
        { match: /Tool to review: smoke_hive\n/, replies: [{ status: 500 }] },
      ],
    });
  });
  afterAll(async () => {
    await llm.close();
  });

  const model = () => ({ provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, maxRetries: 0, timeout: 5 });

  it('scores each tool with the rubric and suggests a description, given the lint evidence; a failed call is that tool\'s error', async () => {
    const res = await call<Result>(lintRoute.POST, 'POST', '/api/quality/lint', { body: { toolList: TOOLS, llm: model() }, headers: { 'X-OpenAI-API-Key': KEY } });
    expect(res.status).toBe(200);
    expect(res.body.reviewedBy).toBe('openai/gpt-test');
    const hives = res.body.tools.find((t) => t.id === 'bees/list_hives');
    expect(hives?.llm).toMatchObject({ status: 'ok', score: 13, suggestedDescription: SUGGESTED });
    expect(hives?.findings.map((f) => f.ruleId)).toContain('description-too-short');
    const smoke = res.body.tools.find((t) => t.id === 'bees/smoke_hive');
    expect(smoke?.llm?.status).toBe('error');
    expect(smoke?.llm?.reason).toMatch(/500/);
    expect(JSON.stringify(res.body)).not.toContain(KEY);

    const sent = llm.requests.filter((r) => r.api === 'openai');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const asked = sent.map((r) => r.body as { messages: { role: string; content: string }[] }).find((b) => b.messages[1]?.content.includes('list_hives'));
    expect(asked?.messages[0]).toEqual({ role: 'system', content: REVIEW_SYSTEM_PROMPT });
    // The evidence of the offline lint travels with the tool, and no other server's text does.
    expect(asked?.messages[1]?.content).toContain('description-too-short');
    expect(asked?.messages[1]?.content).not.toContain('smoke_hive');
  });

  it('400 when the key is missing or the provider cannot write text, before any call', async () => {
    const before = llm.requests.length;
    const noKey = await call<ErrorBody>(lintRoute.POST, 'POST', '/api/quality/lint', { body: { toolList: TOOLS, llm: model() } });
    expect(noKey.status).toBe(400);
    const local = await call<ErrorBody>(lintRoute.POST, 'POST', '/api/quality/lint', { body: { toolList: TOOLS, llm: { provider: 'local', model: 'hybrid' } } });
    expect(local.status).toBe(400);
    expect(local.body.error.code).toBe('invalid_llm');
    expect(llm.requests.length).toBe(before);
  });
});
