import { describe, expect, it } from 'vitest';
import { actionAdjustedScores, adjustForActions, adjustForObjects, OBJECT_FLOOR } from '@/lib/similarity/action-adjust';
import { actionIndex, actionIndexCooperatively } from '@/lib/similarity/action-index';
import { compileCalibration } from '@/lib/similarity/compiled-calibration';
import { decodeObjectVector, encodeObjectVector, objectPhrase } from '@/lib/similarity/object-vectors';
import type { PairScores } from '@/lib/similarity/vector';
import { seededRandom } from '@/lib/seeded-random';
import { actionKey, actionMode, objectKey, parseToolAction, relateActions, type ActionRelation, type ToolAction } from '@/lib/text/actions';
import { HASHED_CALIBRATION } from './helpers/similarity-embedding';
import { hasSharedData, readSharedData } from './helpers/similarity-fixtures';

/**
 * The kernel's workers adjust pair scores from the actions' index (action-index.ts: typed
 * arrays in shared memory) instead of the actions themselves. Here the adjustment read through
 * the index is compared, pair by pair and bit for bit, with the formula applied straight to the
 * ToolActions (action-adjust.ts's header), on real tool names and descriptions: verbs with
 * alternatives, tools without a verb or an object, objects read from the description, shared
 * head nouns, and object vectors on either side or neither.
 */

const OBJECT_DIMENSIONS = 6;

/** What the formula reads of one tool, straight from its ToolAction. */
type Reading = { key: string | null; objects: Set<string>; head: string | null; vector: Float32Array | null; named: boolean };

function reading(action: ToolAction): Reading {
  const vector = new Float32Array(OBJECT_DIMENSIONS);
  const last = action.object[action.object.length - 1];
  return {
    key: actionKey(action),
    objects: new Set(action.object.map(objectKey)),
    head: last === undefined ? null : objectKey(last),
    vector: action.objectVector && decodeObjectVector(action.objectVector, vector) ? vector : null,
    named: !action.objectFromDescription,
  };
}

const relations = new Map<string, ActionRelation>();
/** relateActions, remembered per pair of keys (the reference calls it for every pair). */
function relationOf(x: string, y: string): ActionRelation {
  const key = `${x} ${y}`;
  let relation = relations.get(key);
  if (relation === undefined) relations.set(key, (relation = relateActions(x, y)));
  return relation;
}

/** The adjusted raw score of one pair, from the actions alone (no index). */
function referenceAdjust(x: Reading, y: Reading, raw: number, toScore: (r: number) => number, fromScore: (s: number) => number): number {
  if (!x.key || !y.key) return raw;
  const relation = relationOf(x.key, y.key);
  if (relation === 'unknown') return raw;
  const shared = [...x.objects].filter((w) => y.objects.has(w)).length;
  const jaccard = shared === 0 ? 0 : shared / (x.objects.size + y.objects.size - shared);
  const penalised = relation === 'opposite' || relation === 'different';
  const overlap = penalised && x.head !== null && x.head === y.head ? 1 : jaccard;
  if (overlap > 0) return fromScore(adjustForActions(toScore(raw), relation, overlap, actionMode(x.key) === 'write' && actionMode(y.key) === 'write'));
  if (raw < fromScore(OBJECT_FLOOR) || (relation !== 'same' && relation !== 'synonym') || !x.vector || !y.vector) return raw;
  let dot = 0;
  for (let d = 0; d < OBJECT_DIMENSIONS; d++) dot += x.vector[d]! * y.vector[d]!;
  return fromScore(adjustForObjects(toScore(raw), dot, x.named && y.named));
}

/** The shared file's first tools as actions; object vectors random per object phrase (so relatedness spreads over the ramp), none for every seventh tool. */
function sharedActions(count: number): ToolAction[] {
  const random = seededRandom(41);
  const vectors = new Map<string, string | undefined>();
  const tools = readSharedData().flatMap((s) => s.tools).slice(0, count);
  return tools.map((tool, i) => {
    const action = parseToolAction(tool.name, tool.description ?? '');
    const phrase = objectPhrase(action);
    if (i % 7 === 0 || !phrase) return action;
    if (!vectors.has(phrase)) vectors.set(phrase, encodeObjectVector(Float32Array.from({ length: OBJECT_DIMENSIONS }, () => random() - 0.3)));
    const objectVector = vectors.get(phrase);
    return objectVector ? { ...action, objectVector } : action;
  });
}

/** A raw score per pair from its indexes: spread over [0.2, 1), so every adjustment and the object floor come into play. */
function hashedRaw(i: number, j: number): number {
  const h = Math.imul(i * 2654435761 + j * 40503, 2246822519) >>> 0;
  return Math.fround(0.2 + 0.8 * (h / 2 ** 32));
}

describe.skipIf(!hasSharedData)('actions read through their index', () => {
  const actions = hasSharedData ? sharedActions(900) : [];
  const n = actions.length;
  const { toScore, fromScore } = compileCalibration(HASHED_CALIBRATION);
  const inner: PairScores = {
    count: n,
    fillUpper: (rowStart, rowEnd, out) => {
      for (let i = rowStart; i < rowEnd; i++) for (let j = i + 1; j < n; j++) out[(i - rowStart) * n + j] = hashedRaw(i, j);
    },
    pair: hashedRaw,
  };

  it('adjust every pair exactly as the formula does on the actions themselves', () => {
    // The data must hold what the index encodes, or the comparison proves little.
    expect(actions.filter((a) => a.alternatives.length > 0).length).toBeGreaterThan(0);
    expect(actions.filter((a) => a.verb === null).length).toBeGreaterThan(0);
    expect(actions.filter((a) => a.objectFromDescription).length).toBeGreaterThan(0);
    expect(actions.filter((a) => a.objectVector).length).toBeGreaterThan(n / 2);
    const scores = actionAdjustedScores(inner, actionIndex(actions), toScore, fromScore);
    const block = new Float32Array(n * n);
    scores.fillUpper(0, n, block);
    const readings = actions.map(reading);
    let changed = 0;
    let byObjects = 0;
    const mismatches: string[] = [];
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const raw = hashedRaw(i, j);
        const expected = referenceAdjust(readings[i]!, readings[j]!, raw, toScore, fromScore);
        if (scores.pair(i, j) !== expected || block[i * n + j] !== Math.fround(expected)) mismatches.push(`${i}-${j}: ${scores.pair(i, j)} vs ${expected}`);
        if (expected !== raw) changed++;
        if (expected !== raw && ![...readings[i]!.objects].some((w) => readings[j]!.objects.has(w))) byObjects++;
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(changed).toBeGreaterThan(1000);
    expect(byObjects).toBeGreaterThan(100);
  });

  it('is the same built in one go or with turns of the event loop', async () => {
    const plain = actionIndex(actions);
    const cooperative = await actionIndexCooperatively(actions);
    expect(cooperative).toEqual(plain);
    expect(plain.objectVectors.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(plain.count).toBe(n);
  });
});
