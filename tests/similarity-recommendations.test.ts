import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import * as recommendationsRoute from '@/app/api/similarity/recommendations/route';
import { REVISION_SYSTEM_PROMPT } from '@/lib/similarity/recommend/llm-prompt';
import { ISSUE_TYPES } from '@/lib/similarity/recommend/types';
import { call } from './helpers/api';
import { startLlmServer, type LlmServer } from './helpers/llm-server';
import { applyJsonPatch, type PatchOperation } from './helpers/similarity-json-patch';

vi.mock('@/lib/embeddings/registry', async (importOriginal) => {
  const { hashedRegistry } = await import('./helpers/similarity-embedding');
  return hashedRegistry(await importOriginal());
});

type Issue = {
  type: string;
  tool: string;
  relatedTools: string[];
  recommendation: string;
  rationale: string;
  priority: 'high' | 'medium' | 'low';
  revisedDescription: string;
  applyCommands: PatchOperation[];
};
type Revision = { tool: string; before: string; after: string; source: 'rules' | 'llm'; error?: string; applyCommands: PatchOperation[] };
type Recommendations = { issues: Issue[]; revisions: Revision[]; revisedBy: string; notes: string[]; pairsConsidered: number };
type Result = { pairs: { toolA: string; toolB: string; flagged: boolean }[]; recommendations: Recommendations; error?: { code: string; message: string } };
type Definition = { name: string; description: string; inputSchema: Record<string, unknown> };

const schema = (extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: {
    query: { type: 'string', description: 'Search query' },
    limit: { type: 'integer', description: 'Maximum results' },
    'a/b~c': { type: 'string' },
    ...extra,
  },
  required: ['query'],
});

/** Two tools built to trip every rule: same name, same wording, same parameters, no examples, no boundary. */
const TOOLS = [
  {
    server: 'alpha',
    name: 'search',
    description: 'Search the knowledge base for documents relevant to a query and return ranked passages with scores',
    inputSchema: schema(),
  },
  {
    server: 'beta',
    name: 'search',
    description: 'Search the knowledge base for documents relevant to a query and return matching document titles',
    inputSchema: schema(),
  },
  { server: 'gamma', name: 'get_weather', description: 'Current weather for a city, e.g. "Oslo"' },
];

const recommendations = (body: unknown, headers?: Record<string, string>) =>
  call<Result>(recommendationsRoute.POST, 'POST', '/api/similarity/recommendations', { body, ...(headers ? { headers } : {}) });

function definitionOf(tool: (typeof TOOLS)[number]): Definition {
  return { name: tool.name, description: tool.description, inputSchema: 'inputSchema' in tool ? (tool.inputSchema as Record<string, unknown>) : { type: 'object', properties: {} } };
}

describe('rule-based recommendations', () => {
  let result: Result;
  beforeAll(async () => {
    const res = await recommendations({ toolList: TOOLS, similarityThreshold: 0.6 });
    expect(res.status).toBe(200);
    result = res.body;
  });

  it('finds every issue type on a pair built to have them all', () => {
    expect(result.pairs.map((p) => [p.toolA, p.toolB])).toEqual([['alpha/search', 'beta/search']]);
    const alpha = result.recommendations.issues.filter((i) => i.tool === 'alpha/search');
    expect(alpha.map((i) => i.type).sort()).toEqual([...ISSUE_TYPES].sort());
    for (const issue of result.recommendations.issues) {
      expect(issue.relatedTools).toEqual([issue.tool === 'alpha/search' ? 'beta/search' : 'alpha/search']);
      expect(issue.recommendation.length).toBeGreaterThan(10);
      expect(issue.rationale.length).toBeGreaterThan(10);
      expect(['high', 'medium', 'low']).toContain(issue.priority);
    }
    // Identical names are a high-priority naming issue, with a rename built from the tool's own words.
    const naming = alpha.find((i) => i.type === 'naming_clarity');
    expect(naming?.priority).toBe('high');
    expect(naming?.recommendation).toMatch(/e\.g\. search_(passage|rank|score)/);
    expect(result.recommendations.revisedBy).toBe('rules');
  });

  it('sorts issues high priority first and gives every issue of a tool the same revision', () => {
    const ranks = result.recommendations.issues.map((i) => ({ high: 0, medium: 1, low: 2 })[i.priority]);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    const alpha = result.recommendations.issues.filter((i) => i.tool === 'alpha/search');
    expect(new Set(alpha.map((i) => i.revisedDescription)).size).toBe(1);
    const revision = result.recommendations.revisions.find((r) => r.tool === 'alpha/search');
    expect(revision?.before).toBe(TOOLS[0]?.description);
    expect(revision?.after).toContain(TOOLS[0]?.description);
    expect(revision?.after).toContain('beta');
    expect(revision?.after).toMatch(/Example: search\(\{"query":"<query>"/);
  });

  it('emits RFC 6902 apply commands that a JSON Patch applier turns into the revised tool', () => {
    for (const [index, id] of [
      [0, 'alpha/search'],
      [1, 'beta/search'],
    ] as const) {
      const before = definitionOf(TOOLS[index]!);
      for (const issue of result.recommendations.issues.filter((i) => i.tool === id)) {
        const after = applyJsonPatch(before, issue.applyCommands);
        if (issue.type === 'naming_clarity') expect(after.name).toMatch(/^search_/);
        else if (issue.type === 'parameter_uniqueness') {
          const props = after.inputSchema.properties as Record<string, { description?: string }>;
          // Same descriptions in both tools: replaced; none at all: added, under an escaped pointer (~0 ~1).
          expect(props.query?.description).not.toBe('Search query');
          expect(props.query?.description).toContain('Search query');
          const other = id === 'alpha/search' ? 'beta/search' : 'alpha/search';
          expect(props['a/b~c']?.description).toMatch(new RegExp(`^A b~c, as ${id} uses it.*; not the a/b~c of ${other}\\.$`));
          expect(issue.applyCommands.some((op) => op.path === '/inputSchema/properties/a~1b~0c/description' && op.op === 'add')).toBe(true);
          expect(after.description).toBe(before.description);
        } else {
          expect(after.description).toBe(issue.revisedDescription);
          expect(after.name).toBe(before.name);
        }
      }
      // The per-tool patch applies description and parameter changes at once.
      const revision = result.recommendations.revisions.find((r) => r.tool === id);
      const all = applyJsonPatch(before, revision?.applyCommands ?? []);
      expect(all.description).toBe(revision?.after);
      expect((all.inputSchema.properties as Record<string, { description?: string }>)['a/b~c']?.description).toMatch(new RegExp(`^A b~c, as ${id} uses it \\(.+\\); not the a/b~c of ${id === 'alpha/search' ? 'beta' : 'alpha'}/search\\.$`));
    }
  });

  it("guards each patch with a test operation, so it fails on a definition changed since the analysis", () => {
    const issue = result.recommendations.issues.find((i) => i.tool === 'alpha/search' && i.type === 'scope_clarity');
    expect(issue?.applyCommands[0]).toEqual({ op: 'test', path: '/description', value: TOOLS[0]?.description });
    const edited = { ...definitionOf(TOOLS[0]!), description: 'Edited meanwhile' };
    expect(() => applyJsonPatch(edited, issue?.applyCommands ?? [])).toThrow(/test failed/);
  });

  it('leaves tools out of flagged pairs alone, and analyze includes recommendations only when asked', async () => {
    expect(result.recommendations.issues.some((i) => i.tool === 'gamma/get_weather')).toBe(false);
    expect(new Set(result.recommendations.issues.map((i) => i.tool))).toEqual(new Set(['alpha/search', 'beta/search']));
    const without = await call<{ recommendations?: unknown }>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body: { toolList: TOOLS, similarityThreshold: 0.6 } });
    expect(without.body.recommendations).toBeUndefined();
    const withRecs = await call<{ recommendations?: Recommendations }>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', {
      body: { toolList: TOOLS, similarityThreshold: 0.6, includeRecommendations: true },
    });
    expect(withRecs.body.recommendations?.issues.length).toBe(result.recommendations.issues.length);
  });
});

describe('LLM-written revisions (scripted OpenAI and Anthropic servers)', () => {
  let llm: LlmServer;
  const KEY = 'sk-test-similarity-0123456789';
  const revised = 'Search the alpha knowledge base for ranked passages with scores; for document titles, use beta_search instead.';

  beforeAll(async () => {
    llm = await startLlmServer({
      rules: [
        { match: /Tool to rewrite: alpha_search\n/, replies: [{ text: `Description: "${revised}"` }] },
        { match: /Tool to rewrite: beta_search\n/, replies: [{ status: 500 }] },
      ],
    });
  });

  afterAll(async () => {
    await llm.close();
  });

  const tools = TOOLS.slice(0, 2).map((t) => ({ ...t, server: undefined, name: `${t.server}_search` }));

  it('asks the model for each tool, cleans its answer, and falls back to the rules when the call fails', async () => {
    const res = await recommendations(
      { toolList: tools, similarityThreshold: 0.6, llm: { provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, maxRetries: 0, timeout: 5 } },
      { 'X-OpenAI-API-Key': KEY },
    );
    expect(res.status).toBe(200);
    const recs = res.body.recommendations;
    expect(recs.revisedBy).toBe('openai/gpt-test');
    const alpha = recs.revisions.find((r) => r.tool === 'alpha_search');
    expect(alpha).toMatchObject({ source: 'llm', after: revised });
    expect(recs.issues.filter((i) => i.tool === 'alpha_search' && i.type === 'scope_clarity')[0]?.revisedDescription).toBe(revised);
    const beta = recs.revisions.find((r) => r.tool === 'beta_search');
    expect(beta?.source).toBe('rules');
    expect(beta?.error).toContain('HTTP 500');
    expect(JSON.stringify(res.body)).not.toContain(KEY);

    const sent = llm.requests.filter((r) => r.api === 'openai');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = sent[0]?.body as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('gpt-test');
    expect(body.messages[0]).toEqual({ role: 'system', content: REVISION_SYSTEM_PROMPT });
    expect(body.messages[1]?.content).toContain('Tools it is confused with:');
  });

  it('works through the Anthropic Messages API with its own key header', async () => {
    const res = await recommendations(
      { toolList: tools, similarityThreshold: 0.6, llm: { provider: 'anthropic', model: 'claude-test', baseUrl: llm.anthropicBaseUrl, maxRetries: 0, timeout: 5 } },
      { 'X-Anthropic-API-Key': KEY },
    );
    expect(res.status).toBe(200);
    expect(res.body.recommendations.revisions.find((r) => r.tool === 'alpha_search')).toMatchObject({ source: 'llm', after: revised });
    const sent = llm.requests.filter((r) => r.api === 'anthropic');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    // SDK 1.x sends the key as a bearer token (older versions used x-api-key).
    expect(sent[0]?.headers.authorization ?? sent[0]?.headers['x-api-key']).toMatch(new RegExp(`(^|Bearer )${KEY}$`));
    expect((sent[0]?.body as { system: string }).system).toBe(REVISION_SYSTEM_PROMPT);
  });

  it('writes rule-based revisions without an llm config, even when a key is sent', async () => {
    const before = llm.requests.length;
    const res = await recommendations({ toolList: tools, similarityThreshold: 0.6 }, { 'X-OpenAI-API-Key': KEY });
    expect(res.body.recommendations.revisedBy).toBe('rules');
    expect(llm.requests.length).toBe(before);
  });
});
