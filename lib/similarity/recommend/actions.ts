import { actionClass, knownVerb, relateActions as relateVerbs, type ActionRelation } from '@/lib/text/actions';
import { humanizeName } from '@/lib/text/tokenize';

/**
 * A tool read as an action on an object, for wording advice: `delete_entities` is "delete" on
 * "entities", `milvus_create_collection` is "create" on "collection" with "milvus" in front.
 * The verbs, their classes and how two relate are lib/text/actions.ts's (the table the
 * similarity adjusts scores with); this keeps the name's words as spelled, and where the verb
 * sits, because advice quotes them and suggested names are built from them.
 */

export type { ActionRelation };

/** The action class of a word ("Reads", "fetch"), or null when it is not a known verb. */
export function actionClassOf(word: string): string | null {
  const verb = knownVerb(word);
  return verb ? actionClass(verb) : null;
}

/** 'same' verb, a 'synonym' (same class), 'related', 'opposite', 'different' or 'unknown'. */
export function relateActions(a: string, b: string): ActionRelation {
  return relateVerbs(a || null, b || null);
}

export type ToolAction = {
  /** The verb in base form ("create" for "Creates"); '' when none. */
  verb: string;
  /** Where the verb was read: a word of the name, or the description's first word. */
  verbAt: 'name' | 'description' | null;
  /** Name words before the verb ("milvus" of milvus_create_collection), without the server's shared prefix. */
  qualifier: string[];
  /** The name's words after the verb (or before it, when none follow): what it acts on ("run", "summary"). */
  object: string[];
};

function nameWords(name: string): string[] {
  return humanizeName(name).toLowerCase().split(' ').filter((w) => /^[a-z][a-z0-9]*$/.test(w));
}

/**
 * The verb is the name's first word that is one ("get_run_summary", "milvus_create_collection",
 * "nodes_open"), else the description's first word ("Reads ..."). `prefix` is a word every tool
 * of the server starts with (`rag_`), which names the product, not the object.
 */
export function parseToolAction(name: string, description: string, prefix: string | null): ToolAction {
  let words = nameWords(name);
  if (prefix && words.length > 1 && words[0] === prefix) words = words.slice(1);
  const k = words.findIndex((w) => knownVerb(w));
  if (k >= 0) {
    const verb = knownVerb(words[k]!)!;
    const after = words.slice(k + 1);
    return after.length ? { verb, verbAt: 'name', qualifier: words.slice(0, k), object: after } : { verb, verbAt: 'name', qualifier: [], object: words.slice(0, k) };
  }
  const opening = description.trim().match(/^[A-Za-z]+/)?.[0] ?? '';
  const verb = opening ? knownVerb(opening) : null;
  return { verb: verb ?? '', verbAt: verb ? 'description' : null, qualifier: [], object: words };
}

/** The first word every tool name of a server starts with, when there are 3 or more tools and they all do. */
export function sharedNamePrefix(names: readonly string[]): string | null {
  if (names.length < 3) return null;
  const firsts = names.map((n) => nameWords(n));
  const first = firsts[0]?.[0];
  if (!first || knownVerb(first)) return null;
  return firsts.every((w) => w.length > 1 && w[0] === first) ? first : null;
}

/** Whether a name starts with two verbs glued together ("search_find_files", "getFetchRun"). */
export function gluesVerbs(name: string): boolean {
  const [first, second] = nameWords(name);
  return Boolean(first && second && knownVerb(first) && knownVerb(second));
}
