import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as serversRoute from '@/app/api/servers/route';
import * as draftsRoute from '@/app/api/similarity/test-case-drafts/route';
import * as caseRunsRoute from '@/app/api/test-cases/[id]/runs/route';
import * as testCasesRoute from '@/app/api/test-cases/route';
import * as runRoute from '@/app/api/test-runs/[id]/route';
import { waitForJob } from '@/lib/eval/run/jobs';
import { createTestCase } from '@/lib/test-cases/service';
import { DRAFTS_SYSTEM_PROMPT } from '@/lib/test-cases/drafts/llm';
import type { DraftsResult, TestCaseDraft } from '@/lib/test-cases/drafts/schemas';
import { call } from './helpers/api';
import { startLlmServer, type LlmServer } from './helpers/llm-server';

type ErrorBody = { error: { code: string; message: string } };

const KEY = 'sk-test-drafts-0123456789';
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({ type: 'object', properties, required });

// Demo-like static servers: a files server whose two search tools overlap, and a notes server
// whose two writers overlap but already have a test case.
const FILES = {
  name: 'drafts-files',
  transport: 'static',
  tools: [
    {
      name: 'search_files',
      description: 'Search the contents of files in a directory for a text pattern and return the matching lines.',
      inputSchema: obj({ directory: { type: 'string', description: 'Directory to search' }, pattern: { type: 'string', description: 'Text to look for' } }, ['directory', 'pattern']),
    },
    {
      name: 'find_files',
      description: 'Find files in a directory whose names match a glob pattern.',
      inputSchema: obj({ directory: { type: 'string', description: 'Directory to search' }, glob: { type: 'string', description: 'File name pattern, e.g. "*.log"' } }, ['directory', 'glob']),
    },
    { name: 'send_email', description: 'Send an email message to one recipient address.', inputSchema: obj({ to: { type: 'string', format: 'email' }, body: { type: 'string' } }, ['to']) },
  ],
};
const NOTES = {
  name: 'drafts-notes',
  transport: 'static',
  tools: [
    { name: 'create_note', description: 'Create a new note in the notebook with a title and text.', inputSchema: obj({ title: { type: 'string' }, text: { type: 'string' } }, ['title']) },
    { name: 'add_note', description: 'Add a new note to the notebook with a title and text.', inputSchema: obj({ title: { type: 'string' }, text: { type: 'string' } }, ['title']) },
  ],
};

let filesId = '';
let notesId = '';
let llm: LlmServer;

beforeAll(async () => {
  const files = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: FILES });
  const notes = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: NOTES });
  expect([files.status, notes.status]).toEqual([201, 201]);
  filesId = files.body.id;
  notesId = notes.body.id;
  await createTestCase({ name: 'notes: create', query: 'Create a note titled Groceries', serverIds: [notesId], expectedServer: 'drafts-notes', expectedTool: 'create_note', expectedParameters: null, argumentMatching: 'strict' });
  llm = await startLlmServer({
    rules: [
      {
        // The files pair's prompt: a valid answer, wrapped in prose as models do.
        match: (q) => q.includes('Tool drafts-files-2/search_files\n') && q.includes('Tool drafts-files-2/find_files\n'),
        replies: [
          {
            text: `Sure: ${JSON.stringify({
              drafts: [
                { tool: 'drafts-files-2/search_files', query: 'Which lines in /srv/app mention "timeout"?', expectedParameters: { directory: '/srv/app', pattern: 'timeout' }, rationale: 'Looks inside files.' },
                { tool: 'find_files', query: 'List the .csv files in /srv/data.', expectedParameters: { directory: '/srv/data', glob: '*.csv' }, rationale: 'Matches names only.' },
              ],
            })}`,
          },
        ],
      },
    ],
    default: { text: 'I would rather not answer in JSON.' },
  });
});
afterAll(async () => {
  await llm?.close();
});

function propose(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call<DraftsResult & ErrorBody>(draftsRoute.POST, 'POST', '/api/similarity/test-case-drafts', { body: { method: 'description_overlap', similarityThreshold: 0.5, ...body }, headers });
}

const pairKey = (d: TestCaseDraft) => [d.pair.toolA, d.pair.toolB].sort().join(' ~ ');

describe('POST /api/similarity/test-case-drafts (rules)', () => {
  it('drafts one request per tool for a flagged pair without cases, and none for a pair a case covers', async () => {
    const res = await propose({ serverIds: [filesId, notesId] });
    expect(res.status).toBe(200);
    expect(res.body.draftedBy).toBe('rules');
    expect(res.body.pairsWithCases).toBeGreaterThanOrEqual(1);
    const pairs = new Set(res.body.drafts.map(pairKey));
    expect(pairs).toEqual(new Set(['drafts-files/find_files ~ drafts-files/search_files']));
    expect(res.body.drafts.map((d) => d.target.tool).sort()).toEqual(['find_files', 'search_files']);
    for (const d of res.body.drafts) {
      expect(d.source).toBe('rules');
      expect(d.serverIds).toEqual([filesId]);
      expect(d.query).toMatch(/^[A-Z].*\.$/);
      expect(d.rationale.length).toBeGreaterThan(20);
    }
    const search = res.body.drafts.find((d) => d.target.tool === 'search_files');
    const find = res.body.drafts.find((d) => d.target.tool === 'find_files');
    // Required parameters are filled and stated: the glob from its description's example.
    expect(search?.expectedParameters).toMatchObject({ directory: expect.any(String) });
    expect(Object.keys(search?.expectedParameters ?? {}).sort()).toEqual(['directory', 'pattern']);
    expect(find?.expectedParameters).toMatchObject({ glob: '*.log' });
    expect(find?.query).toContain('*.log');
    expect(find?.query.toLowerCase()).toContain('names');
    expect(search?.query.toLowerCase()).toContain('contents');
  });

  it('an accepted draft is a valid test case that the local provider runs', { timeout: 60_000 }, async () => {
    const res = await propose({ serverIds: [filesId] });
    const draft = res.body.drafts.find((d) => d.target.tool === 'find_files');
    expect(draft?.target).toMatchObject({ tool: 'find_files' });
    if (!draft) return;
    const created = await call<{ id: string; expectedTool: string }>(testCasesRoute.POST, 'POST', '/api/test-cases', {
      body: { name: draft.name, query: draft.query, serverIds: draft.serverIds, expectedServer: draft.target.server, expectedTool: draft.target.tool, expectedParameters: draft.expectedParameters },
    });
    expect(created.status).toBe(201);
    expect(created.body.expectedTool).toBe('find_files');
    const run = await call<{ id: string }>(caseRunsRoute.POST, 'POST', `/api/test-cases/${created.body.id}/runs`, { params: { id: created.body.id }, body: { model: { provider: 'local', model: 'lexical' } } });
    expect(run.status).toBe(202);
    await waitForJob(run.body.id);
    const detail = await call<{ status: string; classification: string | null; selectedTool: string | null }>(runRoute.GET, 'GET', `/api/test-runs/${run.body.id}`, { params: { id: run.body.id } });
    expect(detail.body.status).toBe('completed');
    expect(detail.body.classification).not.toBeNull();

    // Now a case expects find_files: the pair has a case and gets no more drafts.
    const again = await propose({ serverIds: [filesId] });
    expect(again.body.drafts).toEqual([]);
    expect(again.body.pairsWithCases).toBeGreaterThanOrEqual(1);
  });
});

describe('POST /api/similarity/test-case-drafts (LLM, scripted OpenAI server)', () => {
  const model = () => ({ provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, maxRetries: 0, timeout: 5 });

  it('the model writes the drafts from both descriptions, schemas and the evidence; a malformed answer falls back to rules', async () => {
    const fresh = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { ...FILES, name: 'drafts-files-llm' } });
    const other = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { ...NOTES, name: 'drafts-notes-llm' } });
    // The files pair under a name the script does not know: its answer is not JSON.
    const res = await propose({ serverIds: [filesId, fresh.body.id, other.body.id], llm: model() }, { 'X-OpenAI-API-Key': KEY });
    expect(res.status).toBe(200);
    expect(res.body.draftedBy).toBe('openai/gpt-test');
    const onFresh = res.body.drafts.filter((d) => d.target.server === 'drafts-files-llm' && d.pair.toolA.startsWith('drafts-files-llm/') && d.pair.toolB.startsWith('drafts-files-llm/'));
    expect(onFresh.length).toBeGreaterThanOrEqual(2);
    expect(onFresh.every((d) => d.source === 'rules')).toBe(true);
    expect(res.body.warnings.some((w) => w.includes('drafts-files-llm') && /not the JSON/.test(w))).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(KEY);

    const sent = llm.requests.filter((r) => r.api === 'openai');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const messages = (sent[0]?.body as { messages: { role: string; content: string }[] }).messages;
    expect(messages[0]).toEqual({ role: 'system', content: DRAFTS_SYSTEM_PROMPT });
  });

  it('uses the model\'s valid drafts as written (a tool named by id or by name)', async () => {
    const copy = await call<{ id: string }>(serversRoute.POST, 'POST', '/api/servers', { body: { ...FILES, name: 'drafts-files-2' } });
    expect(copy.status).toBe(201);
    llm.requests.length = 0;
    const res = await propose({ serverIds: [copy.body.id], llm: model() }, { 'X-OpenAI-API-Key': KEY });
    expect(res.status).toBe(200);
    const prompt = (llm.requests[0]?.body as { messages: { content: string }[] }).messages[1]?.content ?? '';
    expect(prompt).toContain('Search the contents of files');
    expect(prompt).toContain('"glob"');
    expect(prompt).toMatch(/Words only this tool uses: .*contents/);
    expect(res.body.warnings.filter((w) => w.includes('could not be used'))).toEqual([]);
    expect(res.body.drafts.map((d) => ({ tool: d.target.tool, query: d.query, expectedParameters: d.expectedParameters, source: d.source }))).toEqual([
      { tool: 'search_files', query: 'Which lines in /srv/app mention "timeout"?', expectedParameters: { directory: '/srv/app', pattern: 'timeout' }, source: 'llm' },
      { tool: 'find_files', query: 'List the .csv files in /srv/data.', expectedParameters: { directory: '/srv/data', glob: '*.csv' }, source: 'llm' },
    ]);
    expect(res.body.drafts[0]?.serverIds).toEqual([copy.body.id]);
  });

  it('400 when the key is missing or the provider cannot write text, before any call', async () => {
    const before = llm.requests.length;
    const noKey = await propose({ serverIds: [filesId], llm: model() });
    expect(noKey.status).toBe(400);
    const local = await propose({ serverIds: [filesId], llm: { provider: 'local', model: 'hybrid' } });
    expect(local.status).toBe(400);
    expect(local.body.error.code).toBe('invalid_llm');
    const noServers = await propose({});
    expect(noServers.status).toBe(400);
    expect(llm.requests.length).toBe(before);
  });
});
