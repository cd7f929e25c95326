import { actionMode, relateActions, type ActionRelation, type ToolAction } from '@/lib/text/actions';
import { actionIndex, type ActionIndex } from './action-index';
import type { PairScores } from './vector';

/**
 * The action-aware similarity, in one place. Each tool is an action on an object
 * (lib/text/actions.ts). On the calibrated scale s (0.85 = "likely to be confused"), with
 * o = objectOverlap (0..1):
 *
 *   same or synonymous action:  s + SYNONYM_GAIN x o x (1 - s)
 *   related actions:            s + RELATED_GAIN x o x (1 - s)
 *   opposite action:            s x (1 - OPPOSITE_PENALTY x o x nearness(s))
 *   different action:           s x (1 - DIFFERENT_PENALTY x o x nearness(s))
 *   ... both writing:           s x (1 - WRITES_PENALTY x o x nearness(s))
 *   a verb outside the table:   s
 *   same or synonymous action, no object word in common, objects' word meaning r (cosine),
 *   s >= OBJECT_FLOOR:
 *     w = clamp((r - OBJECT_RELATED_AT) / OBJECT_RAMP, -1, 1)
 *     related (w > 0):          s + OBJECT_GAIN x w x (1 - s)
 *     unrelated (w < 0):        s x (1 + OBJECT_CUT x w x nearness(s)), only when both names
 *                               name their object
 *
 * The relation comes from lib/text/actions.ts (relateActions): same class = synonym; two reading
 * classes (get, list, describe, export) = related; a read against a change (list vs create, get vs
 * update) or two unrelated changes (create vs update, clone vs delete) = different; undoing
 * pairs = opposite. A name's alternatives (get_or_create) take the closest relation. Each
 * action also has a mode (actionMode): it reads, writes, or destroys (delete, stop, revoke,
 * reject, un-/de-/dis- verbs). Different actions across modes (get vs update, put vs delete)
 * are different jobs however alike their texts; two different writes on one object (create vs
 * update, merge vs rebase, apply vs create, type vs fill) are as often confused as not, so
 * they lose half as much (WRITES_PENALTY).
 * objectOverlap is the Jaccard share of object words, compared by plural-blind keys
 * (objectKey: aliases = alias, databases = database). Every adjustment needs an object word in
 * common and grows with the share: a shared verb alone (create_issue vs create_repository)
 * earns nothing, different actions on different objects (retrieve_context vs answer_question)
 * are left to the texts, and a pair that shares one word of three gains a third as much. For
 * the two penalties o is 1 when the head nouns match (the last object word: an English noun
 * phrase ends in its head, so list_email_labels and delete_label both act on labels): whether
 * two jobs touch the same thing is a question of the head, while a gain asks whether they are
 * the same job, where qualifiers count (get an R2 object vs get a Durable Object).
 *
 * Weighting the object over the verb: two tools with the same verb and no object word in
 * common are one job only if their objects are the same thing under two names, which is how
 * two products meet in one client (a Shortcut story and a Plane issue, an iteration and a
 * cycle, an application and a service). Their texts share the verb and its frame ("Delete a
 * ... by id"), so a text similarity ranks "delete a worklog" vs "delete an application" with
 * them. r compares the objects alone: the object words of each name with those of the
 * description's first clause, as word vectors of general meaning (object-vectors.ts; only
 * models that know words have them: with another model, or words it does not know, s is left
 * as it is). Related objects (r from 0.35: story/issue 0.52, application/service 0.48) lift
 * the pair, at most OBJECT_GAIN x (1 - s); unrelated ones (r to 0.25: worklog/application
 * 0, field/cluster 0.37 is above) take up to OBJECT_CUT off. The cut needs both names to name
 * their object: a name that is a verb alone (MongoDB's "find", Meilisearch's "search") takes
 * its object from the description's first clause, which is too loose to tell two jobs apart
 * (on the development set such pairs were confusable as often as not). Read vs write or two
 * different verbs on different objects are left to the texts, as before. Word vectors know
 * topics more than identity (issue/document 0.61 is as close as story/issue), so the term is
 * kept small; it was set on the development data (dev-pairs.ts, heldout, heldout-2,
 * heldout-3), where it moved every set's confusable-vs-differing AUC by -0.002 to +0.017.
 * Pairs below OBJECT_FLOOR are nowhere near a flag and are left alone: every pair of tools
 * with one verb class is a candidate (O(n^2) on large inputs), and the floor lets a row skip
 * most of them on a compare before any vector is read.
 *
 * Why a penalty takes a share of s rather than a fixed amount: two tools that do different
 * things to the same object are described with the same nouns, which is most of what a text
 * similarity sees, so their raw score sits with true duplicates (0.85-0.95). What is left when
 * the object is accounted for is what their descriptions share besides it; taking about
 * two thirds off (OPPOSITE_PENALTY, DIFFERENT_PENALTY) puts a create/delete or get/update pair
 * of one object where pairs of unrelated tools sit (0.3-0.4), below confusable pairs with
 * different objects. nearness(s) = min(1, (1 - s) / NEAR_IDENTICAL) fades the penalty for
 * descriptions that are near-identical anyway (two tools whose texts say the same thing stay
 * flagged, whatever their names claim). There is no same-server term: two servers in one
 * client are where users meet cross-server pairs.
 *
 * The largest lift is SYNONYM_GAIN x (1 - s) (o = 1): the similarity kernel's skip bound
 * (kernel/skip-bound.ts) relies on it, so no relation may lift more (OBJECT_GAIN is below it).
 * The object term alone lifts at most OBJECT_GAIN x (1 - s), which the kernel's tighter bound
 * for pairs with no object word in common relies on.
 */
export const SYNONYM_GAIN = 0.5;
export const RELATED_GAIN = 0.2;
export const OPPOSITE_PENALTY = 0.7;
export const DIFFERENT_PENALTY = 0.6;
export const WRITES_PENALTY = 0.3;
/** On the calibrated scale the median confusable pair sits at 0.92, so "near-identical" has to be much closer to 1. */
export const NEAR_IDENTICAL = 0.03;
/** Object relatedness (word-vector cosine of the two objects) at which a shared verb neither lifts nor cuts. */
export const OBJECT_RELATED_AT = 0.3;
/** How far r has to move from OBJECT_RELATED_AT for the full lift or cut. */
export const OBJECT_RAMP = 0.05;
export const OBJECT_GAIN = 0.2;
export const OBJECT_CUT = 0.3;
/** Calibrated score below which a shared verb on different objects is not looked at. */
export const OBJECT_FLOOR = 0.5;

/**
 * A pair with the same or a synonymous verb and no object word in common, by how related its
 * objects are (r: cosine of the objects' word vectors); see the formula above.
 */
export function adjustForObjects(s: number, relatedness: number, bothNamed = true): number {
  if (s < OBJECT_FLOOR) return s;
  const w = Math.max(-1, Math.min(1, (relatedness - OBJECT_RELATED_AT) / OBJECT_RAMP));
  if (w >= 0) return s + OBJECT_GAIN * w * (1 - s);
  if (!bothNamed) return s;
  const nearness = Math.min(1, Math.max(0, (1 - s) / NEAR_IDENTICAL));
  return Math.max(0, s * (1 + OBJECT_CUT * w * nearness));
}

/** `writes`: both actions write (neither reads nor destroys); only a 'different' relation reads it. */
export function adjustForActions(s: number, relation: ActionRelation, overlap: number, writes = false): number {
  const nearness = Math.min(1, Math.max(0, (1 - s) / NEAR_IDENTICAL));
  switch (relation) {
    case 'same':
    case 'synonym':
      return s + SYNONYM_GAIN * overlap * (1 - s);
    case 'related':
      return s + RELATED_GAIN * overlap * (1 - s);
    case 'opposite':
      return Math.max(0, s * (1 - OPPOSITE_PENALTY * overlap * nearness));
    case 'different':
      return Math.max(0, s * (1 - (writes ? WRITES_PENALTY : DIFFERENT_PENALTY) * overlap * nearness));
    default:
      return s;
  }
}

/** Adjusted scores, and the adjustment alone over raw scores already in place (the kernel's workers). */
export type AdjustedScores = PairScores & {
  /**
   * Adjusts, in place, raw scores of rows rowStart..rowEnd laid out as score(i, j) at
   * out[base + (i - rowStart) * stride + j] (j > i); fillUpper is the inner fill, then this
   * with stride = count and base = 0.
   */
  adjustRows(rowStart: number, rowEnd: number, out: Float32Array, stride: number, base: number): void;
};

const RELATIONS: readonly ActionRelation[] = ['unknown', 'same', 'synonym', 'related', 'opposite', 'different'];
const SAME = RELATIONS.indexOf('same');
const SYNONYM = RELATIONS.indexOf('synonym');

/**
 * Wraps raw pair scores so every pair comes out adjusted for its actions, still as a raw
 * score: raw -> calibrated (toScore), adjusted, -> raw (fromScore). Scans, cuts and the
 * scale downstream are unchanged. Only pairs that share an object word, or a verb class when
 * both objects have vectors, can change, so each row visits just those (the inverted indexes
 * of action-index.ts), not all n columns. The actions may come as their index (the kernel's
 * workers get it built, in shared memory).
 */
export function actionAdjustedScores(
  inner: PairScores,
  actions: readonly ToolAction[] | ActionIndex,
  toScore: (raw: number) => number,
  fromScore: (score: number) => number,
  /**
   * Per tool, a raw score at or below which its pairs need no adjustment: a pair is left as
   * is when its raw score is at or below both tools' entries. The similarity kernel's workers
   * pass, per tool, the highest raw score that no adjustment can lift to anything their scan
   * keeps (kernel/skip-bound.ts); updated by the caller between fills.
   */
  skipAtOrBelow?: Float32Array,
  /**
   * The same for the pairs that share a verb class but no object word, which only the object
   * term (adjustForObjects, at most OBJECT_GAIN) can lift: a higher bound than skipAtOrBelow.
   */
  skipObjectsAtOrBelow: Float32Array | undefined = skipAtOrBelow,
): AdjustedScores {
  const n = inner.count;
  const index = Array.isArray(actions) ? actionIndex(actions as readonly ToolAction[]) : (actions as ActionIndex);
  if (index.count !== n) throw new Error(`${index.count} actions for ${n} scored items`);
  const { verbs, verbId, objectStart, objectWords, postingStart, postingTools, heads, named, dimensions, objectVectors, hasVector, classStart, classIds, classPostingStart, classPostingTools } = index;
  const v = verbs.length;
  const writes = verbs.map((key) => actionMode(key) === 'write');
  // Filled on demand: only verbs of tools that share an object are ever related (all v x v at once blocks the event loop).
  const relation = new Int8Array(v * v).fill(-1);
  const relationOf = (x: number, y: number): number => {
    let code = relation[x * v + y]!;
    if (code < 0) code = relation[x * v + y] = relation[y * v + x] = RELATIONS.indexOf(relateActions(verbs[x]!, verbs[y]!));
    return code;
  };

  const relatedness = (i: number, j: number): number => {
    let dot = 0;
    for (let d = 0, x = i * dimensions, y = j * dimensions; d < dimensions; d++) dot += objectVectors[x + d]! * objectVectors[y + d]!;
    return dot;
  };

  /** Jaccard share of the two tools' object words (sorted id lists: a merge). */
  const overlapOf = (i: number, j: number): number => {
    const xEnd = objectStart[i + 1]!;
    const yEnd = objectStart[j + 1]!;
    const xLength = xEnd - objectStart[i]!;
    const yLength = yEnd - objectStart[j]!;
    let shared = 0;
    for (let p = objectStart[i]!, q = objectStart[j]!; p < xEnd && q < yEnd; ) {
      const x = objectWords[p]!;
      const y = objectWords[q]!;
      if (x === y) {
        shared++;
        p++;
        q++;
      } else if (x < y) p++;
      else q++;
    }
    return shared === 0 ? 0 : shared / (xLength + yLength - shared);
  };
  const adjust = (i: number, j: number, raw: number): number => {
    const vi = verbId[i]!;
    const vj = verbId[j]!;
    if (vi < 0 || vj < 0) return raw;
    const code = relationOf(vi, vj);
    if (code === 0) return raw;
    const relation = RELATIONS[code]!;
    const penalised = relation === 'opposite' || relation === 'different';
    const overlap = penalised && heads[i] === heads[j] && heads[i]! >= 0 ? 1 : overlapOf(i, j);
    if (overlap > 0) return fromScore(adjustForActions(toScore(raw), relation, overlap, writes[vi]! && writes[vj]!));
    return adjustObjects(i, j, raw);
  };
  // A shared verb and no shared object word: whether the objects are one thing under two names.
  const objectFloor = fromScore(OBJECT_FLOOR);
  const adjustObjects = (i: number, j: number, raw: number): number => {
    if (raw < objectFloor || !hasVector[i] || !hasVector[j]) return raw;
    const code = relationOf(verbId[i]!, verbId[j]!);
    if (code !== SAME && code !== SYNONYM) return raw;
    return fromScore(adjustForObjects(toScore(raw), relatedness(i, j), named[i] === 1 && named[j] === 1));
  };

  // A fresh stamp per row visit: a row filled again (another sweep) must be adjusted again.
  const visited = new Int32Array(n);
  let stamp = 0;
  /** Where the tools after i start in an ascending list list[lo .. hi). */
  const after = (i: number, list: Int32Array, from: number, to: number): number => {
    let lo = from;
    let hi = to;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (list[mid]! <= i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const skipObjects = skipObjectsAtOrBelow;
  /** Adjusts row i's pairs with the tools after i that name word w, each pair once per stamp. */
  const visitObjects = (i: number, w: number, offset: number, out: Float32Array) => {
    const end = postingStart[w + 1]!;
    for (let p = after(i, postingTools, postingStart[w]!, end); p < end; p++) {
      const j = postingTools[p]!;
      if (visited[j] === stamp) continue;
      visited[j] = stamp;
      const raw = out[offset + j]!;
      if (skipAtOrBelow && raw <= skipAtOrBelow[i]! && raw <= skipAtOrBelow[j]!) continue;
      out[offset + j] = adjust(i, j, raw);
    }
  };
  /** Then those of its verb class c: the ones not visited above share no object word, and below the floor nothing changes. */
  const visitClass = (i: number, c: number, offset: number, out: Float32Array) => {
    const end = classPostingStart[c + 1]!;
    for (let p = after(i, classPostingTools, classPostingStart[c]!, end); p < end; p++) {
      const j = classPostingTools[p]!;
      const raw = out[offset + j]!;
      if (raw < objectFloor || visited[j] === stamp) continue;
      visited[j] = stamp;
      if (skipObjects && raw <= skipObjects[i]! && raw <= skipObjects[j]!) continue;
      out[offset + j] = adjustObjects(i, j, raw);
    }
  };

  const adjustRows = (rowStart: number, rowEnd: number, out: Float32Array, stride: number, base: number) => {
    for (let i = rowStart; i < rowEnd; i++) {
      if (verbId[i]! < 0) continue;
      stamp++;
      const offset = base + (i - rowStart) * stride;
      for (let p = objectStart[i]!; p < objectStart[i + 1]!; p++) visitObjects(i, objectWords[p]!, offset, out);
      for (let p = classStart[i]!; p < classStart[i + 1]!; p++) visitClass(i, classIds[p]!, offset, out);
    }
  };

  return {
    count: n,
    fillUpper(rowStart, rowEnd, out) {
      inner.fillUpper(rowStart, rowEnd, out);
      adjustRows(rowStart, rowEnd, out, n, 0);
    },
    adjustRows,
    pair: (i, j) => adjust(i, j, inner.pair(i, j)),
  };
}
