import { afterAll, describe, expect, it, vi } from 'vitest';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import { closeKernelPool } from '@/lib/similarity/kernel/pool';
import { readNdjsonRequest } from '@/lib/similarity/ndjson-input';
import { call } from './helpers/api';
import { hasSharedData, readSharedData } from './helpers/similarity-fixtures';

vi.mock('@/lib/embeddings/registry', async (importOriginal) => {
  const { hashedRegistry } = await import('./helpers/similarity-embedding');
  return hashedRegistry(await importOriginal());
});

afterAll(() => closeKernelPool());

type Analysis = {
  mode: string;
  pairs: { toolA: string; toolB: string; similarity: number; flagged: boolean }[];
  neighbours: { tool: string; neighbours: { tool: string; similarity: number }[] }[];
  stats: { toolCount: number; flaggedCount: number; timings: Record<string, number> };
};
type ErrorBody = { error: { code: string; message: string } };

/** The body as a stream of small chunks, cut mid-line, as an upload arrives. */
function streamOf(text: string, chunk = 4096): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else {
        controller.enqueue(bytes.slice(at, at + chunk));
        at += chunk;
      }
    },
  });
}

async function postNdjson(text: string) {
  const req = new Request('http://localhost/api/similarity/analyze', {
    method: 'POST',
    headers: { 'content-type': 'application/x-ndjson' },
    body: streamOf(text),
    duplex: 'half',
  } as RequestInit);
  const res = await analyzeRoute.POST(req, { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as unknown };
}

const tool = (i: number) => ({ server: `s${i % 7}`, name: `tool_${i}`, description: `Reads record ${i} of the ledger` });
const lines = (...values: unknown[]) => values.map((v) => JSON.stringify(v)).join('\n');

describe.skipIf(!hasSharedData)('NDJSON upload of a large tool set', () => {
  it('analyses 1,500 streamed tools in the workers, as the same tools in a JSON body', async () => {
    const tools = readSharedData()
      .flatMap((s) => s.tools.map((t) => ({ server: s.name, ...t })))
      .slice(0, 1500);
    const options = { similarityThreshold: 0.8, topK: 3, duplicateIds: 'number' };
    const streamed = await postNdjson(`${lines(options, ...tools)}\n`);
    expect(streamed.status).toBe(200);
    const body = streamed.body as Analysis;
    expect(body.stats.toolCount).toBe(1500);
    expect(body.mode).toBe('sparse');
    expect(body.stats.timings.kernelMs).toBeGreaterThan(0);
    const json = await call<Analysis>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', { body: { ...options, toolList: tools } });
    expect(json.status).toBe(200);
    expect(body.stats.flaggedCount).toBe(json.body.stats.flaggedCount);
    expect(body.pairs).toEqual(json.body.pairs);
    expect(body.neighbours).toEqual(json.body.neighbours);
  });
});

describe('NDJSON input errors', () => {
  it('names the line of a malformed or invalid tool', async () => {
    const broken = await postNdjson(`{}\n${JSON.stringify(tool(1))}\n{"server": "a", "name": \n`);
    expect(broken.status).toBe(400);
    expect((broken.body as ErrorBody).error).toMatchObject({ code: 'invalid_ndjson', message: 'line 3: not a JSON object', details: { line: 3 } });
    const invalid = await postNdjson(lines({}, tool(1), { server: 'a', description: 'no name' }));
    expect(invalid.status).toBe(400);
    expect((invalid.body as ErrorBody).error.message).toMatch(/^line 3: name: /);
  });

  it('refuses sources and bad options on the options line', async () => {
    const withSource = await postNdjson(lines({ toolList: [tool(1)] }, tool(2), tool(3)));
    expect(withSource.status).toBe(400);
    expect((withSource.body as ErrorBody).error.message).toBe('line 1: toolList cannot be given in a stream: send one tool per line after the options line');
    const badOption = await postNdjson(lines({ similarityThreshold: 2 }, tool(1), tool(2)));
    expect(badOption.status).toBe(400);
    expect((badOption.body as ErrorBody).error.message).toMatch(/^line 1: similarityThreshold: /);
    const empty = await postNdjson(lines({}));
    expect(empty.status).toBe(400);
    expect((empty.body as ErrorBody).error.message).toMatch(/no tools/);
  });

  it('stops reading past the byte cap (413) and the tool cap (400)', async () => {
    const text = lines({}, ...Array.from({ length: 200 }, (_, i) => tool(i)));
    await expect(readNdjsonRequest(streamOf(text, 512), 4096)).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
    await expect(readNdjsonRequest(streamOf(text), 1 << 20, 50)).rejects.toMatchObject({ status: 400, message: 'line 52: more than 50 tools' });
    const ok = await readNdjsonRequest(streamOf(`${text}\n\n`), 1 << 20, 200);
    expect(ok.toolList).toHaveLength(200);
    expect(ok.similarityThreshold).toBe(0.85);
  });
});
