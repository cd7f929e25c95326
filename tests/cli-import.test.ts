import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { isPostgres } from '@/db/dialect';
import { SELF_ASSESSMENT_LEAD } from '@/lib/providers/shared/prompts';
import { ResultsSchema } from '@/lib/cli/results/schema';
import { filesUnder, runCli, tempFolder } from './helpers/cli';
import { storedAnywhere } from './helpers/stored-anywhere';
import { readOfferedTools } from './helpers/description-model';
import { startLlmServer, type LlmServer, type ScriptedReply } from './helpers/llm-server';

/**
 * `mcp-eval import bfcl` on the shared BFCL v4 sample, written out in BFCL's own layout (JSON
 * Lines question files without answers, possible_answer/ files with them), then `mcp-eval run`
 * on the suite with a scripted model that answers every entry with its ground-truth call.
 */

const SLOW = 120_000;
const SAMPLE = path.resolve(process.cwd(), '../shared/data/bfcl/bfcl-v4-sample.json');
const CATEGORIES = ['simple', 'multiple', 'irrelevance'] as const;
const SENTINEL = 'sk-sentinel-bfcl-0ddba11';

type Sample = Record<(typeof CATEGORIES)[number], { id: string; question: { role: string; content: string }[][]; ground_truth?: Record<string, Record<string, unknown[]>>[] }[]>;

const sample = JSON.parse(fs.readFileSync(SAMPLE, 'utf8')) as Sample;
let dir: string;
let llm: LlmServer;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first acceptable value; a dict lists acceptable values per key again. Undefined: leave it out. */
function firstAcceptable(values: unknown[]): unknown {
  const value = values.find((v) => v !== '');
  if (isRecord(value) && Object.values(value).every(Array.isArray)) return pick(value as Record<string, unknown[]>);
  return value;
}

function pick(answer: Record<string, unknown[]>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(answer).flatMap(([k, values]) => {
    const v = firstAcceptable(values);
    return v === undefined ? [] : [[k, v]];
  }));
}

/** The ground-truth call per query, or null for an irrelevance entry. */
function groundTruthByQuery(): Map<string, { name: string; arguments: Record<string, unknown> } | null> {
  const byQuery = new Map<string, { name: string; arguments: Record<string, unknown> } | null>();
  for (const category of CATEGORIES) {
    for (const e of sample[category]) {
      const query = (e.question[0] ?? []).filter((m) => m.role === 'user').map((m) => m.content).join('\n').trim();
      const call = e.ground_truth?.[0];
      const [name] = call ? Object.keys(call) : [];
      byQuery.set(query, call && name ? { name, arguments: pick(call[name] ?? {}) } : null);
    }
  }
  return byQuery;
}

beforeAll(async () => {
  dir = tempFolder('mcp-eval-bfcl-');
  fs.mkdirSync(path.join(dir, 'possible_answer'));
  for (const category of CATEGORIES) {
    const entries = sample[category];
    fs.writeFileSync(path.join(dir, `BFCL_v4_${category}.json`), entries.map(({ ground_truth: _, ...q }) => JSON.stringify(q)).join('\n'));
    const answers = entries.filter((e) => e.ground_truth).map((e) => JSON.stringify({ id: e.id, ground_truth: e.ground_truth }));
    if (answers.length) fs.writeFileSync(path.join(dir, 'possible_answer', `BFCL_v4_${category}.json`), answers.join('\n'));
  }
  const truth = groundTruthByQuery();
  llm = await startLlmServer({
    respond: ({ body, query }): ScriptedReply | undefined => {
      if (query === null) return undefined;
      if (query.startsWith(SELF_ASSESSMENT_LEAD)) return { text: JSON.stringify({ confidence: 0.9, reasoning: 'scripted' }) };
      const call = truth.get(query);
      if (!call) return { text: 'None of these functions applies.' };
      // The harness exposes provider-safe names ('math.hypot' -> 'math_hypot').
      const safe = call.name.replace(/[^a-zA-Z0-9_-]/g, '_');
      const offered = readOfferedTools(body).find((t) => t.name === safe);
      return { toolCalls: [{ name: offered?.name ?? safe, arguments: call.arguments }] };
    },
  });
});
afterAll(async () => {
  await llm?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('mcp-eval import bfcl', () => {
  it('turns BFCL files into a suite that mcp-eval run accepts; ground-truth answers pass its gates', { timeout: SLOW }, async () => {
    const files = [...CATEGORIES.map((c) => `BFCL_v4_${c}.json`), 'possible_answer/BFCL_v4_simple.json', 'possible_answer/BFCL_v4_multiple.json'];
    const imported = await runCli(['import', 'bfcl', ...files, '--out', 'bfcl.yaml', '--name', 'bfcl sample'], dir);
    expect(imported.stderr).toMatch(/^130 of 130 entries imported, \d+ server\(s\)$/m);
    expect(imported.code).toBe(0);
    const firstText = fs.readFileSync(path.join(dir, 'bfcl.yaml'), 'utf8');

    // The same files again into the same suite: every case is already there (exit 0), the file unchanged.
    const again = await runCli(['import', 'bfcl', ...files, '--out', 'bfcl.yaml'], dir);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/^already imported simple_python_8: case simple_python_8 is in the suite already, unchanged$/m);
    expect(again.stderr).toMatch(/^0 of 130 entries imported, 130 already imported, \d+ server\(s\)$/m);
    expect(fs.readFileSync(path.join(dir, 'bfcl.yaml'), 'utf8')).toBe(firstText);

    const suite = parse(fs.readFileSync(path.join(dir, 'bfcl.yaml'), 'utf8')) as Record<string, unknown> & { testCases: Record<string, unknown>[]; servers: Record<string, { tools: { name: string; inputSchema: Record<string, unknown> }[] }> };
    expect(suite.argumentMatching).toBe('bfcl');
    expect(suite.testCases).toHaveLength(130);
    expect(suite.testCases.filter((c) => c.expectedTool === null)).toHaveLength(sample.irrelevance.length);
    // BFCL's Python types are JSON Schema in the suite (float -> number, dict -> object).
    const schemaText = JSON.stringify(Object.values(suite.servers).flatMap((s) => s.tools.map((t) => t.inputSchema)));
    expect(schemaText).toContain('"type":"number"');
    expect(schemaText).not.toMatch(/"type":"(float|dict|tuple)"/);

    suite.models = [{ provider: 'openai', model: 'gpt-scripted', baseUrl: llm.openaiBaseUrl, maxRetries: 0, timeout: 10 }];
    suite.gates = { f1: 0.95, recall: 0.95 };
    fs.writeFileSync(path.join(dir, 'bfcl-scripted.yaml'), stringify(suite));
    const run = await runCli(['run', 'bfcl-scripted.yaml', '--out', 'out', '--data-dir', 'data'], dir, { OPENAI_API_KEY: SENTINEL });
    expect(run.stderr).not.toMatch(/suite error/);
    expect(run.code).toBe(0);
    const results = ResultsSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'out/results.json'), 'utf8')));
    expect(results.cases).toHaveLength(130);
    expect(results.cases.every((c) => c.argumentMatching === 'bfcl')).toBe(true);
    const { f1, tn, fp } = results.metrics.overall;
    expect(f1).toBeGreaterThanOrEqual(0.95);
    expect(tn + fp).toBe(sample.irrelevance.length);
    expect(fp).toBe(0);
    // The ground truth's own arguments are judged correct under BFCL's rules.
    const scored = results.cases.filter((c) => c.argumentScore !== null);
    expect(scored.length).toBeGreaterThan(90);
    expect(scored.filter((c) => c.argumentScore === 1).length / scored.length).toBeGreaterThanOrEqual(0.95);
    // SQLite: the data dir's database file; Postgres (DATABASE_URL, which the CLI inherits): every row of the test's database.
    const postgres = isPostgres();
    const written = [...filesUnder(path.join(dir, 'out')), ...(postgres ? [] : filesUnder(path.join(dir, 'data')))];
    expect(written.some((f) => f.endsWith('.sqlite'))).toBe(!postgres);
    for (const file of written) expect(fs.readFileSync(file).includes(SENTINEL), file).toBe(false);
    if (postgres) expect(await storedAnywhere(SENTINEL)).toBe(false);
  });

  // `import` opens no database: on Postgres this would only repeat the SQLite project's run.
  it.skipIf(isPostgres())('usage: an unknown source, no files, or nothing importable exit 2', { timeout: SLOW }, async () => {
    expect((await runCli(['import', 'nope', 'x.json'], dir)).code).toBe(2);
    expect((await runCli(['import', 'bfcl'], dir)).code).toBe(2);
    const answersOnly = await runCli(['import', 'bfcl', 'possible_answer/BFCL_v4_simple.json'], dir);
    expect(answersOnly.code).toBe(2);
    expect(answersOnly.stderr).toMatch(/no case could be imported/);
    fs.writeFileSync(path.join(dir, 'broken.jsonl'), '{"id": "a"\n');
    const broken = await runCli(['import', 'bfcl', 'broken.jsonl'], dir);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.jsonl line 1 is not valid JSON/);
  });
});

describe('mcp-eval import mcp-tef', () => {
  it('turns mcp-tef test cases into a suite with servers by URL; run accepts it (the server is down: exit 3, not 2)', { timeout: SLOW }, async () => {
    const url = 'http://127.0.0.1:9/mcp';
    const tef = [
      { name: 'create issue', query: 'Open an issue about the login bug', available_mcp_servers: [{ url, transport: 'streamable-http' }], expected_mcp_server_url: url, expected_tool_name: 'create_issue', expected_parameters: { title: 'login bug' } },
      {
        name: 'two calls',
        query: 'Find the issue and close it',
        available_mcp_servers: [{ url, transport: 'streamable-http' }],
        order_dependent_matching: true,
        expected_tool_calls: [{ mcp_server_url: url, tool_name: 'search_issues', parameters: { q: 'login' } }, { mcp_server_url: url, tool_name: 'close_issue' }],
      },
      { name: 'small talk', query: 'How are you?', available_mcp_servers: [{ url, transport: 'streamable-http' }] },
      { query: 'no name' },
    ];
    fs.writeFileSync(path.join(dir, 'tef.json'), JSON.stringify(tef));
    const imported = await runCli(['import', 'mcp-tef', 'tef.json', '--out', 'tef.yaml'], dir);
    expect(imported.code).toBe(0);
    expect(imported.stderr).toMatch(/^imported two calls: expects search_issues then close_issue \(a sequence case, exact order\)/m);
    expect(imported.stderr).toMatch(/^skipped  \(no id\): not an mcp-tef test case: name/m);
    expect(imported.stderr).toMatch(/^3 of 4 entries imported, 1 server\(s\)$/m);
    const suite = parse(fs.readFileSync(path.join(dir, 'tef.yaml'), 'utf8')) as { servers: Record<string, unknown>; testCases: Record<string, unknown>[] };
    expect(suite.servers).toEqual({ '127.0.0.1-9-mcp': { type: 'http', url } });
    expect(suite.testCases[1]).toMatchObject({ mode: 'sequence', expectedCalls: [{ server: '127.0.0.1-9-mcp', tool: 'search_issues', arguments: { q: 'login' } }, { server: '127.0.0.1-9-mcp', tool: 'close_issue' }] });
    expect(suite.testCases.map((c) => [c.name, c.expectedServer, c.expectedTool])).toEqual([
      ['create issue', '127.0.0.1-9-mcp', 'create_issue'],
      ['two calls', '127.0.0.1-9-mcp', 'search_issues'],
      ['small talk', null, null],
    ]);
    const run = await runCli(['run', 'tef.yaml', '--out', 'out-tef'], dir);
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/unreachable/);
  });

  // Import and merge open no database, and the run stops at the unreachable server: on Postgres this would repeat the SQLite project's run.
  it.skipIf(isPostgres())("takes mcp-tef's own sample file (URL strings with ${VAR}); a second import into the suite keeps its edits and reports already imported", { timeout: SLOW }, async () => {
    // The shape of mcp-tef's cli/tests/scripts/test_cases.json: available_mcp_servers as plain URLs.
    const sampleShape = [
      { name: 'E2E Fetch Test - Positive', query: 'Fetch the content from https://example.com', available_mcp_servers: ['${MCP_SERVER_URL}'], expected_mcp_server_url: '${MCP_SERVER_URL}', expected_tool_name: 'fetch' },
    ];
    fs.writeFileSync(path.join(dir, 'test_cases.json'), JSON.stringify(sampleShape, null, 2));
    const imported = await runCli(['import', 'mcp-tef', 'test_cases.json', '--out', 'tef-sample.yaml'], dir);
    expect(imported.stderr).toMatch(/^imported E2E Fetch Test - Positive: expects fetch$/m);
    expect(imported.code).toBe(0);
    const suite = parse(fs.readFileSync(path.join(dir, 'tef-sample.yaml'), 'utf8')) as Record<string, unknown> & { servers: Record<string, unknown>; testCases: Record<string, unknown>[] };
    expect(suite.servers).toEqual({ MCP_SERVER_URL: { type: 'http', url: '${MCP_SERVER_URL}' } });
    expect(suite.testCases).toEqual([expect.objectContaining({ name: 'E2E Fetch Test - Positive', servers: ['MCP_SERVER_URL'], expectedServer: 'MCP_SERVER_URL', expectedTool: 'fetch' })]);

    // The loader fills the placeholder: the server is down, so exit 3 (not a suite error).
    const run = await runCli(['run', 'tef-sample.yaml', '--out', 'out-tef-sample'], dir, { MCP_SERVER_URL: 'http://127.0.0.1:9/mcp' });
    expect(run.stderr).not.toMatch(/suite error/);
    expect(run.stderr).toMatch(/server MCP_SERVER_URL is unreachable: .*\(http:\/\/127\.0\.0\.1:9\/mcp\)/);
    expect(run.code).toBe(3);

    // A user edits the suite's gates, then imports the same file plus a new case into it.
    fs.writeFileSync(path.join(dir, 'tef-sample.yaml'), stringify({ ...suite, gates: { f1: 0.5 } }));
    fs.writeFileSync(path.join(dir, 'more.json'), JSON.stringify({ name: 'small talk', query: 'Hello there', available_mcp_servers: ['${MCP_SERVER_URL}'] }));
    const again = await runCli(['import', 'mcp-tef', 'test_cases.json', 'more.json', '--out', 'tef-sample.yaml'], dir);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/^already imported E2E Fetch Test - Positive: /m);
    expect(again.stderr).toMatch(/^1 of 2 entries imported, 1 already imported, 1 server\(s\)$/m);
    const merged = parse(fs.readFileSync(path.join(dir, 'tef-sample.yaml'), 'utf8')) as typeof suite;
    expect(merged.gates).toEqual({ f1: 0.5 });
    expect(merged.testCases.map((c) => c.name)).toEqual(['E2E Fetch Test - Positive', 'small talk']);

    // Only cases it holds already: still exit 0.
    expect((await runCli(['import', 'mcp-tef', 'test_cases.json', '--out', 'tef-sample.yaml'], dir)).code).toBe(0);
  });
});
