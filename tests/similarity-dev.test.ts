import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { BOILERPLATE_SERVERS, BOILERPLATE_WRAPPED, CONFUSABLE_2, CROSS_SERVER, DEV_DIFFERENT, DIFFERENT_2, HARD_NEGATIVES, HARD_NEGATIVES_2, VERB_SYNONYMS, type DevPair } from '@/lib/embeddings/dev-pairs';
import { defaultWordVectorFiles, loadWordVectorProvider } from '@/lib/embeddings/word-vectors';
import type { EmbeddingBackend } from '@/lib/similarity/embedding-backend';
import { finalizeTools } from '@/lib/similarity/extract/finalize';
import { fromServerList } from '@/lib/similarity/extract/request-lists';
import type { SimilarityMethod } from '@/lib/similarity/schemas';
import { buildScoring, type Scoring } from '@/lib/similarity/scoring';
import type { SimilarityTool } from '@/lib/similarity/types';
import { SHARED_WORD_VECTORS_FILE } from './helpers/shared-word-vectors';
import { backendFor } from './helpers/similarity-embedding';

/**
 * The development set of issue 15 (lib/embeddings/dev-pairs.ts) over all 2,797 shared tools
 * plus one server wrapped in a header and an error block: how each method ranks confusable
 * pairs against differing pairs and against hard negatives (same object, other action), what
 * it flags at 0.85, and how many pairs inside boilerplate-heavy servers it flags. Printed
 * before (no boilerplate discount, no actions) and after; the method may be tuned on this
 * set, so these figures are development figures, not a held-out measurement.
 */

const DATA = '/work/shared/data/mcp-servers-2797-tools.json';
const THRESHOLD = 0.85;

type ServerEntry = { name: string; tools?: { name: string; description?: string; inputSchema?: Record<string, unknown> }[] };

let tools: SimilarityTool[];
let wordVectors: EmbeddingBackend;

function auc(pos: number[], neg: number[]): number {
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return Math.round((wins / (pos.length * neg.length)) * 1000) / 1000;
}

type Figures = { label: string; aucDifferent: number; aucHard: number; precision: number; recall: number; flaggedLabeled: number; boilerplateFlags: number; boilerplatePairs: number };

type PairSet = { confusable: readonly DevPair[]; different: readonly DevPair[]; hard: readonly DevPair[] };
/** Round 1 (Q2) and round 2 (Q5: verbs outside the first table, verbs after the object, plurals and qualifiers). */
const ROUND_1: PairSet = { confusable: [...VERB_SYNONYMS, ...CROSS_SERVER], different: DEV_DIFFERENT, hard: HARD_NEGATIVES };
const ROUND_2: PairSet = { confusable: CONFUSABLE_2, different: DIFFERENT_2, hard: HARD_NEGATIVES_2 };

function figuresOf(label: string, scoring: Scoring, set: PairSet): Figures {
  const { confusable } = set;
  const DEV_DIFFERENT = set.different;
  const HARD_NEGATIVES = set.hard;
  const index = new Map(scoring.tools.map((t, i) => [t.id, i]));
  const score = ([a, b]: DevPair) => {
    const i = index.get(a);
    const j = index.get(b);
    if (i === undefined || j === undefined) throw new Error(`unknown tool ${i === undefined ? a : b}`);
    return scoring.scale.score(scoring.description.pair(Math.min(i, j), Math.max(i, j)));
  };
  const pos = confusable.map(score);
  const diff = DEV_DIFFERENT.map(score);
  const hard = HARD_NEGATIVES.map(score);
  if (process.env.SIMILARITY_DEV_DEBUG) {
    const show = (pairs: readonly DevPair[], scores: number[]) => pairs.map((p, i) => `${scores[i]!.toFixed(3)} ${p[0]} ~ ${p[1]}`).sort().join('\n  ');
    console.log(`${label}\nconfusable:\n  ${show(confusable, pos)}\nhard negatives:\n  ${show(HARD_NEGATIVES, hard)}\ndifferent:\n  ${show(DEV_DIFFERENT, diff)}`);
  }
  const truePositives = pos.filter((s) => s >= THRESHOLD).length;
  const falsePositives = [...diff, ...hard].filter((s) => s >= THRESHOLD).length;
  const labeled = new Set([...confusable].map(([a, b]) => [a, b].sort().join('|')));
  let boilerplateFlags = 0;
  let boilerplatePairs = 0;
  for (const server of [...BOILERPLATE_SERVERS, BOILERPLATE_WRAPPED.as]) {
    const members = scoring.tools.map((t, i) => (t.server === server ? i : -1)).filter((i) => i >= 0);
    for (let x = 0; x < members.length; x++) {
      for (let y = x + 1; y < members.length; y++) {
        const [i, j] = [members[x]!, members[y]!];
        if (labeled.has([scoring.tools[i]!.id, scoring.tools[j]!.id].sort().join('|'))) continue;
        boilerplatePairs++;
        const s = scoring.scale.score(scoring.description.pair(i, j));
        if (s < THRESHOLD) continue;
        boilerplateFlags++;
        if (process.env.SIMILARITY_DEV_DEBUG) console.log(`boilerplate flag ${s} ${scoring.tools[i]!.id} ~ ${scoring.tools[j]!.id}`);
      }
    }
  }
  return {
    label,
    aucDifferent: auc(pos, diff),
    aucHard: auc(pos, hard),
    precision: Math.round((truePositives / Math.max(1, truePositives + falsePositives)) * 1000) / 1000,
    recall: Math.round((truePositives / pos.length) * 1000) / 1000,
    flaggedLabeled: truePositives + falsePositives,
    boilerplateFlags,
    boilerplatePairs,
  };
}

const never: EmbeddingBackend = {
  resolve: () => Promise.reject(new Error('description_overlap must not resolve a model')),
  embed: () => Promise.reject(new Error('description_overlap must not embed')),
  calibrate: (raw, c) => wordVectors.calibrate(raw, c),
};

async function measure(method: SimilarityMethod, features: { boilerplate: boolean; actions: boolean }, set: PairSet = ROUND_1, round = ''): Promise<Figures> {
  const backend = method === 'embedding' ? wordVectors : never;
  const scoring = await buildScoring(tools, { method, computeFull: false, withParameters: false, features }, backend);
  const label = `${round}${method === 'embedding' ? 'word vectors' : 'TF-IDF'} ${features.boilerplate ? '+boilerplate' : ''}${features.actions ? '+actions' : ''}`.trim();
  const f = figuresOf(label || method, scoring, set);
  console.log(
    `${f.label.padEnd(34)} AUC conf/diff ${f.aucDifferent.toFixed(3)}, conf/hard ${f.aucHard.toFixed(3)}; at 0.85 precision ${f.precision.toFixed(3)} recall ${f.recall.toFixed(3)} ` +
      `(${f.flaggedLabeled} labeled pairs flagged); boilerplate servers ${f.boilerplateFlags}/${f.boilerplatePairs} pairs flagged`,
  );
  return f;
}

beforeAll(async () => {
  const servers = (JSON.parse(fs.readFileSync(DATA, 'utf8')) as ServerEntry[]).map((s) => ({ name: s.name, tools: (s.tools ?? []).map((t) => ({ name: t.name, description: t.description ?? '', inputSchema: { type: 'object' } })) }));
  const source = servers.find((s) => s.name === BOILERPLATE_WRAPPED.server)!;
  const wrapped = { name: BOILERPLATE_WRAPPED.as, tools: source.tools.map((t) => ({ ...t, description: `${BOILERPLATE_WRAPPED.header} ${t.description} ${BOILERPLATE_WRAPPED.footer}` })) };
  tools = finalizeTools(fromServerList([...servers, wrapped]), 'number');
  const provider = await loadWordVectorProvider({ source: defaultWordVectorFiles().source, target: SHARED_WORD_VECTORS_FILE });
  wordVectors = backendFor(provider);
}, 120_000);

describe('development set (issue 15)', () => {
  it('word vectors: boilerplate discount and actions rank hard negatives below confusable pairs', { timeout: 120_000 }, async () => {
    const before = await measure('embedding', { boilerplate: false, actions: false });
    await measure('embedding', { boilerplate: true, actions: false });
    const after = await measure('embedding', { boilerplate: true, actions: true });
    expect(after.aucHard).toBeGreaterThan(before.aucHard);
    expect(after.boilerplateFlags).toBeLessThan(before.boilerplateFlags);
    // Measured 0.968 / 1.000, precision 0.96 at recall 0.61, 30 of 298 boilerplate-server pairs flagged
    // (Q5's method, a fixed penalty: 0.968 / 0.953; Q2's: 0.959 / 0.889, 0.92 at 0.61, 35).
    expect(after.aucDifferent).toBeGreaterThanOrEqual(0.95);
    expect(after.aucHard).toBeGreaterThanOrEqual(0.98);
    expect(after.precision).toBeGreaterThanOrEqual(0.9);
    expect(after.recall).toBeGreaterThanOrEqual(0.55);
    expect(after.boilerplateFlags).toBeLessThanOrEqual(40);
  });

  it('TF-IDF: the same', { timeout: 120_000 }, async () => {
    const before = await measure('description_overlap', { boilerplate: false, actions: false });
    const after = await measure('description_overlap', { boilerplate: true, actions: true });
    expect(after.aucHard).toBeGreaterThan(before.aucHard);
    // Measured 0.972 / 0.917, precision 0.97 at recall 0.76 (Q5's method 0.972 / 0.816; Q2's: 0.945 / 0.808, 0.91 at 0.76):
    // calibrated, 0.85 flags TF-IDF pairs as it does word-vector ones.
    expect(after.aucDifferent).toBeGreaterThanOrEqual(0.95);
    expect(after.aucHard).toBeGreaterThanOrEqual(0.88);
    expect(after.precision).toBeGreaterThanOrEqual(0.9);
    expect(after.recall).toBeGreaterThanOrEqual(0.7);
    expect(after.boilerplateFlags).toBeLessThan(before.boilerplateFlags);
  });

  it('round 2: verbs outside the first table, verbs after the object, plurals and qualifiers', { timeout: 120_000 }, async () => {
    const full = { boilerplate: true, actions: true };
    const plainWords = await measure('embedding', { boilerplate: true, actions: false }, ROUND_2, 'round 2 ');
    const words = await measure('embedding', full, ROUND_2, 'round 2 ');
    const plainLexical = await measure('description_overlap', { boilerplate: true, actions: false }, ROUND_2, 'round 2 ');
    const lexical = await measure('description_overlap', full, ROUND_2, 'round 2 ');
    expect(words.aucHard).toBeGreaterThan(plainWords.aucHard);
    expect(lexical.aucHard).toBeGreaterThan(plainLexical.aucHard);
    // Labeled before measuring. Q2's method measured 0.990 / 0.916 (precision 0.81, recall 0.78) and TF-IDF
    // 0.986 / 0.840 (0.76, 0.88); Q5's 0.992 / 0.985 (0.97, 0.88) and 0.984 / 0.924 (0.94, 0.91); the share
    // penalty by mode with head nouns (after heldout/ and heldout-2/ were measured) 0.990 / 0.991 (0.97, 0.88)
    // and 0.984 / 0.983 (0.94, 0.91).
    expect(words.aucDifferent).toBeGreaterThanOrEqual(0.97);
    expect(words.aucHard).toBeGreaterThanOrEqual(0.95);
    expect(words.precision).toBeGreaterThanOrEqual(0.9);
    expect(words.recall).toBeGreaterThanOrEqual(0.8);
    expect(lexical.aucDifferent).toBeGreaterThanOrEqual(0.97);
    expect(lexical.aucHard).toBeGreaterThanOrEqual(0.95);
    expect(lexical.precision).toBeGreaterThanOrEqual(0.9);
  });
});
