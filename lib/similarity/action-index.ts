import { createYielder } from '@/lib/event-loop';
import { actionClass, actionKey, objectKey, type ToolAction } from '@/lib/text/actions';
import { decodeObjectVector, objectVectorDimensions } from './object-vectors';

/**
 * What action-adjust.ts reads of the tools' actions, as flat typed arrays: verb ids, object
 * word ids and the tools that name each word, head nouns, object vectors and verb classes.
 * Lists are in CSR form: tool i's object words are objectWords[objectStart[i] ..
 * objectStart[i + 1]), and so on. The arrays live in SharedArrayBuffers, so the index built once
 * on the request thread is read by every kernel worker in place: at 100,000 tools each worker
 * used to parse the actions from JSON and build its own indexes of them, a few hundred MB of
 * heap per worker (most of it JS objects), with the object vectors alone 40 MB a copy.
 */
export type ActionIndex = {
  count: number;
  /** The distinct action keys (actionKey: the verb and its alternatives), in order of first use. */
  verbs: string[];
  /** Tool i's action as an index into verbs, or -1 when it has none. */
  verbId: Int32Array;
  /** Tool i's object words (by objectKey) as word ids, ascending and distinct. */
  objectStart: Int32Array;
  objectWords: Int32Array;
  /** Per word id, the tools with an action that name it, ascending. */
  postingStart: Int32Array;
  postingTools: Int32Array;
  /** The word id of tool i's head noun (its last object word), or -1. */
  heads: Int32Array;
  /** 1 when tool i's name names its object; 0 when the object is taken from the description. */
  named: Uint8Array;
  /** Length of an object vector (0: none has one). */
  dimensions: number;
  /** Tool i's object vector (object-vectors.ts, decoded to unit length) at i x dimensions, when hasVector[i]. */
  objectVectors: Float32Array;
  /** 1 when tool i has an action and an object vector. */
  hasVector: Uint8Array;
  /** The verb classes of each tool with a vector, in the order of its verbs, as class ids. */
  classStart: Int32Array;
  classIds: Int32Array;
  /** Per class id, the tools with a vector and a verb of that class, ascending. */
  classPostingStart: Int32Array;
  classPostingTools: Int32Array;
};

const int32 = (length: number) => new Int32Array(new SharedArrayBuffer(length * 4));
const uint8 = (length: number) => new Uint8Array(new SharedArrayBuffer(length));
const int32Of = (values: readonly number[]) => {
  const out = int32(values.length);
  out.set(values);
  return out;
};

/** Lists of tool indexes (each ascending) in CSR form. */
function postingsOf(lists: readonly number[][]): { start: Int32Array; tools: Int32Array } {
  const start = int32(lists.length + 1);
  let total = 0;
  lists.forEach((list, w) => {
    start[w] = total;
    total += list.length;
  });
  start[lists.length] = total;
  const tools = int32(total);
  lists.forEach((list, w) => tools.set(list, start[w]!));
  return { start, tools };
}

/** Tools between turns of a cooperative build. */
const STEP = 1024;

/** The build, yielding every STEP tools (actionIndex runs it in one go, actionIndexCooperatively with turns between). */
function* build(actions: readonly ToolAction[]): Generator<void, ActionIndex, void> {
  const n = actions.length;
  const keys = actions.map(actionKey);
  const verbIndex = new Map<string, number>();
  const verbs: string[] = [];
  const verbId = int32(n).fill(-1);
  const wordIds = new Map<string, number>();
  const wordId = (word: string) => {
    let id = wordIds.get(word);
    if (id === undefined) {
      id = wordIds.size;
      wordIds.set(word, id);
    }
    return id;
  };
  const objectStart = int32(n + 1);
  const words: number[] = [];
  const heads = int32(n);
  const named = uint8(n);
  for (let i = 0; i < n; i++) {
    const action = actions[i]!;
    const key = keys[i]!;
    if (key !== null) {
      let id = verbIndex.get(key);
      if (id === undefined) {
        id = verbs.length;
        verbIndex.set(key, id);
        verbs.push(key);
      }
      verbId[i] = id;
    }
    objectStart[i] = words.length;
    for (const w of Int32Array.from(new Set(action.object.map((word) => wordId(objectKey(word))))).sort()) words.push(w);
    const last = action.object[action.object.length - 1];
    heads[i] = last === undefined ? -1 : wordIds.get(objectKey(last))!;
    named[i] = action.objectFromDescription ? 0 : 1;
    if (i % STEP === STEP - 1) yield;
  }
  objectStart[n] = words.length;
  const objectWords = int32Of(words);
  const postingLists: number[][] = Array.from({ length: wordIds.size }, () => []);
  for (let i = 0; i < n; i++) {
    if (verbId[i]! >= 0) for (let p = objectStart[i]!; p < objectStart[i + 1]!; p++) postingLists[objectWords[p]!]!.push(i);
  }
  const postings = postingsOf(postingLists);
  yield;

  const dimensions = actions.reduce((d, a) => d || objectVectorDimensions(a.objectVector), 0);
  const objectVectors = new Float32Array(new SharedArrayBuffer(n * dimensions * 4));
  const hasVector = uint8(n);
  const classOf = new Map<string, number>();
  const classPostingLists: number[][] = [];
  const classStart = int32(n + 1);
  const classIds: number[] = [];
  for (let i = 0; i < n; i++) {
    classStart[i] = classIds.length;
    const action = actions[i]!;
    if (dimensions > 0 && verbId[i]! >= 0 && action.objectVector && decodeObjectVector(action.objectVector, objectVectors.subarray(i * dimensions, (i + 1) * dimensions))) {
      hasVector[i] = 1;
      const first = classIds.length;
      for (const verb of keys[i]!.split('|')) {
        const cls = actionClass(verb);
        let id = classOf.get(cls);
        if (id === undefined) {
          id = classPostingLists.length;
          classOf.set(cls, id);
          classPostingLists.push([]);
        }
        if (!classIds.includes(id, first)) {
          classIds.push(id);
          classPostingLists[id]!.push(i);
        }
      }
    }
    if (i % STEP === STEP - 1) yield;
  }
  classStart[n] = classIds.length;
  const classPostings = postingsOf(classPostingLists);
  return {
    count: n,
    verbs,
    verbId,
    objectStart,
    objectWords,
    postingStart: postings.start,
    postingTools: postings.tools,
    heads,
    named,
    dimensions,
    objectVectors,
    hasVector,
    classStart,
    classIds: int32Of(classIds),
    classPostingStart: classPostings.start,
    classPostingTools: classPostings.tools,
  };
}

export function actionIndex(actions: readonly ToolAction[]): ActionIndex {
  const steps = build(actions);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** The same index, built on the request thread with turns of the event loop every few ms (100,000 tools take a few hundred). */
export async function actionIndexCooperatively(actions: readonly ToolAction[], pause = createYielder()): Promise<ActionIndex> {
  const steps = build(actions);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
  }
}
