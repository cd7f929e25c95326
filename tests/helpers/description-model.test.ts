import { afterEach, describe, expect, it } from 'vitest';
import { anthropicProvider } from '@/lib/providers/anthropic/provider';
import { openaiProvider } from '@/lib/providers/openai/provider';
import { makeModel, makeRequest, SENTINEL_API_KEY } from '@/lib/providers/testing/fixtures';
import type { ExposedTool } from '@/lib/providers/types';
import { classify } from '@/lib/eval/judge/classify';
import { compareOutcomes, type CaseOutcome } from '@/lib/stats/compare';
import { chooseByDescription, modelWords, startDescriptionModel } from './description-model';
import { startLlmServer, type LlmServer } from './llm-server';

let server: LlmServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const schema = { type: 'object', properties: { path: { type: 'string' }, limit: { type: 'integer' } } };

/** Two confusable tools: the file reader's description also claims reports. */
const READ_FILE: ExposedTool = { exposedName: 'read_file', description: 'Read any file or report from disk and return its contents.', inputSchema: schema };
const READ_DOCUMENT: ExposedTool = { exposedName: 'read_document', description: 'Open an item of the knowledge base.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } };
const REWRITTEN: ExposedTool[] = [
  { ...READ_FILE, description: 'Read a source code file from disk and return its contents.' },
  { ...READ_DOCUMENT, description: 'Open a report or other document of the knowledge base.' },
];

async function select(tools: ExposedTool[], query: string) {
  const model = makeModel({ provider: 'openai', baseUrl: server!.openaiBaseUrl });
  return openaiProvider.selectTool(makeRequest(model, { apiKey: SENTINEL_API_KEY, query, tools }));
}

describe('the description-sensitive scripted model', () => {
  it('changes its choice when a description is rewritten, through the real OpenAI SDK', async () => {
    server = await startDescriptionModel();
    const query = 'Show the quarterly report';
    const before = await select([READ_FILE, READ_DOCUMENT], query);
    expect(before.toolCalls.map((c) => [c.name, c.arguments])).toEqual([['read_file', {}]]);
    const after = await select(REWRITTEN, query);
    expect(after.toolCalls.map((c) => [c.name, c.arguments])).toEqual([['read_document', {}]]);
    // The server saw exactly the descriptions it was given each time.
    const shown = server.requests.map((r) => (r.body as { tools: Array<{ function: { description: string } }> }).tools.map((t) => t.function.description));
    expect(shown).toEqual([[READ_FILE.description, READ_DOCUMENT.description], REWRITTEN.map((t) => t.description)]);
  });

  it('passes the arguments the query names, when the chosen tool has them', async () => {
    server = await startDescriptionModel();
    const selection = await select([READ_FILE, READ_DOCUMENT], 'read the file path="src/app main.ts" limit=20 id=7');
    expect(selection.toolCalls).toEqual([{ id: expect.any(String), name: 'read_file', arguments: { path: 'src/app main.ts', limit: 20 } }]);
  });

  it('answers without a tool below the minimum overlap, and states a confidence when asked', async () => {
    server = await startDescriptionModel({ minOverlap: 2, confidence: 0.65 });
    const model = makeModel({ provider: 'openai', baseUrl: server.openaiBaseUrl });
    const none = await select([READ_FILE, READ_DOCUMENT], 'What is the weather in Oslo?');
    expect(none.toolCalls).toEqual([]);
    expect(none.text).toMatch(/None of the tools/);
    // One shared word ("file") is below 2 as well.
    expect((await select([READ_FILE, READ_DOCUMENT], 'a file please')).toolCalls).toEqual([]);
    const picked = await select([READ_FILE, READ_DOCUMENT], 'read the file from disk');
    const assessment = await openaiProvider.assessConfidence({ ...makeRequest(model, { apiKey: SENTINEL_API_KEY, query: 'read the file from disk', tools: [READ_FILE] }), selection: picked });
    expect(assessment.confidence).toBe(0.65);
  });

  it('speaks the Anthropic wire format too', async () => {
    server = await startDescriptionModel();
    const model = makeModel({ provider: 'anthropic', baseUrl: server.anthropicBaseUrl });
    const selection = await anthropicProvider.selectTool(makeRequest(model, { apiKey: SENTINEL_API_KEY, query: 'Show the quarterly report', tools: REWRITTEN }));
    expect(selection.toolCalls.map((c) => c.name)).toEqual(['read_document']);
  });

  it('lets scripted rules win over the computed reply', async () => {
    const { respondByDescription } = await import('./description-model');
    server = await startLlmServer({ rules: [{ match: 'Show the quarterly report', replies: [{ text: 'scripted' }] }], respond: respondByDescription() });
    expect((await select(REWRITTEN, 'Show the quarterly report')).text).toBe('scripted');
    expect((await select(REWRITTEN, 'read source code')).toolCalls.map((c) => c.name)).toEqual(['read_file']);
  });
});

describe('chooseByDescription', () => {
  const tools = [
    { name: 'searchNotes', description: 'Search notes.', properties: [] },
    { name: 'search_files', description: 'Search files.', properties: [] },
  ];

  it('splits identifiers, drops stop words and plural -s', () => {
    expect([...modelWords('The searchNotes of my_files, please')]).toEqual(['search', 'note', 'file']);
  });

  it('breaks ties towards the tool offered first and reports the shared words', () => {
    const tie = chooseByDescription('search everything', tools);
    expect(tie.tool).toBe('searchNotes');
    expect(tie.scores).toEqual([
      { name: 'searchNotes', shared: ['search'] },
      { name: 'search_files', shared: ['search'] },
    ]);
    expect(chooseByDescription('search everything', [...tools].reverse()).tool).toBe('search_files');
    expect(chooseByDescription('search my files', tools).tool).toBe('search_files');
    expect(chooseByDescription('hello there', tools).tool).toBeNull();
  });
});

describe('a rewrite measured end to end (scripted model -> classify -> compareOutcomes)', () => {
  // Queries for the document reader that the baseline sends to read_file ("report" is in its
  // description), queries for read_file that both variants get right, and off-topic negatives.
  const cases = [
    ...['quarterly report', 'annual report', 'audit report', 'sales report', 'incident report', 'board report', 'travel report', 'market report'].map((q, i) => ({ id: `doc${i}`, query: `Show the ${q}`, expected: 'read_document' as const })),
    ...['main.ts', 'index.js', 'util.py', 'lib.rs'].map((f, i) => ({ id: `file${i}`, query: `Read the file ${f} from disk`, expected: 'read_file' as const })),
    ...['What time is it in Lima?', 'Tell me a joke'].map((q, i) => ({ id: `neg${i}`, query: q, expected: null })),
  ];

  async function runAll(tools: ExposedTool[]): Promise<CaseOutcome[]> {
    const outcomes: CaseOutcome[] = [];
    for (const c of cases) {
      const selection = await select(tools, c.query);
      const picked = selection.toolCalls[0]?.name ?? null;
      const expected = c.expected === null ? null : { server: 'docs', tool: c.expected };
      outcomes.push({ caseId: c.id, model: 'scripted', classification: classify(expected, picked === null ? null : { server: 'docs', tool: picked }) });
    }
    return outcomes;
  }

  it('shows the rewrite significantly above the baseline with the flipped cases, and a neutral rewrite as no change', async () => {
    server = await startDescriptionModel();
    const baseline = await runAll([READ_FILE, READ_DOCUMENT]);
    const rewrite = await runAll(REWRITTEN);
    // A neutral rewrite: different wording, no word that moves the overlap.
    const neutral = await runAll([READ_FILE, { ...READ_DOCUMENT, description: 'Opens one item of the knowledge base.' }]);

    const better = compareOutcomes(baseline, rewrite);
    expect(better.metrics.f1.current!).toBeGreaterThan(better.metrics.f1.baseline!);
    expect(better.metrics.f1).toMatchObject({ significant: true, outcome: 'improved' });
    expect(better.metrics.accuracy).toMatchObject({ significant: true, outcome: 'improved' });
    expect(better.fixed.map((u) => u.caseId)).toEqual(['doc0', 'doc1', 'doc2', 'doc3', 'doc4', 'doc5', 'doc6', 'doc7']);
    expect(better.regressed).toEqual([]);

    const same = compareOutcomes(baseline, neutral);
    expect(same.metrics.f1).toMatchObject({ delta: 0, significant: false, outcome: 'no_significant_change' });
    expect(same.fixed).toEqual([]);
  });
});
