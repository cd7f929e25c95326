import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLlmServer, type LlmScript, type LlmServer } from '@/tests/helpers/llm-server';
import { SELF_ASSESSMENT_LEAD } from '../shared/prompts';
import { expectProviderError, makeModel, makeRequest, SENTINEL_API_KEY } from './fixtures';
import type { ClientCache, ModelConfig, ProviderDefinition, ProviderError, ProviderTarget, SelectionRequest } from '../types';

/**
 * The behaviours every cloud provider shares, run through the real SDKs against the scripted
 * server. Each provider's test file calls this (one file per provider, so they run in
 * parallel) and adds its wire-format details.
 */

export type CloudContractCase = {
  provider: ProviderDefinition;
  baseUrl(server: LlmServer): string;
  /** False for endpoints that may need no key (openai-compatible: a local server). */
  keyRequired?: boolean;
};

const QUERY = 'What is the weather in Paris?';
const RATE = /^Rate your confidence/;

export function describeCloudProviderContract({ provider, baseUrl, keyRequired = true }: CloudContractCase): void {
  const seenErrors: ProviderError[] = [];
  afterAll(() => {
    // Guards against the list silently staying empty (e.g. if errors stopped being collected).
    expect(seenErrors.length).toBeGreaterThan(5);
    for (const err of seenErrors) expect(err.message).not.toContain(SENTINEL_API_KEY);
  });

  describe(`${provider.id} provider contract`, () => {
    let server: LlmServer | undefined;
    beforeEach(() => {
      server = undefined;
    });
    afterEach(async () => {
      await server?.close();
    });

    async function setup(script: LlmScript, model: Partial<ModelConfig> = {}, req: Partial<SelectionRequest> = {}) {
      server = await startLlmServer(script);
      const config = makeModel({ provider: provider.id, baseUrl: baseUrl(server), ...model });
      return makeRequest(config, { apiKey: SENTINEL_API_KEY, query: QUERY, ...req });
    }

    async function expectFailure(promise: Promise<unknown>): Promise<ProviderError> {
      const err = await expectProviderError(promise);
      seenErrors.push(err);
      return err;
    }

    it('returns the tool call with parsed arguments, usage and the raw body', async () => {
      const req = await setup({
        rules: [{ match: QUERY, replies: [{ toolCalls: [{ name: 'get_forecast', arguments: { city: 'Paris' } }], usage: { inputTokens: 40, outputTokens: 9 } }] }],
      });
      const selection = await provider.selectTool(req);
      expect(selection.toolCalls).toEqual([{ id: expect.any(String), name: 'get_forecast', arguments: { city: 'Paris' } }]);
      expect(selection.usage).toEqual({ inputTokens: 40, outputTokens: 9 });
      expect(selection.raw).toMatchObject({ id: expect.any(String), model: 'test-model' });
    });

    it('keeps every parallel tool call, first one first', async () => {
      const req = await setup({
        rules: [
          {
            match: QUERY,
            replies: [
              {
                toolCalls: [
                  { name: 'get_forecast', arguments: { city: 'Paris' } },
                  { name: 'search_documents', arguments: { query: 'Paris weather' } },
                ],
              },
            ],
          },
        ],
      });
      const { toolCalls } = await provider.selectTool(req);
      expect(toolCalls.map((c) => [c.name, c.arguments])).toEqual([
        ['get_forecast', { city: 'Paris' }],
        ['search_documents', { query: 'Paris weather' }],
      ]);
    });

    it('returns a text-only answer without tool calls', async () => {
      const req = await setup({ rules: [{ match: QUERY, replies: [{ text: 'It is sunny.' }] }] });
      const selection = await provider.selectTool(req);
      expect(selection.toolCalls).toEqual([]);
      expect(selection.text).toBe('It is sunny.');
    });

    it('flags malformed or non-object tool arguments without failing the call', async () => {
      const req = await setup({
        rules: [
          {
            match: QUERY,
            replies: [
              {
                toolCalls: [
                  { name: 'get_forecast', arguments: '{"city": "Par' },
                  { name: 'search_documents', arguments: '[1, 2]' },
                ],
              },
            ],
          },
        ],
      });
      const [broken, notObject] = (await provider.selectTool(req)).toolCalls;
      expect(broken).toMatchObject({ name: 'get_forecast', arguments: null, argumentsError: expect.any(String) });
      expect(notObject).toMatchObject({ name: 'search_documents', arguments: null, argumentsError: expect.stringMatching(/object/) });
    });

    it('maps an invalid JSON body and a body of the wrong shape to bad_response', async () => {
      const req = await setup({ rules: [{ match: QUERY, replies: [{ malformed: true }, { json: { hello: 'world' } }] }] });
      expect((await expectFailure(provider.selectTool(req))).kind).toBe('bad_response');
      expect((await expectFailure(provider.selectTool(req))).kind).toBe('bad_response');
    });

    it('maps 401 to auth without leaking the key, even when the upstream echoes it', async () => {
      const echo = `Incorrect API key provided: ${SENTINEL_API_KEY}`;
      const req = await setup({
        rules: [{ match: QUERY, replies: [{ status: 401, body: { type: 'error', error: { type: 'authentication_error', message: echo } } }] }],
      });
      const err = await expectFailure(provider.selectTool(req));
      expect(err).toMatchObject({ kind: 'auth', status: 401 });
      expect(err.message).not.toContain(SENTINEL_API_KEY);
      expect(err.message).not.toContain('SENTINEL');
    });

    it('maps other HTTP errors to upstream with the status', async () => {
      const req = await setup({ rules: [{ match: QUERY, replies: [{ status: 500 }] }] });
      expect(await expectFailure(provider.selectTool(req))).toMatchObject({ kind: 'upstream', status: 500 });
    });

    it('fails a 429 as rate_limit when maxRetries is 0', async () => {
      const req = await setup({ rules: [{ match: QUERY, replies: [{ status: 429, retryAfter: 1 }] }] }, { maxRetries: 0 });
      expect(await expectFailure(provider.selectTool(req))).toMatchObject({ kind: 'rate_limit', status: 429 });
      expect(server?.requests).toHaveLength(1);
    });

    it('retries a 429 after Retry-After and then succeeds', async () => {
      const req = await setup(
        { rules: [{ match: QUERY, replies: [{ status: 429, retryAfter: 1 }, { toolCalls: [{ name: 'get_forecast', arguments: {} }] }] }] },
        { maxRetries: 1 },
      );
      const started = Date.now();
      const selection = await provider.selectTool(req);
      expect(Date.now() - started).toBeGreaterThanOrEqual(950);
      expect(selection.toolCalls[0]?.name).toBe('get_forecast');
      const [first, second] = server?.requests ?? [];
      expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(950);
    });

    it('times out after the configured timeout', async () => {
      const req = await setup({ rules: [{ match: QUERY, replies: [{ hang: true }] }] }, { timeout: 1, maxRetries: 0 });
      const started = Date.now();
      const err = await expectFailure(provider.selectTool(req));
      const elapsed = Date.now() - started;
      expect(err.kind).toBe('timeout');
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(3000);
    });

    it('stops when the request signal aborts', async () => {
      const controller = new AbortController();
      const req = await setup({ rules: [{ match: QUERY, replies: [{ hang: true }] }] }, { timeout: 30 }, { signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      const started = Date.now();
      const err = await expectFailure(provider.selectTool(req));
      expect(err.kind).toBe('aborted');
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('asks for a self-assessment after a tool call and parses it', async () => {
      const req = await setup({
        rules: [
          { match: QUERY, replies: [{ toolCalls: [{ name: 'get_forecast', arguments: { city: 'Paris' } }] }] },
          { match: RATE, replies: [{ text: 'Sure:\n```json\n{"confidence": 85, "reasoning": "The forecast tool fits."}\n```' }] },
        ],
      });
      const selection = await provider.selectTool(req);
      const assessment = await provider.assessConfidence({ ...req, selection });
      expect(assessment).toMatchObject({ confidence: 0.85, reasoning: 'The forecast tool fits.' });
      expect(assessment.usage.inputTokens).toBeGreaterThan(0);
      const followUp = server?.requests[1];
      expect(followUp?.query).toMatch(RATE);
      expect(followUp?.query).toContain('`get_forecast`');
      expect(JSON.stringify(followUp?.body)).toContain('(not executed: evaluation)');
    });

    it('asks for a self-assessment after a text answer', async () => {
      const req = await setup({
        rules: [
          { match: QUERY, replies: [{ text: 'I cannot check the weather.' }] },
          { match: RATE, replies: [{ text: '{"confidence":0.3,"reasoning":"A tool might have fit."}' }] },
        ],
      });
      const selection = await provider.selectTool(req);
      const assessment = await provider.assessConfidence({ ...req, selection });
      expect(assessment).toMatchObject({ confidence: 0.3, reasoning: 'A tool might have fit.' });
      expect(server?.requests[1]?.query).toContain('without calling any tool');
      expect(JSON.stringify(server?.requests[1]?.body)).toContain('I cannot check the weather.');
    });

    it('fails an unparseable self-assessment as bad_response', async () => {
      const req = await setup({ rules: [{ match: RATE, replies: [{ text: 'I would rather not say.' }] }] });
      const selection = { toolCalls: [], text: 'Hello', raw: null, usage: { inputTokens: 0, outputTokens: 0 } };
      const err = await expectFailure(provider.assessConfidence({ ...req, selection }));
      expect(err.kind).toBe('bad_response');
    });

    it('starts the self-assessment question with the shared lead', () => {
      expect(RATE.test(SELF_ASSESSMENT_LEAD)).toBe(true);
    });

    describe('warm-up', () => {
      function warmUp(target: ProviderTarget): Promise<void> {
        if (!provider.warmUp) throw new Error(`${provider.id} has no warmUp`);
        return provider.warmUp(target);
      }

      it('opens the client the calls then reuse, without sending anything', async () => {
        server = await startLlmServer();
        const clients: ClientCache = new Map();
        const model = makeModel({ provider: provider.id, baseUrl: baseUrl(server) });
        await warmUp({ model, apiKey: SENTINEL_API_KEY, clients });
        expect(clients.size).toBe(1);
        expect(server.requests).toHaveLength(0);
        await provider.selectTool(makeRequest(model, { apiKey: SENTINEL_API_KEY, clients }));
        expect(clients.size).toBe(1);
        expect(server.requests).toHaveLength(1);
      });

      if (keyRequired) {
        it('fails without a key, as the call would, and caches nothing', async () => {
          const clients: ClientCache = new Map();
          const model = makeModel({ provider: provider.id, baseUrl: 'http://127.0.0.1:9' });
          const err = await expectProviderError(warmUp({ model, clients }));
          expect(err.kind).toBe('auth');
          expect(clients.size).toBe(0);
        });
      }
    });
  });
}
