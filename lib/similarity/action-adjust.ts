import { actionKey, actionMode, objectKey, relateActions, type ActionRelation, type ToolAction } from '@/lib/text/actions';
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
 * (kernel/skip-bound.ts) relies on it, so no relation may lift more.
 */
export const SYNONYM_GAIN = 0.5;
export const RELATED_GAIN = 0.2;
export const OPPOSITE_PENALTY = 0.7;
export const DIFFERENT_PENALTY = 0.6;
export const WRITES_PENALTY = 0.3;
/** On the calibrated scale the median confusable pair sits at 0.92, so "near-identical" has to be much closer to 1. */
export const NEAR_IDENTICAL = 0.03;

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

const RELATIONS: readonly ActionRelation[] = ['unknown', 'same', 'synonym', 'related', 'opposite', 'different'];

/**
 * Wraps raw pair scores so every pair comes out adjusted for its actions, still as a raw
 * score: raw -> calibrated (toScore), adjusted, -> raw (fromScore). Scans, cuts and the
 * scale downstream are unchanged. Only pairs that share an object word can change, so each
 * row visits just those (an inverted index of object words), not all n columns.
 */
export function actionAdjustedScores(
  inner: PairScores,
  actions: readonly ToolAction[],
  toScore: (raw: number) => number,
  fromScore: (score: number) => number,
  /**
   * Per tool, a raw score at or below which its pairs need no adjustment: a pair is left as
   * is when its raw score is at or below both tools' entries. The similarity kernel's workers
   * pass, per tool, the highest raw score that no adjustment can lift to anything their scan
   * keeps (kernel/skip-bound.ts); updated by the caller between fills.
   */
  skipAtOrBelow?: Float32Array,
): PairScores {
  const n = inner.count;
  const keys = actions.map(actionKey);
  const verbs = [...new Set(keys.filter((v): v is string => v !== null))];
  const verbIndex = new Map(verbs.map((v, i) => [v, i]));
  const verbId = new Int32Array(n).fill(-1);
  keys.forEach((key, i) => {
    if (key) verbId[i] = verbIndex.get(key)!;
  });
  const v = verbs.length;
  const writes = verbs.map((key) => actionMode(key) === 'write');
  // Filled on demand: only verbs of tools that share an object are ever related (all v x v at once blocks the event loop).
  const relation = new Int8Array(v * v).fill(-1);
  const relationOf = (x: number, y: number): number => {
    let code = relation[x * v + y]!;
    if (code < 0) code = relation[x * v + y] = relation[y * v + x] = RELATIONS.indexOf(relateActions(verbs[x]!, verbs[y]!));
    return code;
  };

  // Object words as small sorted id lists (the overlap of a pair is a merge), and per word the
  // tools with a verb that name it, ascending.
  const wordIds = new Map<string, number>();
  const objects = actions.map((a) => Int32Array.from(new Set(a.object.map(objectKey).map((w) => wordIds.get(w) ?? wordIds.set(w, wordIds.size).get(w)!))).sort());
  const postingLists: number[][] = Array.from({ length: wordIds.size }, () => []);
  objects.forEach((words, i) => {
    if (verbId[i]! >= 0) for (const w of words) postingLists[w]!.push(i);
  });
  const postings = postingLists.map((list) => Int32Array.from(list));
  // The head noun of each object (its last word), as a word id; -1 when there is none.
  const heads = Int32Array.from(actions, (a) => {
    const last = a.object[a.object.length - 1];
    return last === undefined ? -1 : wordIds.get(objectKey(last))!;
  });

  const overlapOf = (i: number, j: number): number => {
    const x = objects[i]!;
    const y = objects[j]!;
    let shared = 0;
    for (let p = 0, q = 0; p < x.length && q < y.length; ) {
      if (x[p] === y[q]) {
        shared++;
        p++;
        q++;
      } else if (x[p]! < y[q]!) p++;
      else q++;
    }
    return shared === 0 ? 0 : shared / (x.length + y.length - shared);
  };
  const adjust = (i: number, j: number, raw: number): number => {
    const vi = verbId[i]!;
    const vj = verbId[j]!;
    if (vi < 0 || vj < 0) return raw;
    const code = relationOf(vi, vj);
    if (code === 0) return raw;
    // Every adjustment is about the same object: with no object word in common, actions say nothing.
    const relation = RELATIONS[code]!;
    const penalised = relation === 'opposite' || relation === 'different';
    const overlap = penalised && heads[i] === heads[j] && heads[i]! >= 0 ? 1 : overlapOf(i, j);
    return overlap === 0 ? raw : fromScore(adjustForActions(toScore(raw), relation, overlap, writes[vi]! && writes[vj]!));
  };

  // A fresh stamp per row visit: a row filled again (another sweep) must be adjusted again.
  const visited = new Int32Array(n);
  let stamp = 0;
  return {
    count: n,
    fillUpper(rowStart, rowEnd, out) {
      inner.fillUpper(rowStart, rowEnd, out);
      for (let i = rowStart; i < rowEnd; i++) {
        if (verbId[i]! < 0) continue;
        stamp++;
        const offset = (i - rowStart) * n;
        for (const w of objects[i]!) {
          const list = postings[w]!;
          // The list is ascending: start past i with a binary search.
          let lo = 0;
          let hi = list.length;
          while (lo < hi) {
            const mid = (lo + hi) >>> 1;
            if (list[mid]! <= i) lo = mid + 1;
            else hi = mid;
          }
          for (let p = lo; p < list.length; p++) {
            const j = list[p]!;
            if (visited[j] === stamp) continue;
            visited[j] = stamp;
            const raw = out[offset + j]!;
            if (skipAtOrBelow && raw <= skipAtOrBelow[i]! && raw <= skipAtOrBelow[j]!) continue;
            out[offset + j] = adjust(i, j, raw);
          }
        }
      }
    },
    pair: (i, j) => adjust(i, j, inner.pair(i, j)),
  };
}
