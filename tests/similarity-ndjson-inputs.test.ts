import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as reportRoute from '@/app/api/similarity/report/route';
import { similarityCommand } from '@/lib/cli/commands/similarity';
import { CliError, EXIT } from '@/lib/cli/errors';
import type { CliIo } from '@/lib/cli/io';
import { call } from './helpers/api';

vi.mock('@/lib/embeddings/registry', async (importOriginal) => {
  const { hashedRegistry } = await import('./helpers/similarity-embedding');
  return hashedRegistry(await importOriginal());
});

/**
 * The NDJSON upload (lib/similarity/ndjson-input.ts: an options line, then one tool per line)
 * also reaches the report endpoint and the CLI, through the same parser, and gives the same
 * report as the same tools in JSON.
 */

const TOOLS = [
  { server: 'docs', name: 'search_docs', description: 'Search the document index for passages that match a query' },
  { server: 'docs', name: 'find_passages', description: 'Search the document index for passages that match a query and rank them' },
  { server: 'wiki', name: 'search_pages', description: 'Search the wiki for pages that match a query' },
  { server: 'weather', name: 'get_forecast', description: 'Current weather and forecast for a city' },
  { server: 'weather', name: 'get_alerts', description: 'Active weather alerts for a region' },
];
const OPTIONS = { similarityThreshold: 0.6, includeRecommendations: false };
const ndjson = (options: unknown, tools: unknown[]) => `${[options, ...tools].map((v) => JSON.stringify(v)).join('\n')}\n`;

type Report = { pairs: { toolA: string; toolB: string; similarity: number; flagged: boolean }[]; stats: { toolCount: number; flaggedCount: number } };

/** The report without what differs between two runs of the same analysis (time stamps, timings). */
function comparable(text: string): unknown {
  const report = JSON.parse(text) as Record<string, unknown> & { stats?: Record<string, unknown> };
  const { generatedAt: _at, stats, ...rest } = report;
  const { timings: _timings, ...counts } = stats ?? {};
  return { ...rest, stats: counts };
}

async function postReport(body: string | unknown, format = 'json') {
  if (typeof body !== 'string') return call(reportRoute.POST, 'POST', '/api/similarity/report', { body, query: { format } });
  const req = new Request(`http://localhost/api/similarity/report?format=${format}`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body });
  const res = await reportRoute.POST(req, { params: Promise.resolve({}) });
  return { status: res.status, text: await res.text() };
}

describe('the report endpoint takes NDJSON', () => {
  it('gives the same JSON report as the same tools in a JSON body', async () => {
    const streamed = await postReport(ndjson(OPTIONS, TOOLS));
    expect(streamed.status).toBe(200);
    const json = await postReport({ ...OPTIONS, toolList: TOOLS });
    expect(json.status).toBe(200);
    const report = JSON.parse(streamed.text) as Report;
    expect(report.stats.toolCount).toBe(5);
    expect(report.pairs.some((p) => p.flagged)).toBe(true);
    expect(comparable(streamed.text)).toEqual(comparable(json.text));
  });

  it('answers 400 naming the line of a bad tool', async () => {
    const res = await postReport(ndjson(OPTIONS, [TOOLS[0], { server: 'x', description: 'no name' }]));
    expect(res.status).toBe(400);
    const body = JSON.parse(res.text) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_ndjson');
    expect(body.error.message).toMatch(/^line 3: name: /);
  });
});

describe('mcp-eval similarity takes an NDJSON file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-eval-ndjson-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = async (args: string[]) => {
    let stdout = '';
    const io: CliIo = {
      cwd: dir,
      env: { ...process.env },
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: () => true },
      isTty: false,
      signal: new AbortController().signal,
    };
    // The test's own data dir: a temporary one would be closed and removed under the other tests' database.
    const code = await similarityCommand([...args, '--data-dir', process.env.DATA_DIR ?? dir], io);
    return { code, stdout };
  };

  it('reports the tools of the file as of the same tools in a JSON file; flags override its options line', async () => {
    fs.writeFileSync(path.join(dir, 'tools.ndjson'), ndjson({ similarityThreshold: 0.99 }, TOOLS));
    fs.writeFileSync(path.join(dir, 'tools.json'), JSON.stringify(TOOLS.map(({ server: _s, ...t }) => t)));
    const streamed = await run(['tools.ndjson', '--format', 'json', '--threshold', '0.6', '--out', 'streamed.json']);
    expect(streamed.code).toBe(EXIT.ok);
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'streamed.json'), 'utf8')) as Report;
    expect(report.stats.toolCount).toBe(5);
    // 0.6 from the flag, not 0.99 from the file: pairs are flagged.
    expect(report.stats.flaggedCount).toBeGreaterThan(0);
    const plain = await run(['tools.json', '--format', 'json', '--threshold', '0.6', '--out', 'plain.json']);
    expect(plain.code).toBe(EXIT.ok);
    const other = JSON.parse(fs.readFileSync(path.join(dir, 'plain.json'), 'utf8')) as Report;
    // The JSON file is one server named after the file; the NDJSON tools keep their servers.
    const scores = (r: Report) => r.pairs.map((p) => [p.toolA.split('/').pop(), p.toolB.split('/').pop(), p.similarity, p.flagged]);
    expect(scores(report)).toEqual(scores(other));
  });

  it('is a usage error, naming the file and the line, when a line is bad; and it goes alone', async () => {
    fs.writeFileSync(path.join(dir, 'bad.jsonl'), `{}\n${JSON.stringify(TOOLS[0])}\n{"name": \n`);
    const failure = await run(['bad.jsonl']).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CliError);
    expect((failure as CliError).exitCode).toBe(EXIT.usage);
    expect((failure as Error).message).toBe('bad.jsonl: line 3: not a JSON object');
    const mixed = await run(['bad.jsonl', 'tools.json']).catch((e: unknown) => e);
    expect((mixed as Error).message).toMatch(/only file/);
  });
});
