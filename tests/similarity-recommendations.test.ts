import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import * as recommendationsRoute from '@/app/api/similarity/recommendations/route';
import * as reportRoute from '@/app/api/similarity/report/route';
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

/**
 * Two servers' `search`: the same name, the same parameters (one of them undescribed), a
 * shared opening passage; the descriptions differ in what they return.
 */
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

const ERRORS = 'Error Responses: 400: Bad request. 404: Directory not found.';
const pathSchema = (extra: Record<string, unknown>) => ({ type: 'object', properties: { path: { type: 'string', description: 'Directory to look in' }, 'a/b~c': { type: 'string' }, ...extra }, required: ['path'] });

/** One server whose every description ends in the same error block; two of its tools look up files with different inputs. */
const FILES = [
  { server: 'files', name: 'search_files', description: `Recursively search for files matching a glob pattern. ${ERRORS}`, inputSchema: pathSchema({ pattern: { type: 'string', description: 'Glob such as *.ts' } }) },
  { server: 'files', name: 'find_files', description: `Find files whose name is exactly the one given. ${ERRORS}`, inputSchema: pathSchema({ name: { type: 'string', description: 'File name' } }) },
  { server: 'files', name: 'list_files', description: `List the entries of one folder, without recursion. ${ERRORS}`, inputSchema: pathSchema({}) },
];

const recommendations = (body: unknown, headers?: Record<string, string>) =>
  call<Result>(recommendationsRoute.POST, 'POST', '/api/similarity/recommendations', { body, ...(headers ? { headers } : {}) });

function definitionOf(tool: { name: string; description: string; inputSchema?: Record<string, unknown> }): Definition {
  return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema ?? { type: 'object', properties: {} } };
}

describe('rule-based recommendations: the same tool name on two servers', () => {
  let result: Result;
  beforeAll(async () => {
    const res = await recommendations({ toolList: TOOLS, similarityThreshold: 0.6 });
    expect(res.status).toBe(200);
    result = res.body;
  });

  it('names the object each search works on, from the words only its description has', () => {
    expect(result.pairs.map((p) => [p.toolA, p.toolB])).toEqual([['alpha/search', 'beta/search']]);
    const alpha = result.recommendations.issues.filter((i) => i.tool === 'alpha/search');
    expect(alpha.map((i) => i.type).sort()).toEqual(['naming_clarity', 'parameter_uniqueness', 'scope_clarity', 'terminology_overlap']);
    for (const issue of result.recommendations.issues) expect(issue.relatedTools).toEqual([issue.tool === 'alpha/search' ? 'beta/search' : 'alpha/search']);
    const naming = alpha.find((i) => i.type === 'naming_clarity');
    expect(naming?.priority).toBe('high');
    expect(naming?.recommendation).toBe('Name the object in alpha/search, e.g. search_passages.');
    expect(result.recommendations.issues.find((i) => i.tool === 'beta/search' && i.type === 'naming_clarity')?.recommendation).toBe('Name the object in beta/search, e.g. search_titles.');
    // The undescribed parameter both take, and the passage both open with, are named.
    expect(alpha.find((i) => i.type === 'parameter_uniqueness')?.recommendation).toMatch(/^Describe a\/b~c in alpha\/search/);
    expect(alpha.find((i) => i.type === 'terminology_overlap')?.recommendation).toContain('"Search the knowledge base for documents relevant to a query and return"');
    expect(result.recommendations.revisedBy).toBe('rules');
  });

  it('keeps cross-server advice about this tool: the other tool is named in the rationale only, and never in a revision', () => {
    const scope = result.recommendations.issues.find((i) => i.tool === 'alpha/search' && i.type === 'scope_clarity');
    expect(scope?.recommendation).toBe('Only alpha/search mentions "passages", "ranked" and "scores". Say so in the first sentence of alpha/search.');
    expect(scope?.rationale).toContain('beta/search');
    for (const issue of result.recommendations.issues) {
      expect(issue.recommendation).not.toContain(issue.tool === 'alpha/search' ? 'beta' : 'alpha');
      expect(issue.revisedDescription).not.toContain(issue.tool === 'alpha/search' ? 'beta' : 'alpha');
    }
  });

  it('sorts issues high priority first and gives every issue of a tool the same revision', () => {
    const ranks = result.recommendations.issues.map((i) => ({ high: 0, medium: 1, low: 2 })[i.priority]);
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    const alpha = result.recommendations.issues.filter((i) => i.tool === 'alpha/search');
    expect(new Set(alpha.map((i) => i.revisedDescription)).size).toBe(1);
  });

  it('applies the rename as an RFC 6902 patch', () => {
    const naming = result.recommendations.issues.find((i) => i.tool === 'alpha/search' && i.type === 'naming_clarity');
    expect(applyJsonPatch(definitionOf(TOOLS[0]!), naming?.applyCommands ?? []).name).toBe('search_passages');
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

describe('rule-based recommendations: one server with a shared error block', () => {
  let result: Result;
  beforeAll(async () => {
    // A low threshold flags the three pairs whatever the method makes of the shared block.
    const res = await recommendations({ toolList: FILES, similarityThreshold: 0.05 });
    expect(res.status).toBe(200);
    result = res.body;
  });

  const issuesOf = (tool: string) => result.recommendations.issues.filter((i) => i.tool === tool);

  it('finds every issue type but naming on search_files, each worded from the evidence', () => {
    const search = issuesOf('files/search_files');
    // The names already differ by their verbs (search, find, list): no rename is suggested.
    expect(search.map((i) => i.type).sort()).toEqual(ISSUE_TYPES.filter((t) => t !== 'naming_clarity').sort());
    const byType = new Map(search.map((i) => [i.type, i]));
    // The span as lib/text/boilerplate.ts reports it: from the first word to the last, without the closing period.
    expect(byType.get('terminology_overlap')?.recommendation).toBe(`Cut "${ERRORS.replace(/\.$/, '')}" from the description of search_files, or move it to the server's instructions.`);
    expect(byType.get('terminology_overlap')?.rationale).toMatch(/^The same 9 words appear in 100% of this server's tool descriptions/);
    expect(byType.get('scope_clarity')?.recommendation).toMatch(/Only search_files takes pattern \(string\)\./);
    expect(byType.get('scope_clarity')?.recommendation).toMatch(/Say so in the first sentence of each description\.$/);
    expect(byType.get('example_distinctiveness')?.recommendation).toBe('Add an example call that uses pattern (string), such as search_files({"path":"<path>","pattern":"<pattern>"}).');
    expect(byType.get('parameter_uniqueness')?.recommendation).toMatch(/^Describe a\/b~c in search_files/);
  });

  it('revises search_files with the error block cut, a pointer to find_files by its object and an example call that uses the pattern', () => {
    const revision = result.recommendations.revisions.find((r) => r.tool === 'files/search_files');
    expect(revision?.after).not.toContain('Error Responses');
    expect(revision?.after).toMatch(/^Recursively search for files matching a glob pattern\. /);
    expect(revision?.after).toMatch(/Example: search_files\(\{"path":"<path>","pattern":"<pattern>"\}\)\.$/);
  });

  it('emits RFC 6902 apply commands that a JSON Patch applier turns into the revised tool', () => {
    for (const tool of FILES) {
      const before = definitionOf(tool);
      const id = `files/${tool.name}`;
      const revision = result.recommendations.revisions.find((r) => r.tool === id);
      expect(revision?.tool).toBe(id);
      expect(applyJsonPatch(before, revision?.applyCommands ?? []).description).toBe(revision?.after);
      for (const issue of issuesOf(id)) {
        const after = applyJsonPatch(before, issue.applyCommands);
        if (issue.applyCommands.some((op) => op.path === '/description')) expect(after.description).toBe(issue.revisedDescription);
        else expect(after).toEqual(before);
      }
    }
  });

  it("guards each patch with a test operation, so it fails on a definition changed since the analysis", () => {
    const issue = issuesOf('files/search_files').find((i) => i.type === 'terminology_overlap');
    expect(issue?.applyCommands[0]).toEqual({ op: 'test', path: '/description', value: FILES[0]?.description });
    const edited = { ...definitionOf(FILES[0]!), description: 'Edited meanwhile' };
    expect(() => applyJsonPatch(edited, issue?.applyCommands ?? [])).toThrow(/test failed/);
  });
});

describe('rule-based recommendations: output schemas', () => {
  it('names the output fields only one tool returns, from the outputSchema the tool list carries', async () => {
    const input = { type: 'object', properties: { runId: { type: 'string', description: 'Run id' } }, required: ['runId'] };
    const res = await recommendations({
      toolList: [
        { server: 'ci', name: 'get_run', description: 'Get a pipeline run by id.', inputSchema: input, outputSchema: { type: 'object', properties: { status: { type: 'string' }, startedAt: { type: 'string' } } } },
        { server: 'ci', name: 'fetch_run', description: 'Fetch a pipeline run by id.', inputSchema: input, outputSchema: { type: 'object', properties: { status: { type: 'string' }, logs: { type: 'string' } } } },
      ],
      similarityThreshold: 0.05,
    });
    expect(res.status).toBe(200);
    const scope = res.body.recommendations.issues.find((i) => i.tool === 'ci/get_run' && i.type === 'scope_clarity');
    expect(scope?.recommendation).toContain('Only get_run returns startedAt.');
    expect(scope?.recommendation).toContain('Only fetch_run returns logs.');
  });
});

describe('rule-based recommendations: saying less', () => {
  const VM = [
    { server: 'vm', name: 'start_instance', description: 'Start a stopped virtual machine instance.', inputSchema: { type: 'object', properties: { instanceId: { type: 'string', description: 'Instance id' } }, required: ['instanceId'] } },
    { server: 'vm', name: 'stop_instance', description: 'Stop a running virtual machine instance.', inputSchema: { type: 'object', properties: { instanceId: { type: 'string', description: 'Instance id' } }, required: ['instanceId'] } },
  ];

  it('opposite actions on one object get a rationale and no advice, and the Markdown report prints no empty recommendation', async () => {
    const res = await recommendations({ toolList: VM, similarityThreshold: 0.05 });
    expect(res.status).toBe(200);
    const scope = res.body.recommendations.issues.filter((i) => i.type === 'scope_clarity');
    expect(scope.map((i) => [i.tool, i.recommendation, i.priority])).toEqual([
      ['vm/start_instance', '', 'low'],
      ['vm/stop_instance', '', 'low'],
    ]);
    expect(scope[0]?.rationale).toMatch(/^Both start_instance and stop_instance act on the same object \(instance\), but one is "start" and the other "stop"; their names already tell them apart\./);
    const md = await call<string>(reportRoute.POST, 'POST', '/api/similarity/report', { body: { toolList: VM, similarityThreshold: 0.05 }, query: { format: 'md' } });
    expect(md.status).toBe(200);
    expect(md.text).toMatch(/ {2}- Why: Both .*their names already tell them apart/);
    expect(md.text).not.toMatch(/Recommendation: *$/m);
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

  // One server; beta_search also takes titlesOnly, so the two are not one tool to merge but two to tell apart.
  const tools = TOOLS.slice(0, 2).map((t) => ({
    ...t,
    server: undefined,
    name: `${t.server}_search`,
    inputSchema: t.server === 'beta' ? schema({ titlesOnly: { type: 'boolean', description: 'Titles only' } }) : t.inputSchema,
  }));

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
    // The prompt carries the evidence of the pair: the shared passage, the words and parameters only one side has.
    const prompt = body.messages[1]?.content ?? '';
    if (process.env.DBG) console.log(prompt);
    expect(prompt).toContain('- beta_search (similarity ');
    expect(prompt).toContain('Passage both descriptions share word for word (reword it): "Search the knowledge base for documents relevant to a query and return"');
    expect(prompt).toMatch(/Words only alpha_search uses: .*passages/);
    expect(prompt).toContain('Parameters only beta_search takes: titlesOnly');
    expect(prompt).toContain('Name no tool of another server.');
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

describe('LLM-written revisions stay within their server', () => {
  let llm: LlmServer;
  const KEY = 'sk-test-similarity-0123456789';
  // Two servers: each tool's revision may name tools of its own server only.
  const tools = [
    { server: 'alpha', name: 'alpha_search', description: TOOLS[0]!.description, inputSchema: schema() },
    { server: 'beta', name: 'beta_search', description: TOOLS[1]!.description, inputSchema: schema({ titlesOnly: { type: 'boolean', description: 'Titles only' } }) },
  ];

  beforeAll(async () => {
    llm = await startLlmServer({
      rules: [
        { match: /Tool to rewrite: alpha_search\n/, replies: [{ text: 'Search the alpha knowledge base for ranked passages with scores; for document titles, use beta_search instead.' }] },
        { match: /Tool to rewrite: beta_search\n/, replies: [{ text: 'Use alpha_search instead.' }] },
      ],
    });
  });

  afterAll(async () => {
    await llm.close();
  });

  it("cuts the clause that names another server's tool, rejects an answer that is nothing else, and never names it in the prompt", async () => {
    const res = await recommendations(
      { toolList: tools, similarityThreshold: 0.6, llm: { provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, maxRetries: 0, timeout: 5 } },
      { 'X-OpenAI-API-Key': KEY },
    );
    expect(res.status).toBe(200);
    const revisions = res.body.recommendations.revisions;
    expect(revisions.find((r) => r.tool === 'alpha/alpha_search')).toMatchObject({ source: 'llm', after: 'Search the alpha knowledge base for ranked passages with scores.' });
    const beta = revisions.find((r) => r.tool === 'beta/beta_search');
    expect(beta?.source).toBe('rules');
    expect(beta?.error).toBe("the model's revision named a tool of another server (alpha_search) and nothing else");
    expect(beta?.after).not.toContain('alpha');
    const prompts = llm.requests.map((r) => (r.body as { messages: { content: string }[] }).messages[1]?.content ?? '');
    expect(prompts).toHaveLength(2);
    const alphaPrompt = prompts.find((p) => p.startsWith('Tool to rewrite: alpha_search')) ?? '';
    expect(alphaPrompt).toContain('- a tool of another server (similarity ');
    expect(alphaPrompt).toContain('Parameters only a tool of another server takes: titlesOnly');
    expect(alphaPrompt).not.toContain('beta_search');
  });
});
